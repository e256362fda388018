import { describe, expect, it } from "vitest";
import { confirmationTemplateSchema } from "./admin-orders.schema";
import { confirmationMessage, DEFAULT_CONFIRMATION_TEMPLATE, TEMPLATE_FIELDS, unknownPlaceholders } from "./customer-contact";

/** Issue 32, goal 7: Settings refuses unknown placeholders and names them (one list: TEMPLATE_FIELDS). */
const order = { orderNumber: "ORD-1", firstName: "Ayesha", lastName: "Khan", phone: "03001234567", total: 672000, items: [] };
const problem = (template: unknown) => {
  const parsed = confirmationTemplateSchema.safeParse({ template });
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
};

describe("the confirmation message's placeholders", () => {
  it("accepts every known placeholder, the shop's default and no placeholder at all", () => {
    expect(problem(TEMPLATE_FIELDS.join(" "))).toBeNull();
    expect(problem(DEFAULT_CONFIRMATION_TEMPLATE)).toBeNull();
    expect(problem("Thank you for your order!")).toBeNull();
    expect(problem("")).toBeNull();
    // A lone brace is just a brace.
    expect(problem("Smile :-} or :-{ as you like")).toBeNull();
  });

  it("refuses an unknown placeholder, naming it and the ones it may use", () => {
    expect(problem("Hello {naem}, your order {orderNumber}")).toEqual([
      "Unknown placeholder: {naem}. The message may use only {name}, {orderNumber}, {items}, {total}, {shop} and {shopPhone}.",
    ]);
  });

  it("names every unknown placeholder once, and refuses near misses in case and spacing", () => {
    expect(unknownPlaceholders("{Name} {name} { total } {} {total} {Name}")).toEqual(["{Name}", "{ total }", "{}"]);
    expect(problem("{Name} and {amount} and {amount}")).toEqual([
      "Unknown placeholders: {Name}, {amount}. The message may use only {name}, {orderNumber}, {items}, {total}, {shop} and {shopPhone}.",
    ]);
  });

  it("fills in every known placeholder from the one list, and leaves nothing else touched", () => {
    const filled = confirmationMessage(TEMPLATE_FIELDS.join("|"), order);
    expect(filled.split("|")).toHaveLength(TEMPLATE_FIELDS.length);
    for (const field of TEMPLATE_FIELDS) expect(filled).not.toContain(field);
    expect(confirmationMessage("{name} {naem}", order)).toBe("Ayesha Khan {naem}");
  });

  it("refuses a template that is not text", () => {
    expect(problem(undefined)).toHaveLength(1);
    expect(problem(["{name}"])).toHaveLength(1);
  });
});
