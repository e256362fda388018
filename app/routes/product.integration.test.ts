import { describe, expect, it } from "vitest";
import type { Db } from "~/lib/db.server";
import { databaseFailingOn, useTestDatabase } from "../../tests/support/test-db";
import { insertProduct } from "../../tests/support/fixtures";
import { answer } from "../../tests/support/route-answer";
import { testContext } from "../../tests/support/test-context";
import { loader } from "./product";

/** What the loader answered: its data and status, whether returned or thrown. */
async function load(id: string, database: { db: Db } = testDb()): Promise<{ status: number; data: unknown }> {
  const args = { params: { id }, request: new Request(`http://shop.test/product/${id}`), context: testContext(database) } as unknown as Parameters<
    typeof loader
  >[0];
  const { status, data } = await answer(() => loader(args));
  return { status, data };
}

const testDb = useTestDatabase();

describe("product page loader", () => {
  it("answers a product with its variants", async () => {
    const p = await insertProduct(testDb().db, { name: "Pen Case", variants: [{ name: "Black", price: 160000, stock: [["One Size", 3]] }] });
    const result = await load(p.productId);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ product: { id: p.productId, name: "Pen Case", variants: [{ name: "Black" }] } });
  });

  it("answers 404 'Product not found' for an unknown or malformed id", async () => {
    expect(await load("nope")).toEqual({ status: 404, data: "Product not found" });
    expect(await load("x".repeat(200))).toEqual({ status: 404, data: "Product not found" });
  });

  it("answers 404 for a product without variants, for the page to say so", async () => {
    const p = await insertProduct(testDb().db, { name: "Empty Product", variants: [] });
    const result = await load(p.productId);
    expect(result.status).toBe(404);
    expect(result.data).toMatchObject({ product: { name: "Empty Product", variants: [] } });
  });

  it("answers 503 'Failed to load product details' when the database fails", async () => {
    expect(await load("anything", databaseFailingOn("select"))).toEqual({ status: 503, data: "Failed to load product details" });
  });
});
