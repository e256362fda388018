import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { MarkupCacheProvider } from "~/modules/cache/markup-cache";
import { markupCache } from "~/modules/cache/markup-cache.server";
import { Footer } from "./footer";
import { Navbar, type NavUser } from "./navbar";

/** The storefront's bar and footer as a page at `path` renders them, with the server's markup cache or without. */
function page(path: string, user: NavUser | null, keep?: ReturnType<typeof markupCache>) {
  const element = (
    <MarkupCacheProvider keep={keep}>
      <Navbar user={user} />
      <Footer categories={[{ id: "c1", name: "Belts & Straps" }]} year={2026} />
    </MarkupCacheProvider>
  );
  return renderToString(<RouterProvider router={createMemoryRouter([{ path: "*", element }], { initialEntries: [path] })} />);
}

const owner: NavUser = { firstName: "Ayesha", email: "owner@example.pk", role: "main-admin" };
const customer: NavUser = { firstName: "", email: "bilal@example.pk", role: "customer" };
// Pages in the order a visitor might see them: several share a way of drawing the bar.
const paths = ["/", "/shop", "/shop/category/c1", "/product/p1", "/checkout", "/cart", "/about", "/contact", "/track", "/product/p2"];

describe("the storefront's bar and footer kept by the server", () => {
  it("are the markup the browser draws on every page, for visitors, customers and staff", () => {
    const keep = markupCache({ maxBytes: 1_000_000 });
    for (const user of [null, customer, owner]) {
      for (const path of paths) expect(page(path, user, keep), `${path} as ${user?.email ?? "a visitor"}`).toBe(page(path, user));
    }
    // One footer, and one bar per way it looks: the links active on a page and who is signed in.
    expect(keep.size).toBeLessThan(paths.length * 3);
  });

  it("mark the page's own link, and say who is signed in", () => {
    const keep = markupCache({ maxBytes: 1_000_000 });
    const shop = page("/shop/category/c1", owner, keep);
    expect(shop).toMatch(/<a aria-current="page"[^>]*href="\/shop"/);
    expect(shop).toContain("Signed in as <span");
    expect(shop).toContain('href="/admin"');
    const about = page("/about", customer, keep);
    expect(about).toMatch(/<a aria-current="page"[^>]*href="\/about"/);
    expect(about).not.toMatch(/aria-current="page"[^>]*href="\/shop"/);
    expect(about).toContain("bilal@example.pk");
    expect(about).not.toContain('href="/admin"');
    // Signed out, the bar's Profile is a button of a form to the login page; signed in, it is not.
    expect(page("/", null, keep)).toMatch(/action="\/login" method="get"><button type="submit"[^>]*aria-label="Profile"/);
    expect(shop).not.toContain('action="/login"');
    expect(shop).toContain("Belts &amp; Straps");
  });
});
