import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { MarkupCache } from "./markup-cache";

/**
 * The server's kept markup (markup-cache.tsx): HTML rendered once per key, the least recently used
 * dropped past `maxBytes`. Keys hold the values the markup is drawn from, so nothing here needs
 * dropping when the catalogue changes: a changed product simply has a new key, and its old markup
 * ages out. A part is drawn inside a router of its own at the page's path, so that its links and
 * forms render as they do on the page.
 */
export function markupCache({ maxBytes }: { maxBytes: number }): MarkupCache & { readonly bytes: number; readonly size: number } {
  const kept = new Map<string, string>();
  let bytes = 0;
  const keep = (key: string, element: ReactElement, path = "/") => {
    const found = kept.get(key);
    if (found !== undefined) {
      // Most recently used last: the oldest go first.
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
    const html = renderToString(<RouterProvider router={router} />);
    router.dispose();
    // Markup that asks for something in the page's head (an image preload) cannot be kept apart
    // from it: such parts are rendered with the page instead.
    if (html.startsWith("<link")) throw new Error("Kept markup may not ask for anything in the page's head (a high-priority image?).");
    const size = key.length + html.length;
    if (size > maxBytes) return html;
    kept.set(key, html);
    bytes += size;
    for (const [oldest, markup] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldest);
      bytes -= oldest.length + markup.length;
    }
    return html;
  };
  return Object.defineProperties(keep, {
    bytes: { get: () => bytes },
    size: { get: () => kept.size },
  }) as MarkupCache & { readonly bytes: number; readonly size: number };
}
