import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { products, stock, stockMovements, variants } from "~/lib/db/tables/catalogue.server";
import { action as newAction } from "./products-new";
import { answer } from "../../../tests/support/route-answer";
import { routeArgs } from "../../../tests/support/route-args";
import { testTarget } from "../../../tests/support/test-db";
import {
  testDb,
  visitors,
  category,
  staffId,
  satchel,
  openForm,
  typed,
  save,
  qtyOf,
  soldOf,
  movementsOf,
  nameOf,
  fulfilled,
  useStockEdits,
} from "../../../tests/support/product-stock-edits";

useStockEdits();

/*
 * Stock edits from the product form are adjustments: a save changes each size by what the staff
 * member changed in the form, so orders placed while the form was open are never undone.
 */

describe(`a stale product form never undoes stock changes (${testTarget()})`, () => {
  it("stock 10, form opened, 6 orders, unchanged save: 4 left, and only 4 more orders succeed (10 sold of 10, never 16)", async () => {
    const bag = await satchel([["M", 10]]);
    const form = await openForm(bag.productId);
    for (let i = 0; i < 6; i++) await bag.order(1);
    expect(await qtyOf(bag.stockId("M"))).toBe(4);

    const saved = await save(bag.productId, form);
    expect(saved).toMatchObject({ status: 302, location: `/admin/products/${bag.productId}/view` });
    expect(await qtyOf(bag.stockId("M"))).toBe(4);

    const later = await Promise.allSettled(Array.from({ length: 10 }, () => bag.order(1)));
    expect(fulfilled(later)).toBe(4);
    for (const r of later) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "OUT_OF_STOCK" });
    expect(await soldOf(bag.stockId("M"))).toBe(10);
    expect(await qtyOf(bag.stockId("M"))).toBe(0);
    // An unchanged quantity is no adjustment.
    expect(await movementsOf(bag.stockId("M"), "adjust")).toEqual([]);
  });

  it("raising 10 → 12 while 6 were sold leaves 6, recorded as +2 'adjust' by the staff member", async () => {
    const bag = await satchel([
      ["M", 10],
      ["L", 5],
    ]);
    const form = await openForm(bag.productId);
    for (let i = 0; i < 6; i++) await bag.order(1);
    const info = vi.spyOn(logger, "info");
    try {
      const saved = await save(bag.productId, typed(form, "M", 12));
      expect(saved.status).toBe(302);
      expect(info).toHaveBeenCalledWith(
        expect.objectContaining({ productId: bag.productId, by: staffId, adjustments: [{ stockId: bag.stockId("M"), delta: 2, qty: 6 }] }),
        "staff adjusted stock",
      );
    } finally {
      info.mockRestore();
    }
    expect(await qtyOf(bag.stockId("M"))).toBe(6);
    expect(await qtyOf(bag.stockId("L"))).toBe(5);
    expect(await movementsOf(bag.stockId("M"))).toEqual([
      ...Array.from({ length: 6 }, () => ({ delta: -1, reason: "order" })),
      { delta: 2, reason: "adjust" },
    ]);
    expect(await movementsOf(bag.stockId("L"))).toEqual([]);
  });

  it("every staff change of stock names who made it; an order's movements name no one", async () => {
    const bag = await satchel([["M", 10]]);
    await bag.order(1);
    const raised = typed(await openForm(bag.productId), "M", 12);
    const [variant] = raised.variants;
    expect((await save(bag.productId, { ...raised, variants: [{ ...variant, stock: [...variant.stock, { size: "XL", qty: "4" }] }] })).status).toBe(
      302,
    );
    const xl = (
      await testDb()
        .db.select({ id: stock.id })
        .from(stock)
        .where(and(eq(stock.variantId, variant.id), eq(stock.size, "XL")))
    )[0].id;
    const trail = (stockId: string) =>
      testDb()
        .db.select({ delta: stockMovements.delta, reason: stockMovements.reason, changedBy: stockMovements.changedBy })
        .from(stockMovements)
        .where(eq(stockMovements.stockId, stockId))
        .orderBy(asc(stockMovements.createdAt));
    expect(await trail(bag.stockId("M"))).toEqual([
      { delta: -1, reason: "order", changedBy: null },
      { delta: 3, reason: "adjust", changedBy: staffId },
    ]);
    expect(await trail(xl)).toEqual([{ delta: 4, reason: "adjust", changedBy: staffId }]);

    // A new product's first stock too.
    const body = new FormData();
    body.set(
      "product",
      JSON.stringify({ name: "Signed Stock", categoryIds: [category], variants: [{ name: "Tan", price: 100, stock: [{ size: "S", qty: 2 }] }] }),
    );
    const added = await answer(() =>
      newAction(routeArgs({ request: visitors.request("admin", "/admin/products/new", { form: body }), params: {}, context: visitors.context() })),
    );
    expect(added.status).toBe(302);
    const [created] = await testDb()
      .db.select({ id: stock.id })
      .from(stock)
      .innerJoin(variants, eq(variants.id, stock.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(products.name, "Signed Stock"));
    expect(await trail(created.id)).toEqual([{ delta: 2, reason: "adjust", changedBy: staffId }]);
  });

  it("lowering 10 → 8 while 6 were sold leaves 2", async () => {
    const bag = await satchel([["M", 10]]);
    const form = await openForm(bag.productId);
    for (let i = 0; i < 6; i++) await bag.order(1);
    expect((await save(bag.productId, typed(form, "M", 8))).status).toBe(302);
    expect(await qtyOf(bag.stockId("M"))).toBe(2);
    expect(await movementsOf(bag.stockId("M"), "adjust")).toEqual([{ delta: -2, reason: "adjust" }]);
  });

  it("lowering below what is left is refused with 409, naming the size and its current stock, and changes nothing", async () => {
    const bag = await satchel([["M", 10]]);
    const form = await openForm(bag.productId);
    for (let i = 0; i < 6; i++) await bag.order(1);
    const refused = await save(bag.productId, { ...typed(form, "M", 3), name: "Renamed but refused" });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({
      ok: false,
      message: "Error updating product. Check console for details.",
      detail:
        "The stock changed while you were editing. Brown Satchel (Brown, size M): 10 when you opened the form, 4 now, so it cannot go down by 7. Please reload the page to see the current stock.",
    });
    expect(await qtyOf(bag.stockId("M"))).toBe(4);
    expect(await nameOf(bag.productId)).toBe("Brown Satchel");
    expect(await movementsOf(bag.stockId("M"), "adjust")).toEqual([]);
  });

  it("a missing or garbled loaded quantity (an old page, or a tampered one) is refused, never taken as an overwrite", async () => {
    const bag = await satchel([["M", 10]]);
    const form = await openForm(bag.productId);
    await bag.order(3);
    const withLoaded = (loadedQty: unknown) => {
      const f = typed(form, "M", 10);
      const row: Record<string, unknown> = { ...f.variants[0].stock[0], loadedQty };
      if (loadedQty === undefined) delete row.loadedQty;
      return { ...f, variants: [{ ...f.variants[0], stock: [row] }] };
    };
    for (const loadedQty of [undefined, null, "", "ten", -1, 1.5, "7; drop table stock", 2_000_000, { qty: 10 }]) {
      const refused = await save(bag.productId, withLoaded(loadedQty));
      expect(refused.status, `loadedQty ${JSON.stringify(loadedQty)}`).toBe(409);
      expect(refused.data.detail).toBe(
        "This form is out of date: its stock cannot be checked against the current stock. Please reload the page and enter your changes again.",
      );
    }
    expect(await qtyOf(bag.stockId("M"))).toBe(7);
    expect(await movementsOf(bag.stockId("M"), "adjust")).toEqual([]);
    // A loaded quantity typed as text by an older script is still a number.
    expect((await save(bag.productId, withLoaded("10"))).status).toBe(302);
    expect(await qtyOf(bag.stockId("M"))).toBe(7);
  });

  it("a new size is inserted with its quantity and a movement; a removed size is deleted", async () => {
    const bag = await satchel([
      ["M", 10],
      ["L", 4],
    ]);
    const form = await openForm(bag.productId);
    const [variant] = form.variants;
    const saved = await save(bag.productId, {
      ...form,
      variants: [{ ...variant, stock: [variant.stock[0], { size: "XL", qty: "3" }] }],
    });
    expect(saved.status).toBe(302);
    const rows = await testDb()
      .db.select({ id: stock.id, size: stock.size, qty: stock.qty })
      .from(stock)
      .where(eq(stock.variantId, variant.id))
      .orderBy(asc(stock.position));
    expect(rows.map((r) => [r.size, r.qty])).toEqual([
      ["M", 10],
      ["XL", 3],
    ]);
    expect(await qtyOf(bag.stockId("L"))).toBeUndefined();
    expect(await movementsOf(rows[1].id)).toEqual([{ delta: 3, reason: "adjust" }]);
  });

  it("refuses the same size twice in a variant (letter case and spaces aside), on edit and on add", async () => {
    const bag = await satchel([
      ["M", 10],
      ["L", 4],
    ]);
    const form = await openForm(bag.productId);
    const [variant] = form.variants;
    const refused = await save(bag.productId, {
      ...form,
      variants: [{ ...variant, stock: [variant.stock[0], { ...variant.stock[1], size: " m " }] }],
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      message: "Please fix the errors in the form before saving.",
      errors: { "variants.0.stock.1.size": "Each size can appear only once in a variant." },
    });
    expect(await qtyOf(bag.stockId("L"))).toBe(4);

    const body = new FormData();
    body.set(
      "product",
      JSON.stringify({
        name: "Twin Sizes",
        categoryIds: [category],
        variants: [
          {
            name: "Tan",
            price: 100,
            stock: [
              { size: "32", qty: 1 },
              { size: "34", qty: 1 },
              { size: "32", qty: 2 },
            ],
          },
        ],
      }),
    );
    const added = await answer(() =>
      newAction(routeArgs({ request: visitors.request("admin", "/admin/products/new", { form: body }), params: {}, context: visitors.context() })),
    );
    expect(added.status).toBe(400);
    expect(added.data).toMatchObject({ errors: { "variants.0.stock.2.size": "Each size can appear only once in a variant." } });
    expect(await testDb().db.select({ id: products.id }).from(products).where(eq(products.name, "Twin Sizes"))).toEqual([]);
  });
});

describe(`stock edits at the same time as other saves and orders (${testTarget()})`, () => {
  it("two staff members saving +2 at once make +4: adjustments add up", async () => {
    const bag = await satchel([["M", 10]]);
    const form = await openForm(bag.productId);
    const results = await Promise.all([save(bag.productId, typed(form, "M", 12)), save(bag.productId, typed(form, "M", 12))]);
    expect(results.map((r) => r.status)).toEqual([302, 302]);
    expect(await qtyOf(bag.stockId("M"))).toBe(14);
    expect(await movementsOf(bag.stockId("M"), "adjust")).toEqual([
      { delta: 2, reason: "adjust" },
      { delta: 2, reason: "adjust" },
    ]);
  });

  it("an unchanged save racing 20 orders for 10 in stock never oversells", async () => {
    const bag = await satchel([["M", 10]]);
    const form = await openForm(bag.productId);
    const other = testDb().url ? await openDatabase({ databaseUrl: testDb().url, poolSize: 10 }) : undefined;
    try {
      const pools = other ? [testDb().db, other.db] : [testDb().db];
      const orders = (n: number, from: number) => Array.from({ length: n }, (_, i) => bag.order(1, ["M"], pools[(from + i) % pools.length]));
      const results = await Promise.allSettled([...orders(10, 0), save(bag.productId, form), ...orders(10, 10)]);
      const saved = results[10] as PromiseFulfilledResult<{ status: number }>;
      expect(saved.value.status).toBe(302);
      expect(fulfilled(results) - 1).toBe(10);
      expect(await soldOf(bag.stockId("M"))).toBe(10);
      expect(await qtyOf(bag.stockId("M"))).toBe(0);
    } finally {
      await other?.close();
    }
  });

  it("a save raising two sizes racing 20 two-size orders neither oversells nor deadlocks", async () => {
    const bag = await satchel([
      ["M", 10],
      ["L", 10],
    ]);
    const opened = await openForm(bag.productId);
    // Rows are saved in the form's order: put them against the order in which orders take them.
    const [variant] = opened.variants;
    const reversed = [...variant.stock].sort((a, b) => String(b.id).localeCompare(String(a.id)));
    const form = typed(typed({ ...opened, variants: [{ ...variant, stock: reversed }] }, "M", 15), "L", 15);
    const other = testDb().url ? await openDatabase({ databaseUrl: testDb().url, poolSize: 10 }) : undefined;
    try {
      const pools = other ? [testDb().db, other.db] : [testDb().db];
      const orders = (n: number, from: number) => Array.from({ length: n }, (_, i) => bag.order(1, ["M", "L"], pools[(from + i) % pools.length]));
      const results = await Promise.allSettled([...orders(10, 0), save(bag.productId, form), ...orders(10, 10)]);
      const saved = results[10] as PromiseFulfilledResult<{ status: number }>;
      expect(saved.value.status).toBe(302);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "OUT_OF_STOCK" });
      // However the save and the orders interleave, 10 + 5 units were there to sell, no more.
      const placed = fulfilled(results) - 1;
      expect(placed).toBeGreaterThanOrEqual(10);
      expect(placed).toBeLessThanOrEqual(15);
      for (const size of ["M", "L"]) {
        expect(await soldOf(bag.stockId(size))).toBe(placed);
        expect(await qtyOf(bag.stockId(size))).toBe(15 - placed);
      }
    } finally {
      await other?.close();
    }
  });
});
