import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { type Db } from "~/lib/db.server";
import { orderItems } from "~/lib/db/tables/orders.server";
import { products, stock, stockMovements } from "~/lib/db/tables/catalogue.server";
import { user } from "~/lib/db/tables/accounts.server";
import type { EditableProduct } from "~/modules/catalog/product-editor.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { action as editAction, loader as editLoader } from "../../app/routes/admin/products-edit";
import { useAdminRequests } from "./admin-requests";
import { answer } from "./route-answer";
import { insertCategory, insertProduct, testCustomer } from "./fixtures";
import { useTestDatabase, type TestDatabase } from "./test-db";
import { routeArgs } from "./route-args";

/*
 * Saving a product's stock from the edit form while orders come in
 * (app/routes/admin/products-edit.integration.test.ts): a test database with a member of staff, a
 * product to edit, the form as the page loads it, and what the stock and its movements say.
 */

let database: () => TestDatabase;
/** The database of the test file running (useStockEdits). */
export const testDb = () => database();
export let visitors: ReturnType<typeof useAdminRequests>;

const customer = testCustomer();

export let category: string;
export let staffId: string;
/**
 * Registers the file's own database, staff and category: called once at the top of each test
 * file, so that every file gets its own whether or not the test runner gives it its own copy of
 * this module (docs/testing.md).
 */
export function useStockEdits() {
  const own = useTestDatabase();
  const ownVisitors = useAdminRequests(own);
  beforeAll(async () => {
    database = own;
    visitors = ownVisitors;
    category = await insertCategory(testDb().db, "Bags");
    [{ id: staffId }] = await testDb().db.select({ id: user.id }).from(user).where(eq(user.email, "staff@example.pk"));
  });
}

let seq = 0;
/** A product with one variant 'Brown' and the given sizes, in the 'Bags' category. */
export async function satchel(sizes: [size: string, qty: number][]) {
  const p = await insertProduct(testDb().db, {
    name: "Brown Satchel",
    categoryIds: [category],
    variants: [{ name: "Brown", color: "brown", price: 1_250_000, stock: sizes }],
  });
  const v = p.variants[0];
  const stockId = (size: string) => v.stock.find((s) => s.size === size)!.id;
  return {
    productId: p.productId,
    stockId,
    /** Places an order for `quantity` of each given size, as the checkout does. */
    order: (quantity: number, sizes: string[] = [v.stock[0].size], db: Db = testDb().db) =>
      placeOrder(db, {
        customer,
        lines: sizes.map((size) => ({ productID: p.productId, productVariantKey: `${v.id}_${size}`, productSize: size, productQuantity: quantity })),
        idempotencyKey: `stock-edit-${Date.now()}-${seq++}`,
      }),
  };
}

/** What the edit page loads, as the form sends it back unchanged. */
export async function openForm(productId: string) {
  const loaded = await answer<{ editing: Promise<{ product: EditableProduct }> }>(() =>
    editLoader(
      routeArgs({
        request: visitors.request("admin", `/admin/products/${productId}/edit`),
        params: { id: productId },
        context: visitors.context(),
      }),
    ),
  );
  expect(loaded.status).toBe(200);
  const { product } = await loaded.data.editing;
  return {
    name: product.name,
    code: product.code,
    description: product.description,
    categoryIds: product.categoryIds,
    variants: product.variants.map((v) => ({
      id: v.id,
      name: v.name,
      soleColor: v.soleColor,
      price: String(v.price / 100),
      inOffer: v.inOffer,
      discountPrice: String(v.discountPrice / 100),
      stock: v.stock.map((s) => ({ id: s.id, size: s.size, qty: String(s.qty), loadedQty: s.qty })),
      media: v.media.map((m) => ({ id: m.id, kind: m.kind })),
      uploads: [],
    })),
  };
}
type Form = Awaited<ReturnType<typeof openForm>>;

/** The form with size `size` of the first variant typed as `qty`. */
export function typed(form: Form, size: string, qty: number | string): Form {
  const [first, ...rest] = form.variants;
  return { ...form, variants: [{ ...first, stock: first.stock.map((s) => (s.size === size ? { ...s, qty: String(qty) } : s)) }, ...rest] };
}

export function save(productId: string, form: unknown) {
  const body = new FormData();
  body.set("product", JSON.stringify(form));
  return answer<{ ok: false; message: string; detail?: string; errors?: Record<string, string> }>(() =>
    editAction(
      routeArgs({
        request: visitors.request("admin", `/admin/products/${productId}/edit`, { form: body }),
        params: { id: productId },
        context: visitors.context(),
      }),
    ),
  );
}

export async function qtyOf(stockId: string) {
  const [row] = await testDb().db.select({ qty: stock.qty }).from(stock).where(eq(stock.id, stockId));
  return row?.qty;
}

export async function soldOf(stockId: string) {
  const [{ n }] = await testDb()
    .db.select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .where(eq(orderItems.stockId, stockId));
  return Number(n);
}

export const movementsOf = (stockId: string, reason?: "adjust") =>
  testDb()
    .db.select({ delta: stockMovements.delta, reason: stockMovements.reason })
    .from(stockMovements)
    .where(reason ? and(eq(stockMovements.stockId, stockId), eq(stockMovements.reason, reason)) : eq(stockMovements.stockId, stockId))
    .orderBy(asc(stockMovements.createdAt));

export const nameOf = async (productId: string) =>
  (await testDb().db.select({ name: products.name }).from(products).where(eq(products.id, productId)))[0].name;

export const fulfilled = (results: PromiseSettledResult<unknown>[]) => results.filter((r) => r.status === "fulfilled").length;
