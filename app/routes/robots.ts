import { getEnv } from "~/config.server";

/**
 * /robots.txt: everything public may be crawled; the back office and the pages of an account or an
 * order may not. The cart and checkout may (docs/decisions/0062): a crawler has no cart, and is
 * shown an empty one.
 */
export function loader() {
  const base = getEnv().publicUrl;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /confirmorder",
    "Disallow: /login",
    "Disallow: /signup",
    "Disallow: /forgot-password",
    "Disallow: /reset-password",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
