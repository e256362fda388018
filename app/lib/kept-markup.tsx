import { createContext, useContext, type ReactElement, type ReactNode } from "react";

/**
 * Markup kept by the server: a part of a page that is drawn the same way for the same values (a
 * product card) is rendered to HTML once and reused by every page that shows it, instead of being
 * rendered again on every request (kept-markup.server.tsx, docs/decisions/0037).
 *
 * `keep(key, element, path)` answers the HTML of `element`, kept under `key`, drawn as on a page at
 * `path` (default "/": for parts whose links do not depend on where they are). The key must hold
 * every value the element is drawn from, so that a kept part can never be out of date. Absent in
 * the browser, where the same components render (and hydrate) as usual.
 */
export type KeepMarkup = (key: string, element: ReactElement, path?: string) => string;

const KeptMarkupContext = createContext<KeepMarkup | undefined>(undefined);

export function KeptMarkupProvider({ keep, children }: { keep: KeepMarkup | undefined; children: ReactNode }) {
  return <KeptMarkupContext.Provider value={keep}>{children}</KeptMarkupContext.Provider>;
}

/** The server's kept markup while rendering a page there; undefined in the browser. */
export function useKeptMarkup(): KeepMarkup | undefined {
  return useContext(KeptMarkupContext);
}
