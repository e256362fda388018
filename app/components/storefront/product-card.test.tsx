import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { MarkupCacheProvider } from "~/modules/cache/markup-cache";
import { markupCache } from "~/modules/cache/markup-cache.server";
import type { ProductCard as Card } from "~/modules/catalog/catalog-views";
import { ProductCard } from "./product-card";

const card: Card = {
  id: "p1",
  name: "Classic Bifold Wallet",
  categoryName: "Wallet",
  rating: 4.5,
  price: 350000,
  inOffer: true,
  discountPrice: 299000,
  priceVaries: true,
  onSale: true,
  outOfStock: false,
  isNew: true,
  image: { key: "demo/wallet-black", widths: [320, 640, 960] },
};

/** A grid of cards as a page renders it, with the server's kept markup or without. */
function page(cards: { product: Card; priority?: boolean }[], keep?: ReturnType<typeof markupCache>) {
  const element = (
    <MarkupCacheProvider keep={keep}>
      <div>
        {cards.map(({ product, priority }) => (
          <ProductCard key={product.id} product={product} priority={priority} headingLevel={2} />
        ))}
      </div>
    </MarkupCacheProvider>
  );
  return renderToString(<RouterProvider router={createMemoryRouter([{ path: "/", element }])} />);
}

describe("product cards kept by the server", () => {
  it("are the markup the browser draws from the same values, so pages hydrate as before", () => {
    const cards = [
      { product: card, priority: true },
      { product: { ...card, id: "p2", name: "Card Holder & Sleeve", outOfStock: true, isNew: false } },
      { product: { ...card, id: "p3", rating: 0, inOffer: false, onSale: false, priceVaries: false, image: null } },
    ];
    const keep = markupCache({ maxBytes: 100_000 });
    const drawn = page(cards);
    expect(page(cards, keep)).toBe(drawn);
    // And again from what was kept.
    expect(page(cards, keep)).toBe(drawn);
    expect(drawn).toContain('href="/product/p2"');
    expect(drawn).toContain("Card Holder &amp; Sleeve");
  });

  it("keeps every card but the one with the page's main image, which the page preloads", () => {
    const keep = markupCache({ maxBytes: 100_000 });
    page([{ product: card, priority: true }, { product: { ...card, id: "p2" } }], keep);
    expect(keep.size).toBe(1);
  });

  it("show a changed price at once: a card's key holds its values", () => {
    const keep = markupCache({ maxBytes: 100_000 });
    expect(page([{ product: card }], keep)).toContain("PKR 2,990.00");
    const cheaper = page([{ product: { ...card, discountPrice: 250000 } }], keep);
    expect(cheaper).toContain("PKR 2,500.00");
    expect(cheaper).not.toContain("PKR 2,990.00");
    const soldOut = page([{ product: { ...card, outOfStock: true } }], keep);
    expect(soldOut).toContain("Out of Stock");
  });
});
