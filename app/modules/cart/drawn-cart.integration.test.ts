import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { stock, variants } from "~/lib/db/tables/catalogue.server";
import { cacheKey } from "~/modules/cache/page-cache.server";
import { CACHEABLE_PAGES } from "~/modules/cache/cacheable-pages";
import { privateCachePolicy } from "~/modules/cache/cache-policy.server";
import { loader as cartLoader } from "~/routes/cart";
import { loader as checkoutLoader } from "~/routes/checkout";
import { insertProduct } from "../../../tests/support/fixtures";
import { answer } from "../../../tests/support/route-answer";
import { testContext } from "../../../tests/support/test-context";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { CART_COOKIE, cartCookieValue } from "./cart-cookie";
import { UNKNOWN_ITEM_NAME } from "./cart.server";
import { routeArgs } from "../../../tests/support/route-args";

/*
 * /cart and /checkout are drawn on the server from the cart the browser mirrors in its cookie
 * (docs/decisions/0062): every price from the database, nothing of the browser's but which items
 * and how many, and never one shopper's cart in another's page.
 */
const testDb = useTestDatabase();
let belt: Awaited<ReturnType<typeof insertProduct>>;
let wallet: Awaited<ReturnType<typeof insertProduct>>;

beforeAll(async () => {
  belt = await insertProduct(testDb().db, { name: "Dress Belt", variants: [{ name: "Black", price: 320000, stock: [["34", 5]] }] });
  wallet = await insertProduct(testDb().db, {
    name: "Bifold Wallet",
    variants: [{ name: "Brown", color: "brown", price: 250000, inOffer: true, discountPrice: 200000, stock: [["", 1]] }],
  });
});

const beltLine = (productQuantity = 2) => ({
  productID: belt.productId,
  productVariantKey: `${belt.variants[0].id}_34`,
  productSize: "34",
  productQuantity,
});
const walletLine = (productQuantity = 1) => ({
  productID: wallet.productId,
  productVariantKey: `${wallet.variants[0].id}_`,
  productSize: "",
  productQuantity,
});

function asked(path: "/cart" | "/checkout", cookie: string | null) {
  const request = new Request(`http://shop.test${path}`, { headers: cookie === null ? {} : { Cookie: cookie } });
  const args = routeArgs({ request, context: testContext(testDb()), params: {} });
  return answer(path === "/cart" ? cartLoader(args) : checkoutLoader(args));
}

describe(`the cart drawn from its cookie (${testTarget()})`, () => {
  it("prices each line from the database, whatever the browser kept", async () => {
    for (const path of ["/cart", "/checkout"] as const) {
      const { status, data } = await asked(path, `${CART_COOKIE}=${cartCookieValue([beltLine(2), walletLine(1)])}`);
      expect(status).toBe(200);
      expect(data.cart!.lines.map((l) => [l.productName, l.productQuantity, l.productPrice, l.productDiscountPrice])).toEqual([
        ["Dress Belt", 2, 3200, null],
        ["Bifold Wallet", 1, 2500, 2000],
      ]);
      expect(data.cart!.priced.map((p) => [p.found, p.unitPrice, p.available])).toEqual([
        [true, 320000, 5],
        [true, 200000, 1],
      ]);
    }
  });

  it("follows the database: a price or stock changed since the line was added is drawn as it is now", async () => {
    await testDb().db.update(variants).set({ price: 330000 }).where(eq(variants.id, belt.variants[0].id));
    await testDb().db.update(stock).set({ qty: 1 }).where(eq(stock.id, belt.variants[0].stock[0].id));
    const { data } = await asked("/cart", `${CART_COOKIE}=${cartCookieValue([beltLine(2)])}`);
    expect(data.cart!.priced[0]).toMatchObject({ unitPrice: 330000, available: 1 });
  });

  it("draws an item the shop does not have (an old or made-up id) as no longer available, with a name", async () => {
    const { status, data } = await asked("/cart", `${CART_COOKIE}=${cartCookieValue([{ ...beltLine(1), productID: "no-such-product" }])}`);
    expect(status).toBe(200);
    expect(data.cart!.priced[0].found).toBe(false);
    expect(data.cart!.lines[0].productName).toBe(UNKNOWN_ITEM_NAME);
  });

  it("draws no cart, and answers 200, for no cookie, an oversized one or malformed bytes", async () => {
    for (const cookie of [
      null,
      "theme=dark",
      `${CART_COOKIE}=${"1|".padEnd(5000, "a")}`,
      `${CART_COOKIE}=1|%E0%A4%A:v:s:1`,
      `${CART_COOKIE}=1|p:v:s:-4`,
      `${CART_COOKIE}={"productID":"x"}`,
      `${CART_COOKIE}=1|${encodeURIComponent("p\0")}:v:s:1`,
    ]) {
      for (const path of ["/cart", "/checkout"] as const) {
        const { status, data } = await asked(path, cookie);
        expect(status, `${path} ${cookie}`).toBe(200);
        expect(data.cart, `${path} ${cookie}`).toBeNull();
      }
    }
  });

  it("draws each shopper's own cart: two cookies, two carts, in any order", async () => {
    const [first, second, again] = await Promise.all([
      asked("/cart", `${CART_COOKIE}=${cartCookieValue([beltLine(1)])}`),
      asked("/cart", `${CART_COOKIE}=${cartCookieValue([walletLine(1)])}`),
      asked("/cart", `${CART_COOKIE}=${cartCookieValue([])}`),
    ]);
    expect(first.data.cart!.lines.map((l) => l.productName)).toEqual(["Dress Belt"]);
    expect(second.data.cart!.lines.map((l) => l.productName)).toEqual(["Bifold Wallet"]);
    expect(again.data.cart).toEqual({ lines: [], priced: [] });
  });

  it("is kept by no page cache, shared cache or browser cache, whoever asks", () => {
    for (const path of ["/cart", "/checkout", "/cart.data", "/checkout.data"]) {
      for (const cookie of [`${CART_COOKIE}=${cartCookieValue([beltLine(1)])}`, undefined]) {
        const request = new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
        expect(cacheKey(request, CACHEABLE_PAGES), path).toBeNull();
        expect(privateCachePolicy(path, cookie, new Headers({ "Cache-Control": "public, max-age=600" })), path).toBe("private, no-store");
      }
    }
  });
});
