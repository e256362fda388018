import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/lib/db/tables/orders.server";
import { CART_COOKIE, cartCookieValue, ORDERED_CART_COOKIE } from "~/modules/cart/cart-cookie";
import { action, loader } from "./checkout";
import { insertProduct } from "../../tests/support/fixtures";
import { answer } from "../../tests/support/route-answer";
import { routeArgs } from "../../tests/support/route-args";
import { testContext } from "../../tests/support/test-context";
import { testTarget, useTestDatabase } from "../../tests/support/test-db";
import { checkoutForm } from "../../tests/support/test-customer";

/*
 * Issue 35: checkout works before (or without) the page's scripts. The page's form then carries
 * no `cart` field: the action takes the lines from the `cart` cookie the browser mirrors
 * (docs/decisions/0062), prices them from the database as always, and the idempotency key the
 * loader gave the page keeps a double press or a reload to one order.
 */
const testDb = useTestDatabase();

let belt: Awaited<ReturnType<typeof insertProduct>>;
beforeAll(async () => {
  belt = await insertProduct(testDb().db, { name: "Plain Belt", variants: [{ name: "Black", price: 320_000, stock: [["34", 500]] }] });
});

const beltLine = (productQuantity = 2) => ({
  productID: belt.productId,
  productVariantKey: `${belt.variants[0].id}_34`,
  productSize: "34",
  productQuantity,
});

let seq = 0;
/** The form a browser without scripts posts: the fields, the key the loader gave, no `cart`. */
function plainForm(fields: Record<string, string> = {}) {
  const n = seq++;
  return new URLSearchParams(
    checkoutForm({
      firstName: "Sana",
      email: `plain${n}@example.pk`,
      phone: `0301${String(n).padStart(7, "0")}`,
      country: "Pakistan",
      idempotencyKey: randomUUID(),
      ...fields,
    }),
  );
}

async function post(form: URLSearchParams, cookie: string | null, address = "198.51.100.90") {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie !== null) headers.set("Cookie", cookie);
  const request = new Request("http://localhost:3000/checkout", { method: "POST", body: form, headers });
  return answer(() => action(routeArgs({ request, params: {}, context: testContext(testDb(), { clientAddress: address }) })));
}

const cookieOf = (lines: ReturnType<typeof beltLine>[]) => `theme=dark; ${CART_COOKIE}=${cartCookieValue(lines)}`;
const ordersTo = (email: string) =>
  testDb().db.select({ number: orders.orderNumber, total: orders.total }).from(orders).where(eq(orders.email, email));

describe(`checkout without scripts (${testTarget()})`, () => {
  it("the loader gives the page a fresh idempotency key each time", async () => {
    const load = async () => {
      const request = new Request("http://localhost:3000/checkout", { headers: { Cookie: cookieOf([beltLine()]) } });
      return (await answer(() => loader(routeArgs({ request, params: {}, context: testContext(testDb()) })))).data;
    };
    const [a, b] = [await load(), await load()];
    expect(a.idempotencyKey).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    expect(b.idempotencyKey).not.toBe(a.idempotencyKey);
  });

  it("a form without a cart field places the cookie's lines, priced by the server as the scripts' cart is", async () => {
    const plain = plainForm();
    const placed = await post(plain, cookieOf([beltLine(2)]));
    expect(placed.status).toBe(200);
    expect(placed.data).toMatchObject({ ok: true });
    // The same lines sent as the scripts send them cost the same.
    const scripted = plainForm({ cart: JSON.stringify([beltLine(2)]) });
    expect((await post(scripted, null)).status).toBe(200);
    const [viaCookie] = await ordersTo(plain.get("email")!);
    const [viaField] = await ordersTo(scripted.get("email")!);
    expect(viaCookie.total).toBe(viaField.total);
    expect(viaCookie.total).toBeGreaterThanOrEqual(2 * 320_000);
    // The cart the order took is no longer in the browser's copy: it reads "ordered", an empty cart.
    expect(placed.setCookie).toHaveLength(1);
    expect(placed.setCookie[0]).toMatch(new RegExp(`^${CART_COOKIE}=${ORDERED_CART_COOKIE}; Path=/; SameSite=Lax`));
    const after = `${CART_COOKIE}=${ORDERED_CART_COOKIE}`;
    const request = new Request("http://localhost:3000/checkout", { headers: { Cookie: after } });
    const drawn = (await answer(() => loader(routeArgs({ request, params: {}, context: testContext(testDb()) })))).data;
    expect(drawn.cart).toMatchObject({ lines: [] });
    // With scripts the browser clears its own cart; the server sends no cookie of its own then.
    expect((await post(plainForm({ cart: JSON.stringify([beltLine(1)]) }), cookieOf([beltLine(1)]))).setCookie).toEqual([]);
  });

  it("a price written into the cookie is never read: such a line is no cart at all", async () => {
    const priced = `${CART_COOKIE}=${cartCookieValue([beltLine(1)])}:1`;
    const form = plainForm();
    const refused = await post(form, priced);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, message: "Your cart is empty. Please add items before placing an order." });
    expect(await ordersTo(form.get("email")!)).toEqual([]);
  });

  it.each([
    ["no cookie", () => null],
    ["an empty cart", () => `${CART_COOKIE}=1`],
    ["another format", () => `${CART_COOKIE}=2|x:y:z:1`],
    ["a bad escape", () => `${CART_COOKIE}=1|%E0%A4%A:k:s:1`],
    ["a quantity of 0", () => `${CART_COOKIE}=${cartCookieValue([beltLine(0)])}`],
    ["garbage", () => `${CART_COOKIE}=1|%00:\u00ff:%%;;==`],
  ])("%s and no cart field: the empty-cart message, and no order", async (_name, cookie) => {
    const form = plainForm();
    const refused = await post(form, cookie());
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, message: "Your cart is empty. Please add items before placing an order." });
    expect(await ordersTo(form.get("email")!)).toEqual([]);
  });

  it("a double press, or the confirmation reloaded (the same POST again), places one order", async () => {
    const form = plainForm();
    const cookie = cookieOf([beltLine(1)]);
    const answers = await Promise.all([post(form, cookie), post(form, cookie)]);
    answers.push(await post(form, cookie));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const numbers = new Set(answers.map((a) => (a.data.ok ? a.data.orderId : "")));
    expect(numbers.size).toBe(1);
    expect(await ordersTo(form.get("email")!)).toHaveLength(1);
  });

  it("a refusal gives back what was typed, so the page shows it again", async () => {
    const form = plainForm({ phone: "12345", notes: "Ring twice" });
    const refused = await post(form, cookieOf([beltLine(1)]));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      message: "Please fix the errors in the form before proceeding.",
      errors: { phone: "Please enter a valid Pakistani phone number (03XXXXXXXXX)" },
      values: { firstName: "Sana", phone: "12345", notes: "Ring twice", city: "Lahore" },
    });
  });
});
