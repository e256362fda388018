import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { mailOutbox } from "~/lib/db/tables/messages.server";
import { orderItems, orders } from "~/lib/db/tables/orders.server";
import { stock, stockMovements } from "~/lib/db/tables/catalogue.server";
import { deliverDueMail, type MailAddress, type MailTransport } from "~/modules/mail/mail.server";
import { createTestDatabase, testTarget, type TestDatabase } from "../../../tests/support/test-db";
import { insertProduct, testCustomer } from "../../../tests/support/fixtures";
import { countingDatabase } from "../../../tests/support/statement-counter";
import { DEFAULT_ORDER_LIMITS } from "./order-limits";
import { placeOrderWithinLimits } from "./order-limits.server";
import { placeOrder, type Shortage } from "./orders.server";
import { refusalOf } from "../../../tests/support/refusal";

const customer = testCustomer({ phone: "+92 300 1234567" });

let database: TestDatabase;
let seq = 0;
const key = () => `test-key-${Date.now()}-${seq++}`;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function product(qty: number, opts: { price?: number; inOffer?: boolean; discountPrice?: number } = {}) {
  const p = await insertProduct(database.db, {
    name: "Formal Dress Belt",
    variants: [
      {
        name: "Black",
        price: opts.price ?? 320000,
        inOffer: opts.inOffer,
        discountPrice: opts.discountPrice,
        stock: [
          ["34", qty],
          ["36", 5],
        ],
      },
    ],
  });
  const v = p.variants[0];
  return {
    ...p,
    variantId: v.id,
    stockId: v.stock[0].id,
    line: (q: number, size = "34") => ({ productID: p.productId, productVariantKey: `${v.id}_${size}`, productSize: size, productQuantity: q }),
  };
}

async function qtyOf(stockId: string) {
  const [row] = await database.db.select({ qty: stock.qty }).from(stock).where(eq(stock.id, stockId));
  return row.qty;
}

/** The statements that do work, without a transaction's BEGIN and COMMIT. */
const work = (statements: string[]) => statements.filter((q) => !/^(begin|commit)$/i.test(q.trim()));

describe(`placing orders (${testTarget()})`, () => {
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
  });

  it("prices from the database: a tampered browser price changes nothing", async () => {
    const p = await product(5, { price: 350000, inOffer: true, discountPrice: 299000 });
    const tampered = Object.assign(p.line(2), { productPrice: 1, productDiscountPrice: 1 });
    const placed = await placeOrder(database.db, { customer, lines: [tampered], idempotencyKey: key() });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order.subtotal).toBe(598000);
    expect(order.tax).toBe(29900);
    expect(order.shipping).toBe(0);
    expect(order.total).toBe(627900);
    expect(order.status).toBe("confirmed");
    expect(order.phone).toBe("03001234567");
    expect(order.orderNumber).toMatch(/^ORD-\d{13}$/);
    const [item] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(item).toMatchObject({
      productName: "Formal Dress Belt",
      size: "34",
      quantity: 2,
      price: 350000,
      discountPrice: 299000,
      unitPrice: 299000,
      lineTotal: 598000,
    });
    expect(await qtyOf(p.stockId)).toBe(3);
  });

  it("a short line rolls back the whole order and says what is left", async () => {
    const a = await product(5);
    const b = await product(1);
    const error = await refusalOf(placeOrder(database.db, { customer, lines: [a.line(2), b.line(3)], idempotencyKey: key() }));
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe("OUT_OF_STOCK");
    expect(error.details?.shortages).toEqual([expect.objectContaining({ productID: b.productId, size: "34", requested: 3, available: 1 })]);
    expect(await qtyOf(a.stockId)).toBe(5);
    expect(await qtyOf(b.stockId)).toBe(1);
    const movements = await database.db.select().from(stockMovements).where(eq(stockMovements.stockId, a.stockId));
    expect(movements).toHaveLength(0);
  });

  it("an unknown product or size is refused, not ordered", async () => {
    const p = await product(5);
    const error = await refusalOf(placeOrder(database.db, { customer, lines: [p.line(1, "99")], idempotencyKey: key() }));
    expect(error.code).toBe("OUT_OF_STOCK");
    expect((error.details?.shortages as Shortage[])[0]).toMatchObject({ size: "99", available: 0 });
  });

  it("fifty identical lines of 99 do not make one line of 4,950: one item is capped at 10 however it is sent", async () => {
    const p = await product(10_000);
    const lines = Array.from({ length: 50 }, () => p.line(99));
    const error = await refusalOf(placeOrder(database.db, { customer, lines, idempotencyKey: key() }));
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe("INVALID");
    expect(error.message).toBe("One order can hold at most 10 of one item. For a larger order, please call us on +92 300 1234567.");
    expect(await qtyOf(p.stockId)).toBe(10_000);
    // The same item named by its variant's id and by its variant's name is one item too.
    const byName = { ...p.line(6), productVariantKey: "Black_34" };
    await expect(placeOrder(database.db, { customer, lines: [p.line(5), byName], idempotencyKey: key() })).rejects.toMatchObject({
      code: "INVALID",
      message: "One order can hold at most 10 of one item. For a larger order, please call us on +92 300 1234567.",
    });
    // 10 in two lines is still one item of 10: accepted.
    await placeOrder(database.db, { customer, lines: [p.line(5), p.line(5)], idempotencyKey: key() });
    expect(await qtyOf(p.stockId)).toBe(10_000 - 10);
  });

  it("an empty cart is refused", async () => {
    await expect(placeOrder(database.db, { customer, lines: [], idempotencyKey: key() })).rejects.toThrow(
      "Your cart is empty. Please add items before placing an order.",
    );
  });

  it("the same idempotency key makes one order, also when sent twice at once", async () => {
    const p = await product(10);
    const k = key();
    const [first, second] = await Promise.all([
      placeOrder(database.db, { customer, lines: [p.line(1)], idempotencyKey: k }),
      placeOrder(database.db, { customer, lines: [p.line(1)], idempotencyKey: k }),
    ]);
    const third = await placeOrder(database.db, { customer, lines: [p.line(1)], idempotencyKey: k });
    expect(second.id).toBe(first.id);
    expect(third).toMatchObject({ id: first.id, repeated: true });
    expect(await qtyOf(p.stockId)).toBe(9);
  });

  it("order numbers stay unique when many orders land in the same millisecond", async () => {
    const p = await product(50);
    const frozen = new Date("2026-11-01T10:00:00.000Z");
    const placed = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder(database.db, { customer, lines: [p.line(1)], idempotencyKey: key() }, () => frozen)),
    );
    const numbers = new Set(placed.map((o) => o.orderNumber));
    expect(numbers.size).toBe(20);
    expect(placed.map((o) => o.orderNumber)).toContain(`ORD-${frozen.getTime()}`);
  });

  it("queues the confirmation mail with the order, and a mail failure keeps the order and retries", async () => {
    const p = await product(3);
    const placed = await placeOrder(database.db, { customer, lines: [p.line(1)], idempotencyKey: key() });
    const [queued] = await database.db.select().from(mailOutbox);
    expect(queued).toMatchObject({ to: "ayesha@example.pk", toName: "Ayesha Khan", status: "pending" });
    expect(queued.subject).toContain(placed.orderNumber);
    expect(queued.text).toContain("cash on delivery");
    expect(queued.text).toContain("3-5 business days");
    expect(queued.text).toContain("PKR 3,360");

    const failing: MailTransport = {
      send: async () => {
        throw new Error("SMTP down");
      },
    };
    const now = new Date();
    expect(await deliverDueMail(database.db, failing, now)).toEqual({ sent: 0, failed: 1 });
    const [afterFailure] = await database.db.select().from(mailOutbox);
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP down" });
    expect(afterFailure.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order.status).toBe("confirmed");

    const sent: MailAddress[] = [];
    const working: MailTransport = { send: async (m) => void sent.push(m.to) };
    expect(await deliverDueMail(database.db, working, now)).toEqual({ sent: 0, failed: 0 });
    expect(await deliverDueMail(database.db, working, new Date(now.getTime() + 120_000))).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual([{ name: "Ayesha Khan", address: "ayesha@example.pk" }]);
    const [afterRetry] = await database.db.select().from(mailOutbox);
    expect(afterRetry).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("places an order in two statements, however many lines it has: one read, one write that is its own transaction, no BEGIN or COMMIT (docs/decisions/0024)", async () => {
    const counting = await countingDatabase(database);
    const a = await product(5);
    const b = await product(5);
    const c = await product(5);
    counting.reset();
    const one = await placeOrder(counting.db, { customer, lines: [a.line(1)], idempotencyKey: key() });
    expect(work(counting.statements)).toHaveLength(2);
    expect(counting.statements).toHaveLength(2);
    counting.reset();
    await placeOrder(counting.db, { customer, lines: [c.line(1), a.line(2), b.line(3), a.line(1, "36")], idempotencyKey: key() });
    expect(work(counting.statements)).toHaveLength(2);
    expect(counting.statements).toHaveLength(2);
    // What the one write does is all there, as before: items, stock and its trail, history, mail.
    const [items, moves, mail] = await Promise.all([
      database.db.select().from(orderItems).where(eq(orderItems.orderId, one.id)),
      database.db.select().from(stockMovements).where(eq(stockMovements.orderId, one.id)),
      database.db.select().from(mailOutbox),
    ]);
    expect(items).toEqual([expect.objectContaining({ stockId: a.stockId, quantity: 1, lineTotal: 320000 })]);
    expect(moves).toEqual([expect.objectContaining({ stockId: a.stockId, delta: -1, reason: "order", changedBy: null })]);
    expect(mail.map((m) => m.subject)).toContain(`Order Confirmed! ${one.orderNumber}`);
    expect(await qtyOf(a.stockId)).toBe(2);
    expect(await qtyOf(b.stockId)).toBe(2);
    expect(await qtyOf(c.stockId)).toBe(4);
    // A page sent again is answered from the read alone.
    const k = key();
    await placeOrder(counting.db, { customer, lines: [a.line(1)], idempotencyKey: k });
    counting.reset();
    expect(await placeOrder(counting.db, { customer, lines: [a.line(1)], idempotencyKey: k })).toMatchObject({ repeated: true });
    expect(counting.statements).toHaveLength(1);
  });

  it("with its limits counted first, an order takes four statements: repeat check, all its limits at once, read, write", async () => {
    const counting = await countingDatabase(database);
    const p = await product(5);
    const within = (address: string) =>
      placeOrderWithinLimits(
        counting.db,
        {
          customer: testCustomer({ phone: `0300${String(seq).padStart(7, "0")}`, email: `s${seq}@example.pk` }),
          lines: [p.line(1)],
          idempotencyKey: key(),
        },
        { address, limits: DEFAULT_ORDER_LIMITS },
      );
    await within("192.0.2.10"); // the limiter prunes old windows now and then: not on the order counted below
    counting.reset();
    await within("192.0.2.11");
    expect(work(counting.statements)).toHaveLength(4);
    expect(counting.statements).toHaveLength(4);
  });

  it("an order whose stock was not all taken by its statement leaves nothing behind and is tried again", async () => {
    const p = await product(5);
    // Stands in for a stock row changed between the statement's check and its update: the
    // update of this row is skipped, so the statement takes less stock than the order needs.
    await database.db.execute(
      sql.raw(`
      create or replace function test_skip_stock_update() returns trigger language plpgsql as $$
      begin if new.qty < old.qty then return null; end if; return new; end $$`),
    );
    await database.db.execute(
      sql.raw(`
      create trigger test_skip_stock_update before update on stock for each row
        when (old.id = '${p.stockId}') execute function test_skip_stock_update()`),
    );
    try {
      const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
      await expect(placeOrder(database.db, { customer, lines: [p.line(1)], idempotencyKey: key() })).rejects.toMatchObject({ code: "UNAVAILABLE" });
      const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
      expect(after[0].n).toBe(before[0].n);
      expect(await database.db.select().from(stockMovements).where(eq(stockMovements.stockId, p.stockId))).toEqual([]);
      expect(await qtyOf(p.stockId)).toBe(5);
    } finally {
      await database.db.execute(sql.raw("drop trigger test_skip_stock_update on stock"));
      await database.db.execute(sql.raw("drop function test_skip_stock_update()"));
    }
  });

  it("never oversells: 200 concurrent orders for 10 in stock make exactly 10 orders", async () => {
    const p = await product(10);
    const other = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 10 }) : undefined;
    try {
      const pools = other ? [database.db, other.db] : [database.db];
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) => placeOrder(pools[i % pools.length], { customer, lines: [p.line(1)], idempotencyKey: key() })),
      );
      const placed = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r) => r.status === "rejected");
      expect(placed).toHaveLength(10);
      for (const r of refused) expect(r.reason).toMatchObject({ code: "OUT_OF_STOCK" });
      expect(await qtyOf(p.stockId)).toBe(0);
      const [{ n }] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderItems)
        .where(eq(orderItems.stockId, p.stockId));
      expect(Number(n)).toBe(10);
    } finally {
      await other?.close();
    }
  });

  it("orders of two sizes in either order, racing for the last units, never deadlock and take both or neither", async () => {
    const a = await product(15);
    const b = await product(15);
    const other = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 10 }) : undefined;
    try {
      const pools = other ? [database.db, other.db] : [database.db];
      const results = await Promise.allSettled(
        Array.from({ length: 60 }, (_, i) =>
          placeOrder(pools[i % pools.length], { customer, lines: i % 2 ? [a.line(1), b.line(1)] : [b.line(1), a.line(1)], idempotencyKey: key() }),
        ),
      );
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      for (const r of refused) expect(r.reason).toMatchObject({ code: "OUT_OF_STOCK" });
      expect(results.length - refused.length).toBe(15);
      expect(await qtyOf(a.stockId)).toBe(0);
      expect(await qtyOf(b.stockId)).toBe(0);
    } finally {
      await other?.close();
    }
  });
});
