import type { Route } from "./+types/sitemap";
import { getEnv } from "~/config.server";
import { listSitemapEntries } from "~/modules/catalog/catalogue-links.server";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** /sitemap.xml: home, shop, about, contact, every category and every product. */
export async function loader({ context }: Route.LoaderArgs) {
  const base = getEnv().publicUrl;
  const { products, categories } = await listSitemapEntries(context.db);
  const urls: { loc: string; lastmod?: string }[] = [
    { loc: `${base}/` },
    { loc: `${base}/shop` },
    { loc: `${base}/about` },
    { loc: `${base}/contact` },
    ...categories.map((c) => ({ loc: `${base}/shop/category/${c.id}`, lastmod: c.lastModified })),
    ...products.map((p) => ({ loc: `${base}/product/${p.id}`, lastmod: p.lastModified })),
  ];
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`).join("\n") +
    `\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
