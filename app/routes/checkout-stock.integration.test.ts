import { randomUUID } from "node:crypto";
import { inArray, sum } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { stock } from "~/lib/db/tables/catalogue.server";
import { DEFAULT_ORDER_LIMITS } from "~/modules/orders/order-limits";
import { insertProduct } from "../../tests/support/fixtures";
import { answer } from "../../tests/support/route-answer";
import { testContext } from "../../tests/support/test-context";
import { testTarget, useTestDatabase } from "../../tests/support/test-db";
import { action } from "./checkout";
import { routeArgs } from "../../tests/support/route-args";
import { checkoutForm } from "../../tests/support/test-customer";

/*
 * Cash-on-delivery orders are placed on trust and take their stock at once (docs/decisions/0046):
 * one client — one address, or one phone number across addresses — must not be able to take the
 * catalogue. Through the checkout action, as the server calls it.
 */

const testDb = useTestDatabase();

const CALL_US = "For a larger order, please call us on +92 300 1234567.";
const FAILED = "There was an error placing your order. Please try again. Error: ";
const ADDRESS_ITEMS =
  /^Too many items ordered from your network today\. Please wait (\d+) hours, or call us on \+92 300 1234567 to place your order\.$/;
const PHONE_ITEMS =
  /^Too many items ordered with this phone number today\. Please wait (\d+) hours, or call us on \+92 300 1234567 to place a larger order\.$/;

type Line = { productID: string; productVariantKey: string; productSize: string; productQuantity: number };

const SIZES = ["S", "M", "L", "XL", "XXL", "3XL", "4XL"];
/** A catalogue like the demo's: 336 units, in 48 items (12 products of 4 sizes, 7 of each). */
let catalogue: { lines: (quantity: number) => Line[]; stockIds: string[] };
beforeEach(async () => {
  const items: Omit<Line, "productQuantity">[] = [];
  const stockIds: string[] = [];
  for (let n = 0; n < 12; n++) {
    const p = await insertProduct(testDb().db, {
      name: `Satchel ${n}`,
      variants: [{ name: "Brown", price: 350_000, stock: SIZES.slice(0, 4).map((size) => [size, 7] as [string, number]) }],
    });
    const v = p.variants[0];
    for (const s of v.stock) {
      items.push({ productID: p.productId, productVariantKey: `${v.id}_${s.size}`, productSize: s.size });
      stockIds.push(s.id);
    }
  }
  catalogue = { lines: (quantity) => items.map((item) => ({ ...item, productQuantity: quantity })), stockIds };
});

const unitsLeft = async () =>
  Number(
    (
      await testDb()
        .db.select({ n: sum(stock.qty) })
        .from(stock)
        .where(inArray(stock.id, catalogue.stockIds))
    )[0].n,
  );

let seq = 0;
/** Posts the checkout form from `address`; answers status, Retry-After and the action's data. */
async function checkout(lines: Line[], address: string, fields: Record<string, string> = {}) {
  const n = seq++;
  const form = new URLSearchParams(
    checkoutForm({
      email: `buyer${n}@example.pk`,
      phone: `0346${String(n).padStart(7, "0")}`,
      cart: JSON.stringify(lines),
      idempotencyKey: randomUUID(),
      ...fields,
    }),
  );
  const request = new Request("http://localhost:3000/checkout", { method: "POST", body: form });
  const result = await answer(() => action(routeArgs({ request, params: {}, context: testContext(testDb(), { clientAddress: address }) })));
  return { status: result.status, retryAfter: result.headers.get("Retry-After"), message: result.data.ok ? "" : result.data.message };
}

/** Checks a daily refusal: 429, its message, and a Retry-After of at most a day that the message names in hours. */
function dailyRefusal(a: Awaited<ReturnType<typeof checkout>>, pattern: RegExp) {
  expect(a.status).toBe(429);
  expect(a.message).toMatch(pattern);
  const seconds = Number(a.retryAfter);
  expect(Number.isInteger(seconds) && seconds > 2 * 3600 && seconds <= 24 * 3600).toBe(true);
  expect(Number(pattern.exec(a.message)![1])).toBe(Math.ceil(seconds / 3600));
}

describe(`checkout cannot empty the catalogue (${testTarget()})`, () => {
  it("the attack as found — two orders at once, of every item up to what is left — is refused with a 400 that says why, and takes nothing", async () => {
    const all = catalogue.lines(7);
    const answers = await Promise.all([checkout(all.slice(0, 24), "198.51.100.1"), checkout(all.slice(24), "198.51.100.1")]);
    for (const a of answers) expect(a).toMatchObject({ status: 400, message: `${FAILED}One order can hold at most 10 different items. ${CALL_US}` });
    expect(await unitsLeft()).toBe(336);
  });

  it("one address, with a new phone and e-mail for each order, sent at once: 40 items a day, then 429 with the wait", async () => {
    const twenty = catalogue.lines(2).slice(0, 10);
    const answers = await Promise.all(Array.from({ length: 12 }, () => checkout(twenty, "198.51.100.2")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(DEFAULT_ORDER_LIMITS.addressItems.limit / 20);
    for (const a of answers.filter((a) => a.status !== 200)) dailyRefusal(a, ADDRESS_ITEMS);
    expect(await unitsLeft()).toBe(336 - 40);
    // A small order from there is refused too; another address still orders.
    dailyRefusal(await checkout(catalogue.lines(1).slice(0, 1), "198.51.100.2"), ADDRESS_ITEMS);
    expect((await checkout(catalogue.lines(1).slice(0, 1), "198.51.100.3")).status).toBe(200);
  });

  it("one phone number from many addresses, sent at once: 20 items a day, then 5 per further address", async () => {
    const phone = "03461234567";
    const addresses = Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`);
    const twenty = catalogue.lines(2).slice(10, 20);
    const big = await Promise.all(addresses.map((address) => checkout(twenty, address, { phone })));
    expect(big.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of big.filter((a) => a.status !== 200)) dailyRefusal(a, PHONE_ITEMS);
    // Once the phone's 20 are taken, each other address may still order 5 items with it (its owner
    // may be one of them), and no more.
    const small = await Promise.all(addresses.map((address, i) => checkout(catalogue.lines(5).slice(20 + i, 21 + i), address, { phone })));
    expect(small.filter((a) => a.status === 200)).toHaveLength(9);
    // The address that ordered the 20 is refused: by its items, or (when the phone's orders are
    // also under pressure at that moment) by its one order per 10 minutes with that phone.
    for (const a of small.filter((a) => a.status !== 200)) {
      expect(a.status).toBe(429);
      expect(a.message).toMatch(/^Too many (items ordered with|orders from) this phone number /);
    }
    const more = await Promise.all(addresses.map((address) => checkout(catalogue.lines(1).slice(30, 31), address, { phone })));
    expect(more.map((a) => a.status)).toEqual(addresses.map(() => 429));
    expect(await unitsLeft()).toBe(336 - 20 - 45);
  });

  it("each cap of one order is a 400 that names it, and takes nothing", async () => {
    const lines = catalogue.lines(1);
    const expensive = await insertProduct(testDb().db, { name: "Trunk", variants: [{ name: "Tan", price: 2_000_000, stock: [["", 50]] }] });
    const trunk = (quantity: number): Line => ({
      productID: expensive.productId,
      productVariantKey: `${expensive.variants[0].id}_`,
      productSize: "",
      productQuantity: quantity,
    });
    const cases: [Line[], string][] = [
      [lines.slice(0, 11), `One order can hold at most 10 different items. ${CALL_US}`],
      [[{ ...lines[0], productQuantity: 11 }], `One order can hold at most 10 of one item. ${CALL_US}`],
      [
        [
          { ...lines[0], productQuantity: 6 },
          { ...lines[0], productQuantity: 5 },
        ],
        `One order can hold at most 10 of one item. ${CALL_US}`,
      ],
      [catalogue.lines(3).slice(0, 7), `One order can hold at most 20 items. ${CALL_US}`],
      [[trunk(8)], `One order can be worth at most PKR 150,000.00. ${CALL_US}`],
    ];
    for (const [order, message] of cases) {
      expect(await checkout(order, "192.0.2.50")).toMatchObject({ status: 400, message: `${FAILED}${message}` });
    }
    expect(await unitsLeft()).toBe(336);
    // Just within every cap: placed.
    expect((await checkout([trunk(7)], "192.0.2.50")).status).toBe(200);
    expect((await checkout(catalogue.lines(2).slice(0, 10), "192.0.2.50")).status).toBe(200);
  });
});
