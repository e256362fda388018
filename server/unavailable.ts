import { BRAND } from "~/lib/brand";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_TEXT } from "~/lib/database-faults";

/**
 * The answer while the database cannot be reached (docs/decisions/0049-database-blinks.md): 503
 * with Retry-After, in the shop's own words and colours. It needs nothing but this file: no
 * database, no stylesheet from the build, no scripts.
 */

const STYLE = [
  "body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#292524;background:#fafaf9}",
  "header{background:#4d3018;padding:1rem}",
  "header a{color:#fff;font-family:Georgia,serif;font-size:1.25rem;font-weight:600;text-decoration:none}",
  "main{max-width:36rem;margin:0 auto;padding:4rem 1rem;text-align:center}",
  "h1{font-family:Georgia,serif;font-size:2rem;color:#4d3018;margin:0}",
  "p{font-size:1.125rem;line-height:1.6}",
  "main a{display:inline-block;margin-top:1.5rem;padding:.75rem 1.25rem;border-radius:.375rem;background:#6b4423;color:#fff;text-decoration:none;font-weight:500}",
].join("");

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The answer to `request`: a page for a browser's page or form (`again`: the path to try again),
 * the bare words for a script's data request (React Router shows them in the page's error
 * boundary), and the same words for anything else.
 */
export function unavailableAnswer(request: Request): Response {
  const url = new URL(request.url);
  const headers = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  const wantsPage = !url.pathname.endsWith(".data") && (request.headers.get("accept") ?? "").includes("text/html");
  if (!wantsPage)
    return new Response(DATABASE_UNAVAILABLE_TEXT, { status: 503, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  const sent = request.method !== "GET" && request.method !== "HEAD";
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="theme-color" content="#4d3018">
<title>We'll be right back | ${escapeHtml(BRAND.fullName)}</title><style>${STYLE}</style></head>
<body><header><a href="/">${escapeHtml(BRAND.fullName)}</a></header>
<main><h1>We'll be right back</h1><p>${escapeHtml(DATABASE_UNAVAILABLE_TEXT)}</p>${
    sent
      ? "<p>What you sent may not have been saved. Go back with your browser's Back button and send it again in a minute: what you typed is still there.</p>"
      : `<a href="${escapeHtml(url.pathname + url.search)}">Try again</a>`
  }</main></body></html>`;
  return new Response(request.method === "HEAD" ? null : body, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
