import { createContext, useContext, useEffect, type ReactNode } from "react";
import stylesheetUrl from "~/app.css?url";

/**
 * The styles a page needs, written into the head of its document instead of a linked stylesheet,
 * so the first paint waits for no second request (docs/decisions/0026-critical-css-and-memory.md).
 *
 * The server writes a marker here and replaces it with the rules the finished page uses
 * (entry.server.tsx, critical-css.server.ts). In the browser the element is hydrated with the text
 * it already holds; once the page has loaded the whole stylesheet is linked after it, without
 * holding up any paint, for what scripts and client-side navigation show next.
 */
export const INLINE_STYLES_ID = "shop-styles";

const StylesContext = createContext<string | undefined>(undefined);

export function StylesProvider({ css, children }: { css: string | undefined; children: ReactNode }) {
  return <StylesContext.Provider value={css}>{children}</StylesContext.Provider>;
}

/** The text of the document's inline stylesheet, read once in the browser. */
let fromDocument: string | undefined | null = null;
function documentStyles(): string | undefined {
  if (typeof document === "undefined") return undefined;
  if (fromDocument === null) fromDocument = document.getElementById(INLINE_STYLES_ID)?.textContent ?? undefined;
  return fromDocument;
}

/**
 * Links the whole stylesheet once the page has loaded, so it never competes with the page's main
 * image (built pages only: the dev server links it itself).
 */
function useWholeStylesheet(inline: boolean) {
  useEffect(() => {
    if (!inline) return;
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
  }, [inline]);
}

/**
 * The page's styles: the `<style>` element with the rules it uses, or, for a page the server
 * rendered without them (a signed-in visitor's, who has the whole stylesheet from an earlier
 * visit: docs/decisions/0035-signed-in-pages-link-the-stylesheet.md), a link to the whole
 * stylesheet. Nothing on the dev server, which links the stylesheet itself.
 */
export function InlineStyles() {
  const css = useContext(StylesContext) ?? documentStyles();
  useWholeStylesheet(Boolean(css));
  if (css) return <style id={INLINE_STYLES_ID} dangerouslySetInnerHTML={{ __html: css }} />;
  if (import.meta.env.DEV) return null;
  return <link rel="stylesheet" href={stylesheetUrl} />;
}
