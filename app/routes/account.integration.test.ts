import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderHistory, orders } from "~/lib/db/tables/orders.server";
import { products, stock, variants } from "~/lib/db/tables/catalogue.server";
import { ACCOUNT_ORDER_NOT_FOUND } from "~/modules/orders/account-orders.server";
import { action as orderAction, loader as orderLoader } from "./account-order";
import { action as accountAction, loader as accountLoader } from "./account";
import { action as addressesAction, loader as addressesLoader } from "./account-addresses";
import { testTarget } from "../../tests/support/test-db";
import { answer } from "../../tests/support/route-answer";
import { routeArgs } from "../../tests/support/route-args";
import {
  testDb,
  product,
  other,
  ctx,
  get,
  post,
  placeOrder,
  listOf,
  openOrder,
  reorderOf,
  amna,
  bilal,
  useAccountPages,
} from "../../tests/support/account-pages";

useAccountPages();

/*
 * A customer's account through its pages' loaders and actions, as the server calls them
 * (docs/decisions/0057): My orders for two customers and for nobody, reorder, the profile, the
 * address book, checkout filled in, the password, and "Save my details" after a guest order.
 */

describe(`My orders, as two customers and as nobody (${testTarget()})`, () => {
  it("lists the orders placed signed in and those with the verified e-mail, newest first; never another's", async () => {
    const first = await placeOrder(amna, { email: "someone-else@example.pk" });
    const asGuest = await placeOrder(undefined, { email: "Amna@Example.PK" });
    const bilalsOwn = await placeOrder(bilal, { email: "bilal@example.pk" });
    // A guest order with Bilal's e-mail: his address was never verified, so it is not his to see.
    const withBilalsEmail = await placeOrder(undefined, { email: "bilal@example.pk" });
    const third = await placeOrder(amna, { email: "amna@example.pk" });

    const amnas = await listOf(amna);
    expect(amnas.status).toBe(200);
    expect(amnas.data.orders.map((o) => o.orderNumber)).toEqual([third.orderNumber, asGuest.orderNumber, first.orderNumber]);
    expect(amnas.data.orders[0]).toMatchObject({ status: "confirmed", timeline: [{ status: "confirmed", label: "Confirmed" }] });

    const bilals = await listOf(bilal);
    expect(bilals.data.orders.map((o) => o.orderNumber)).toEqual([bilalsOwn.orderNumber]);
    expect(bilals.data.orders.map((o) => o.orderNumber)).not.toContain(withBilalsEmail.orderNumber);

    expect((await openOrder(first.orderNumber, amna)).data.order.items[0].productName).toBe("Travel Wallet");
    // Guessing another's order number reads as no order at all.
    for (const guess of [first.orderNumber, third.orderNumber, withBilalsEmail.orderNumber, "ORD-0000000000000"]) {
      const a = await openOrder(guess, bilal);
      expect(a.status, guess).toBe(404);
      expect(a.data).toBe(ACCOUNT_ORDER_NOT_FOUND);
      const r = await reorderOf(guess, bilal);
      expect(r.status, guess).toBe(404);
      expect(r.data).toMatchObject({ ok: false, message: ACCOUNT_ORDER_NOT_FOUND });
    }
    for (const junk of ["ORD-1", "../admin", "ORD-12345678901234", "%00"]) expect((await openOrder(junk, amna)).status, junk).toBe(404);
  });

  it("anonymous: every account page and action sends the browser to /login, and reads nothing", async () => {
    const { orderNumber } = await placeOrder(amna);
    for (const a of [
      await listOf(),
      await openOrder(orderNumber),
      await reorderOf(orderNumber),
      await answer(() => accountLoader(routeArgs({ request: get("/account"), params: {}, context: ctx() }))),
      await answer(() =>
        accountAction(routeArgs({ request: post("/account", { intent: "profile", firstName: "X", lastName: "Y" }), params: {}, context: ctx() })),
      ),
      await answer(() => addressesLoader(routeArgs({ request: get("/account/addresses"), params: {}, context: ctx() }))),
      await answer(() => addressesAction(routeArgs({ request: post("/account/addresses", { intent: "add" }), params: {}, context: ctx() }))),
      // A cookie that is no session is nobody.
      await listOf("better-auth.session_token=forged.signature"),
    ]) {
      expect(a.status).toBe(302);
      expect(a.location).toBe("/login");
    }
  });

  it("shows a shipped order's courier link and every step of its timeline", async () => {
    const { db } = testDb();
    const { orderNumber } = await placeOrder(amna);
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
    await db.update(orders).set({ status: "shipped", courier: "TCS", trackingNumber: "779912345678" }).where(eq(orders.id, row.id));
    await db.insert(orderHistory).values({ orderId: row.id, fromStatus: "confirmed", toStatus: "shipped", note: "" });
    const a = await answer(() =>
      orderLoader(routeArgs({ request: get(`/account/orders/${orderNumber}`, amna), params: { orderNumber }, context: ctx() })),
    );
    expect(a.data.order.status).toBe("shipped");
    expect(a.data.order.timeline.map((s) => s.status)).toEqual(["confirmed", "shipped"]);
    expect(a.data.order.parcel?.courier).toBe("TCS");
    expect(a.data.order.parcel?.url).toContain("779912345678");
  });
});

describe(`Reorder (${testTarget()})`, () => {
  it("puts the order's lines back at today's prices and stock, and says what changed: price, fewer left, gone", async () => {
    const { db } = testDb();
    const cart = JSON.stringify([
      { productID: other.productId, productVariantKey: `${other.variants[0].id}_`, productSize: "", productQuantity: 3 },
      { productID: other.productId, productVariantKey: `${other.variants[1].id}_`, productSize: "", productQuantity: 1 },
      { productID: product.productId, productVariantKey: `${product.variants[0].id}_`, productSize: "", productQuantity: 2 },
    ]);
    const { orderNumber } = await placeOrder(amna, {}, cart);
    // Nothing changed yet (but the 3 black bags were the last): the black bag is sold out.
    const same = await reorderOf(orderNumber, amna);
    expect(same.data.changes).toEqual([{ kind: "sold-out", item: "Office Bag (black)" }]);

    await db.update(stock).set({ qty: 2 }).where(eq(stock.id, other.variants[0].stock[0].id));
    await db.update(variants).set({ price: 950_000 }).where(eq(variants.id, other.variants[0].id));
    await db.delete(variants).where(eq(variants.id, other.variants[1].id));
    const changed = await reorderOf(orderNumber, amna);
    expect(changed.status).toBe(200);
    expect(changed.data.changes).toEqual(
      expect.arrayContaining([
        { kind: "fewer", item: "Office Bag (black)", ordered: 3, left: 2 },
        { kind: "price", item: "Office Bag (black)", paid: 900_000, now: 950_000 },
        { kind: "gone", item: "Office Bag (brown)" },
      ]),
    );
    expect(changed.data.changes).toHaveLength(3);
    expect(changed.data.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productID: other.productId, productQuantity: 2, productPrice: 9_500, productDiscountPrice: null }),
        expect.objectContaining({ productID: product.productId, productQuantity: 2, productPrice: 2_500 }),
      ]),
    );
    expect(changed.data.lines).toHaveLength(2);

    await db.delete(products).where(eq(products.id, other.productId));
    const gone = await reorderOf(orderNumber, amna);
    expect(gone.data.changes.filter((c) => c.kind === "gone")).toHaveLength(2);
    expect(gone.data.lines).toHaveLength(1);
    // An unknown intent is refused, and nothing is read.
    const odd = await answer(() =>
      orderAction(
        routeArgs({ request: post(`/account/orders/${orderNumber}`, { intent: "cancel" }, amna), params: { orderNumber }, context: ctx() }),
      ),
    );
    expect(odd.status).toBe(400);
  });
});
