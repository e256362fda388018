import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { Meta, useLocation, useMatches } from "react-router";
import { useWholeStylesheet } from "~/lib/inline-styles";
import { PREACT_IN_THE_BROWSER } from "~/lib/browser-renderer";

/**
 * The document's head in the browser (docs/decisions/0071).
 *
 * The server writes the head with React, which orders it its own way (the charset first, preloads
 * before titles, scripts it inserts); preact, which renders in the browser, would match the head's
 * children by order and drop the ones it does not know. So the browser keeps the server's head as
 * it is (`KEPT_HEAD`), and after each render writes into it what the page now names: the title
 * (an error boundary's `PageTitle` first, then the routes' `meta`), the meta tags and the
 * canonical link, drawn by React Router's `<Meta />` into an element outside the document.
 */
export const KEPT_HEAD = { __html: "" };

const NAMED =
  'meta[name]:not([name="viewport"]):not([name="theme-color"]), meta[property], link[rel="canonical"], script[type="application/ld+json"]';
const PAGE_TITLE = "data-page-title";

/**
 * The title a part of the page gives the document (an error boundary's, whose routes' `meta` has no
 * data to name): on the server a `<title>`, which React moves into the head; in the browser the
 * attribute `pageTitleOf` puts on the boundary's element, which BrowserHead reads (a `<title>` drawn
 * by preact would stay in the page, where shoppers' tools would find its text).
 */
export function PageTitle({ title }: { title: string }) {
  return PREACT_IN_THE_BROWSER ? null : <title>{title}</title>;
}
export const pageTitleOf = (title: string) => ({ [PAGE_TITLE]: title });

function pageTitle(drawn: Element): string | undefined {
  return document.body.querySelector(`[${PAGE_TITLE}]`)?.getAttribute(PAGE_TITLE) ?? drawn.querySelector("title")?.textContent ?? undefined;
}

export function BrowserHead() {
  const [drawn] = useState(() => document.createElement("div"));
  useWholeStylesheet();
  // Drawn again, and the head written, whenever the page or its data changes.
  const location = useLocation();
  const matches = useMatches();
  useEffect(() => {
    const title = pageTitle(drawn);
    if (title !== undefined && document.title !== title) document.title = title;
    const wanted = [...drawn.querySelectorAll(NAMED)];
    const present = [...document.head.querySelectorAll(NAMED)];
    if (wanted.length === present.length && wanted.every((element, i) => element.isEqualNode(present[i]))) return;
    for (const element of present) element.remove();
    document.head.append(...wanted.map((element) => element.cloneNode(true)));
  }, [drawn, location, matches]);
  return createPortal(<Meta />, drawn);
}
