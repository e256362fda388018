import { createContext, useContext, type ReactNode } from "react";

/**
 * The shop's whole stylesheet, written into the head of every document instead of linked, so the
 * first paint waits for no second request (docs/decisions/0026-critical-css-and-memory.md).
 *
 * The server hands the text in through `StylesProvider` (entry.server.tsx). In the browser the
 * same element is hydrated with the text it already holds, so the stylesheet never travels in the
 * JavaScript and stays in place for every client-side navigation.
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

/** The `<style>` element with the stylesheet; nothing when there is none (the dev server links it instead). */
export function InlineStyles() {
  const css = useContext(StylesContext) ?? documentStyles();
  if (!css) return null;
  return <style id={INLINE_STYLES_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
