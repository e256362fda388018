import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchCatalogChanges } from "~/modules/cache/catalog-changes.server";
import { cachedPageOf, PageCache, productTag, LISTS_TAG } from "~/modules/cache/page-cache.server";
import { cardReadCache, catalogReadCache, searchReadCache } from "~/modules/cache/read-cache.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { insertCategory, insertProduct } from "../../../tests/support/fixtures";
import { answer } from "../../../tests/support/route-answer";
import { requestAs, setUpVisitors, type Visitors } from "../../../tests/support/staff";
import { testContext } from "../../../tests/support/test-context";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { loader as shopLoader } from "~/routes/shop";
import { loader as productLoader } from "~/routes/product";
import { loader as homeLoader } from "~/routes/home";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { action as productsAction } from "~/routes/admin/products";
import { action as categoriesAction } from "~/routes/admin/categories";
import { action as trashAction, loader as trashLoader } from "~/routes/admin/trash";
import { routeArgs, type RouteFunction } from "../../../tests/support/route-args";

/*
 * A trashed product is gone from every storefront page — shop, its category, search, its own page,
 * the home page's featured products, the sitemap — including the pages and reads kept in memory,
 * which the catalogue's change notices drop; restored, it is back on all of them.
 */
const testDb = useTestDatabase();
const pages = new PageCache(50_000_000);
let watch: Awaited<ReturnType<typeof watchCatalogChanges>>;
let visitors: Visitors;
let root: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  visitors = await setUpVisitors(testDb());
  root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-trash-shop-"));
  storage = new LocalDiskStorage(root);
  const kept = [pages, catalogReadCache, cardReadCache, searchReadCache];
  watch = await watchCatalogChanges(testDb(), { invalidate: (tags) => kept.forEach((k) => k.invalidate(tags)) });
  for (const memo of [catalogReadCache, cardReadCache, searchReadCache]) memo.enable();
});
afterAll(async () => {
  for (const memo of [catalogReadCache, cardReadCache, searchReadCache]) memo.disable();
  await watch?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const context = (cacheTags?: Set<string>) => testContext(testDb(), { auth: visitors.auth, storage, cacheTags });
const load = <R>(loader: RouteFunction<R>, url: string, params: Record<string, string> = {}, tags?: Set<string>) =>
  answer(() => loader(routeArgs({ request: new Request(`http://shop.test${url}`), params, context: context(tags) })));

/** Where the storefront shows the product, page by page. */
async function whereShown(productId: string, categoryId: string) {
  const ids = (items: { id: string }[]) => items.map((i) => i.id);
  const home = await load(homeLoader, "/");
  const sitemap = await load(sitemapLoader, "/sitemap.xml");
  const { featured } = home.data;
  if (!featured.ok) throw new Error(`The home page's featured products did not load: ${featured.message}`);
  return {
    shop: ids((await load(shopLoader, "/shop")).data.items).includes(productId),
    category: ids((await load(shopLoader, `/shop/category/${categoryId}`, { categoryId })).data.items).includes(productId),
    search: ids((await load(shopLoader, "/shop?q=trashable")).data.items).includes(productId),
    featured: ids(featured.items).includes(productId),
    product: (await load(productLoader, `/product/${productId}`, { id: productId })).status,
    sitemap: (await sitemap.response!.text()).includes(`/product/${productId}<`),
  };
}

/** Keeps the shop page and the product's page in the page cache as the server does: those answered 200, tagged as their loaders tag them. */
async function keepPages(productId: string) {
  for (const [key, loader, params] of [
    ["/shop", shopLoader, {}],
    [`/product/${productId}`, productLoader, { id: productId }],
  ] as const) {
    const tags = new Set<string>();
    const started = pages.begin();
    // Either loader: only the status is read.
    if ((await load<unknown>(loader, key, params, tags)).status !== 200) continue;
    expect(pages.put(key, await cachedPageOf(Buffer.from(key), 200, [], tags), started), key).toBe(true);
  }
}

describe(`the storefront and a trashed product (${testTarget()})`, () => {
  it("the shop, category, search, product page, featured and sitemap stop showing it, kept pages included, and show it again once restored", async () => {
    const category = await insertCategory(testDb().db, "Trashable Wallets");
    const p = await insertProduct(testDb().db, {
      name: "Trashable Bifold",
      categoryIds: [category],
      variants: [{ name: "Brown", price: 300000, inOffer: true, discountPrice: 250000, stock: [["", 4]] }],
    });
    await watch.barrier();
    const everywhere = { shop: true, category: true, search: true, featured: true, product: 200, sitemap: true };
    expect(await whereShown(p.productId, category)).toEqual(everywhere);
    await keepPages(p.productId);
    expect(pages.get(`/product/${p.productId}`)).toBeDefined();

    const deleted = await answer(() =>
      productsAction(
        routeArgs({
          request: requestAs(visitors.admin, "/admin/products", { intent: "delete", id: p.productId }),
          params: {},
          context: context(),
        }),
      ),
    );
    expect(deleted.status).toBe(303);
    await watch.barrier();
    expect(pages.get("/shop")).toBeUndefined();
    expect(pages.get(`/product/${p.productId}`)).toBeUndefined();
    expect(await whereShown(p.productId, category)).toEqual({
      shop: false,
      category: false,
      search: false,
      featured: false,
      product: 404,
      sitemap: false,
    });

    await keepPages(p.productId);
    expect(pages.get("/shop")).toBeDefined();
    const listed = await answer(() =>
      trashLoader(routeArgs({ request: requestAs(visitors.mainAdmin, "/admin/trash"), params: {}, context: context() })),
    );
    const entry = listed.data.rows.find((r) => r.name === "Trashable Bifold");
    if (!entry) throw new Error("Trashable Bifold is not in the Trash.");
    const restored = await answer(() =>
      trashAction(
        routeArgs({
          request: requestAs(visitors.mainAdmin, "/admin/trash", { intent: "restore", id: entry.id }),
          params: {},
          context: context(),
        }),
      ),
    );
    expect(restored.status).toBe(303);
    await watch.barrier();
    expect(pages.get("/shop")).toBeUndefined();
    expect(pages.get(`/product/${p.productId}`)).toBeUndefined();
    expect(await whereShown(p.productId, category)).toEqual(everywhere);
  });

  it("a trashed category leaves every page (it is in every footer), and its page answers 404 until it is restored", async () => {
    const category = await insertCategory(testDb().db, "Trashable Belts");
    await watch.barrier();
    pages.put("/about", await cachedPageOf(Buffer.from("about"), 200, [], new Set([LISTS_TAG, productTag("x")])), pages.begin());
    const deleted = await answer(() =>
      categoriesAction(
        routeArgs({
          request: requestAs(visitors.admin, "/admin/categories", { intent: "delete", id: category }),
          params: {},
          context: context(),
        }),
      ),
    );
    expect(deleted.status).toBe(303);
    await watch.barrier();
    expect(pages.get("/about")).toBeUndefined();
    expect((await load(shopLoader, `/shop/category/${category}`, { categoryId: category })).status).toBe(404);
    const listed = await answer(() =>
      trashLoader(routeArgs({ request: requestAs(visitors.mainAdmin, "/admin/trash"), params: {}, context: context() })),
    );
    const entry = listed.data.rows.find((r) => r.name === "Trashable Belts");
    if (!entry) throw new Error("Trashable Belts is not in the Trash.");
    await answer(() =>
      trashAction(
        routeArgs({
          request: requestAs(visitors.mainAdmin, "/admin/trash", { intent: "restore", id: entry.id }),
          params: {},
          context: context(),
        }),
      ),
    );
    await watch.barrier();
    expect((await load(shopLoader, `/shop/category/${category}`, { categoryId: category })).status).toBe(200);
  });
});
