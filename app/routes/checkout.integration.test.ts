import { randomUUID } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "~/lib/db/tables/messages.server";
import { orders } from "~/lib/db/tables/orders.server";
import { stock } from "~/lib/db/tables/catalogue.server";
import { getEnv } from "~/config.server";
import { action } from "./checkout";
import { insertProduct } from "../../tests/support/fixtures";
import { testTarget, useTestDatabase } from "../../tests/support/test-db";
import { testContext } from "../../tests/support/test-context";
import { answer, dataWith } from "../../tests/support/route-answer";
import { routeArgs } from "../../tests/support/route-args";
import { checkoutForm } from "../../tests/support/test-customer";

/*
 * The checkout form through its action, as the server calls it: anonymous orders are limited per
 * client address and per phone number or e-mail, counted before the order is placed.
 */

const testDb = useTestDatabase();

const ADDRESS_REFUSAL =
  /^Too many orders from your network in a short time\. Please wait (\d+) minutes?, or call us on \+92 300 1234567 to place your order\.$/;
const CONTACT_REFUSAL =
  /^Too many orders from this phone number or e-mail in a short time\. Please wait (\d+) minutes?, or call us on \+92 300 1234567 to place a larger order\.$/;

let cart: (quantity?: number) => string;
let stockId: string;
beforeAll(async () => {
  const p = await insertProduct(testDb().db, { name: "Travel Wallet", variants: [{ name: "Tan", price: 250_000, stock: [["", 5_000]] }] });
  const v = p.variants[0];
  stockId = v.stock[0].id;
  cart = (quantity = 1) => JSON.stringify([{ productID: p.productId, productVariantKey: `${v.id}_`, productSize: "", productQuantity: quantity }]);
});

let seq = 0;
/** A distinct valid mobile number and e-mail for each call. */
function someone() {
  const n = seq++;
  return { phone: `0345${String(n).padStart(7, "0")}`, email: `shopper${n}@example.pk` };
}

/** Posts the checkout form from `address`; answers status, Retry-After and the action's data. */
async function checkout(fields: Partial<Record<string, string>>, address: string) {
  const form = new URLSearchParams(checkoutForm({ cart: cart(), idempotencyKey: randomUUID(), ...someone() }));
  for (const [name, value] of Object.entries(fields)) form.set(name, value ?? "");
  const request = new Request("http://localhost:3000/checkout", { method: "POST", body: form });
  const result = await answer(() => action(routeArgs({ request, params: {}, context: testContext(testDb(), { clientAddress: address }) })));
  return { status: result.status, retryAfter: result.headers.get("Retry-After"), data: result.data };
}

/** The wait a refusal names, checked against its Retry-After. */
function minutesNamed(answer: Awaited<ReturnType<typeof checkout>>, pattern: RegExp): number {
  expect(answer.status).toBe(429);
  const seconds = Number(answer.retryAfter);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(10 * 60);
  const message = answer.data.ok ? "" : answer.data.message;
  const minutes = Number(pattern.exec(message)?.[1]);
  expect(message).toMatch(pattern);
  expect(minutes).toBe(Math.ceil(seconds / 60));
  return minutes;
}

const ordersFor = async (emails: string[]) =>
  emails.length ? Number((await testDb().db.select({ n: count() }).from(orders).where(inArray(orders.email, emails)))[0].n) : 0;

describe(`checkout limits (${testTarget()})`, () => {
  it("300 checkouts at once from one address: 30 are placed, the other 270 get 429 with Retry-After and a clear message", async () => {
    const [before] = await testDb().db.select({ qty: stock.qty }).from(stock).where(eq(stock.id, stockId));
    const people = Array.from({ length: 300 }, () => someone());
    const answers = await Promise.all(people.map((who) => checkout(who, "198.51.100.10")));
    const placed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    console.log(`checkout burst (${testTarget()}): 300 at once from one address → ${placed.length} placed, ${refused.length} refused with 429`);
    expect(placed).toHaveLength(30);
    expect(refused).toHaveLength(270);
    for (const a of refused) minutesNamed(a, ADDRESS_REFUSAL);
    expect(await ordersFor(people.map((p) => p.email))).toBe(30);
    const mails = await testDb()
      .db.select({ n: count() })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          people.map((p) => p.email),
        ),
      );
    expect(Number(mails[0].n)).toBe(30);
    const [after] = await testDb().db.select({ qty: stock.qty }).from(stock).where(eq(stock.id, stockId));
    expect(before.qty - after.qty).toBe(30);
    // Another address is not held up.
    expect((await checkout({}, "198.51.100.11")).status).toBe(200);
  });

  it("one phone number from many addresses: after 5 orders in the window, each address gets one more with it, in whatever form it is typed", async () => {
    const typed = [
      "0300-7654321",
      "+92 300 7654321",
      "03007654321",
      "0092 300 7654321",
      "923007654321",
      "0300 765 4321",
      "(0300) 7654321",
      "0300-7654321",
    ];
    const answers = await Promise.all(typed.map((phone, i) => checkout({ phone, email: `phone-${i}@example.pk` }, `203.0.113.${i + 1}`)));
    expect(answers.map((a) => a.status)).toEqual(typed.map(() => 200));
    // Each of those addresses has had its order with this phone for the window; a new one has not.
    const again = await Promise.all(typed.map((phone, i) => checkout({ phone, email: `phone-again-${i}@example.pk` }, `203.0.113.${i + 1}`)));
    for (const a of again) minutesNamed(a, CONTACT_REFUSAL);
    expect((await checkout({ phone: "03007654321" }, "203.0.113.99")).status).toBe(200);
  });

  it("one e-mail from many addresses: after 5 orders in the window, each address gets one more with it, letter case and +tags aside", async () => {
    const typed = [
      "Sana@Example.pk",
      "sana@example.pk",
      " SANA@EXAMPLE.PK ",
      "sana+1@example.pk",
      "sana+shoes@example.pk",
      "Sana+2@example.pk",
      "sana@example.pk",
      "sana@example.pk",
    ];
    const answers = await Promise.all(typed.map((email, i) => checkout({ email }, `192.0.2.${i + 1}`)));
    expect(answers.map((a) => a.status)).toEqual(typed.map(() => 200));
    minutesNamed(await checkout({ email: "SANA+3@example.pk" }, "192.0.2.1"), CONTACT_REFUSAL);
    // Someone else at one of those addresses still orders.
    expect((await checkout({}, "192.0.2.1")).status).toBe(200);
  });

  it("one phone number from one address: 5 orders in the window, also at once", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkout({ phone: "03017654321" }, "203.0.113.120")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    for (const a of answers.filter((a) => a.status !== 200)) minutesNamed(a, CONTACT_REFUSAL);
  });

  it("orders placed with someone's phone or e-mail, from one address or many, do not stop that person's own order", async () => {
    for (const [i, attackers] of [
      ["198.51.100.60"],
      ["198.51.100.61", "198.51.100.62", "198.51.100.63", "198.51.100.64", "198.51.100.65"],
    ].entries()) {
      const victim = { phone: `0311765432${i}`, email: `victim${i}@example.pk` };
      for (let n = 0; n < 5; n++) expect((await checkout(victim, attackers[n % attackers.length])).status).toBe(200);
      const own = await checkout(victim, `192.0.2.${150 + i}`);
      expect(own.status).toBe(200);
      expect(own.data.ok).toBe(true);
    }
  });

  it("the same order sent again (a double click, a retry) takes one place, and is answered even when the limit is reached", async () => {
    const phone = "03217654321";
    const email = "double-click@example.pk";
    const idempotencyKey = randomUUID();
    const first = await Promise.all(Array.from({ length: 3 }, () => checkout({ phone, email, idempotencyKey }, "198.51.100.20")));
    for (let i = 0; i < 3; i++) first.push(await checkout({ phone, email, idempotencyKey }, "198.51.100.20"));
    expect(first.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const numbers = new Set(first.map((a) => (a.data.ok ? a.data.orderId : "")));
    expect(numbers.size).toBe(1);
    // Four more distinct orders fit; the sixth does not.
    for (let i = 0; i < 4; i++) expect((await checkout({ phone }, "198.51.100.20")).status).toBe(200);
    minutesNamed(await checkout({ phone }, "198.51.100.20"), CONTACT_REFUSAL);
    // The first order's page, sent once more, still gets its order.
    const again = await checkout({ phone, email, idempotencyKey }, "198.51.100.20");
    expect(again.status).toBe(200);
    expect(again.data.ok && again.data.orderId).toBe([...numbers][0]);
  });

  it("an order refused for stock does not use up a place", async () => {
    const short = await insertProduct(testDb().db, { name: "Last Belt", variants: [{ name: "Black", price: 100_000, stock: [["34", 0]] }] });
    const shortCart = JSON.stringify([
      { productID: short.productId, productVariantKey: `${short.variants[0].id}_34`, productSize: "34", productQuantity: 1 },
    ]);
    const phone = "03337654321";
    for (let i = 0; i < 6; i++) expect((await checkout({ phone, cart: shortCart }, "198.51.100.30")).status).toBe(409);
    for (let i = 0; i < 5; i++) expect((await checkout({ phone }, "198.51.100.30")).status).toBe(200);
    minutesNamed(await checkout({ phone }, "198.51.100.30"), CONTACT_REFUSAL);
  });
});

describe(`checkout e-mail check (${testTarget()})`, () => {
  it.each([
    "<svg/onload=alert(10)>@x.pk",
    "ayesha@example.pk, evil@x.pk",
    "ayesha@example.pk\r\nBcc: evil@x.pk",
    '"ayesha"@example.pk',
    "ayesha@example",
  ])("refuses %j with the invalid e-mail message, placing and mailing nothing", async (email) => {
    const answer = await checkout({ email }, "198.51.100.40");
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, errors: { email: "Please enter a valid email address" } });
    expect(await ordersFor([email, email.trim()])).toBe(0);
    const mails = await testDb().db.select({ to: mailOutbox.to }).from(mailOutbox);
    expect(mails.filter((m) => m.to === email || m.to === email.trim())).toEqual([]);
  });
});

describe(`checkout confirmation e-mail (${testTarget()})`, () => {
  it("links the shop's order-tracking page with the order number filled in, from PUBLIC_URL", async () => {
    const email = "tracking.link@example.pk";
    const answer = await checkout({ email }, "198.51.100.50");
    expect(answer.status).toBe(200);
    const orderNumber = dataWith(answer, "orderId").orderId;
    expect(orderNumber).toMatch(/^ORD-\d{13}$/);
    const [mail] = await testDb().db.select({ text: mailOutbox.text, html: mailOutbox.html }).from(mailOutbox).where(eq(mailOutbox.to, email));
    const trackUrl = `${getEnv().publicUrl}/track?order=${orderNumber}`;
    expect(mail.text).toContain(`Track your order: ${trackUrl} `);
    expect(mail.html).toContain(`<a href="${trackUrl}">Track your order</a>`);
  });
});

describe(`checkout idempotency key (${testTarget()})`, () => {
  it("answers with the order it placed only to the same cart and contact details; anything else gets a 409 that tells nothing of it", async () => {
    const idempotencyKey = randomUUID();
    const victim = { firstName: "Maryam", lastName: "Siddiqui", phone: "03127654321", email: "maryam@example.pk", streetAddress: "7 Canal View" };
    const placed = await checkout({ ...victim, idempotencyKey }, "198.51.100.70");
    expect(placed.status).toBe(200);
    const orderNumber = placed.data.ok ? placed.data.orderId : "";
    const otherCart = cart(2);
    const stranger = { firstName: "Imran", lastName: "Ali", phone: "03137654321", email: "imran@example.pk", streetAddress: "1 Elsewhere" };
    for (const resent of [
      { ...stranger, cart: cart() },
      { ...stranger, cart: otherCart },
      { ...victim, cart: otherCart },
      { ...victim, email: "someone.else@example.pk" },
      { ...victim, streetAddress: "9 Another Road" },
    ]) {
      const answer = await checkout({ ...resent, idempotencyKey }, "203.0.113.70");
      expect(answer.status).toBe(409);
      expect(answer.data).toEqual({
        ok: false,
        message:
          "There was an error placing your order. Please try again. Error: this page already placed an order with other items or details; its confirmation went to the e-mail given with it. To place this order as well, press Place Order again.",
        freshKey: true,
      });
      expect(JSON.stringify(answer.data)).not.toMatch(/Maryam|Siddiqui|maryam|03127654321|Canal|ORD-/);
    }
    // The same cart and details, as a resubmission sends them: the same order.
    const again = await checkout({ ...victim, idempotencyKey }, "203.0.113.71");
    expect(again.status).toBe(200);
    expect(again.data.ok && again.data.orderId).toBe(orderNumber);
    expect(await ordersFor([victim.email, stranger.email, "someone.else@example.pk"])).toBe(1);
  });
});
