import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { CategoryGrid, CategoryGridError, CategoryGridSkeleton, NoCategories } from "./category-grid";

function render(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("category grid states", () => {
  it("shows six skeleton cards while loading", () => {
    const html = render(<CategoryGridSkeleton />);
    expect(html.match(/data-testid="category-skeleton"/g)).toHaveLength(6);
    expect(html).toContain('aria-busy="true"');
  });

  it("links each category card to its listing with its product count", () => {
    const html = render(<CategoryGrid categories={[{ id: "abc", name: "Belts", image: null, createdAt: "", productCount: 1 }]} />);
    expect(html).toContain('href="/shop/category/abc"');
    expect(html).toContain("1 item<");
  });

  it("offers a retry and the six sample categories when loading failed", () => {
    const html = render(<CategoryGridError />);
    expect(html).toContain("Failed to load categories");
    expect(html).toContain(">Retry<");
    for (const name of ["Wallet", "Bags", "Belts", "Office", "Backpacks", "Shoe"]) expect(html).toContain(`>${name}<`);
    expect(html.match(/12 items/g)).toHaveLength(6);
  });

  it("explains when there are no categories", () => {
    const html = render(<NoCategories />);
    expect(html).toContain("No Categories Available");
    expect(html).toContain("There are no product categories to display at the moment.");
    expect(html).toContain("Refresh Categories");
  });
});
