import { createContext, useContext, useEffect, type ReactNode } from "react";
import stylesheetUrl from "~/app.css?url";

/**
 * The styles a page needs, written into the head of its document instead of a linked stylesheet,
 * so the first paint waits for no second request (docs/decisions/0026-critical-css-and-memory.md).
 *
 * The server writes a marker here and replaces it with the rules the finished page uses
 * (entry.server.tsx, critical-css.server.ts). The browser keeps the head the server wrote
 * (browser-head.tsx); once the page has loaded the whole stylesheet is linked after it, without
 * holding up any paint, for what scripts and client-side navigation show next.
 */
export const INLINE_STYLES_ID = "shop-styles";

const StylesContext = createContext<string | undefined>(undefined);

export function StylesProvider({ css, children }: { css: string | undefined; children: ReactNode }) {
  return <StylesContext.Provider value={css}>{children}</StylesContext.Provider>;
}

/**
 * Links the whole stylesheet once the page has loaded, so it never competes with the page's main
 * image; only where the page came with its styles inline (built pages: the dev server links it
 * itself, and a signed-in visitor's pages link it already).
 */
export function useWholeStylesheet() {
  useEffect(() => {
    if (!document.getElementById(INLINE_STYLES_ID)) return;
    const link = () => {
      if (document.querySelector(`link[rel="stylesheet"][href="${stylesheetUrl}"]`)) return;
      const element = document.createElement("link");
      element.rel = "stylesheet";
      element.href = stylesheetUrl;
      document.head.append(element);
    };
    if (document.readyState === "complete") return link();
    window.addEventListener("load", link, { once: true });
    return () => window.removeEventListener("load", link);
  }, []);
}

/**
 * The page's styles: the `<style>` element with the rules it uses, or, for a page the server
 * rendered without them (a signed-in visitor's, who has the whole stylesheet from an earlier
 * visit: docs/decisions/0035-signed-in-pages-link-the-stylesheet.md), a link to the whole
 * stylesheet. Nothing on the dev server, which links the stylesheet itself.
 */
export function InlineStyles() {
  const css = useContext(StylesContext);
  if (css) return <style id={INLINE_STYLES_ID} dangerouslySetInnerHTML={{ __html: css }} />;
  if (import.meta.env.DEV) return null;
  return <link rel="stylesheet" href={stylesheetUrl} />;
}
