import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { routeSpecs, type ShopFacts } from "./malformed-requests";

/*
 * The malformed-request fuzz keeps its list of pages by hand, each with the query its page reads.
 * This keeps that list whole: a route added to app/routes.ts without an entry in the fuzz fails here.
 */

/** Every address app/routes.ts serves, as the fuzz names it ('/admin/products/:id/view', '/* (not found)'). */
function addresses(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? prefix : entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const own = entry.path === undefined && !entry.index ? [] : [path || "/"];
    return [...own, ...addresses(entry.children ?? [], path)];
  });
}

const asFuzzNames = (address: string) => (address.endsWith("/*") ? `${address} (not found)` : address);

/** Facts of a shop with one of everything: enough to build the fuzz's generators, none is run. */
const ONE_OF_EACH: ShopFacts = {
  origin: "http://127.0.0.1:1",
  ownerEmail: "owner@example.pk",
  productIds: ["p"],
  categoryIds: ["c"],
  orderIds: ["o"],
  submissionIds: ["m"],
  subscriberIds: ["s"],
  staffIds: ["a"],
  stockOf: { p: ["st"] },
  variantsOf: { p: ["v"] },
  stockRows: { p: [{ id: "st", variantId: "v", size: "M", qty: 1 }] },
  cartLine: { productID: "p", productVariantKey: "v", productSize: "M" },
  cartLineLeft: 1,
  mediaKey: "products/p-320.webp",
  assetPath: "/assets/a.js",
  taken: new Set(["p", "c", "o"]),
};

describe("the malformed-request fuzz", () => {
  it("asks for every page app/routes.ts serves", () => {
    const fuzzed = new Set(routeSpecs(ONE_OF_EACH).map((spec) => spec.name));
    const served = [...new Set(addresses(routes).map(asFuzzNames))];
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((address) => !fuzzed.has(address))).toEqual([]);
  });
});
