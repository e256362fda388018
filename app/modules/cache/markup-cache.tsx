import { createContext, useContext, type ReactElement, type ReactNode } from "react";

/**
 * Markup kept by the server: a part of a page that is drawn the same way for the same values (a
 * product card) is rendered to HTML once and reused by every page that shows it, instead of being
 * rendered again on every request (markup-cache.server.tsx, docs/decisions/0037).
 *
 * `keep(key, element, path)` answers the HTML of `element`, kept under `key`, drawn as on a page at
 * `path` (default "/": for parts whose links do not depend on where they are). The key must hold
 * every value the element is drawn from, so that a kept part can never be out of date. Absent in
 * the browser, where the same components render (and hydrate) as usual.
 */
export type MarkupCache = (key: string, element: ReactElement, path?: string) => string;

const MarkupCacheContext = createContext<MarkupCache | undefined>(undefined);

export function MarkupCacheProvider({ keep, children }: { keep: MarkupCache | undefined; children: ReactNode }) {
  return <MarkupCacheContext.Provider value={keep}>{children}</MarkupCacheContext.Provider>;
}

/** The server's kept markup while rendering a page there; undefined in the browser. */
export function useMarkupCache(): MarkupCache | undefined {
  return useContext(MarkupCacheContext);
}
