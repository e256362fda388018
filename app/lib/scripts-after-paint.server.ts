import { MODULE_SCRIPT } from "./held-controls.server";
import { HELD_PRESSES } from "./needs-script";

/**
 * Scripts after the first paint (docs/decisions/0039, 0060): on the storefront pages a shopper lands on
 * (home, the shop and its categories, a product, order tracking), the page's scripts are requested only once its
 * first screen has been painted, so that on a phone's slow network the main image and the text do
 * not share it with 110 KB of scripts. Until the scripts have taken over, the controls that need
 * them are held, as on every page (held-controls.server.ts).
 *
 * React Router writes the page's scripts as module preloads in the head and one inline module
 * script at the end of the body, whose imports start every download. Here the preloads leave the
 * head, and the module script is kept as data, with a small script after it that adds the
 * preloads and runs the module script at the shopper's first interaction, or once the painted
 * page has been left idle a while (docs/decisions/0060).
 */

/** Route ids of the pages whose scripts start after their first paint. */
const SCRIPTS_AFTER_PAINT_ROUTES: ReadonlySet<string> = new Set(["routes/home", "shop", "shop-category", "routes/product", "routes/track"]);

/**
 * Route ids of the pages whose scripts start after their first paint when the server drew their
 * cart from its cookie (docs/decisions/0062): their loader's `cart` is not null. Without it, their
 * main content is drawn by the scripts, which are then asked for at once.
 */
const SCRIPTS_AFTER_PAINT_WITH_CART: ReadonlySet<string> = new Set(["routes/cart", "routes/checkout"]);

/** Whether this page's scripts start after its first paint. */
export function startsScriptsAfterPaint(routeId: string | undefined, loaderData: Record<string, unknown> | undefined): boolean {
  if (routeId === undefined) return false;
  if (SCRIPTS_AFTER_PAINT_ROUTES.has(routeId)) return true;
  const data = loaderData?.[routeId] as { cart?: unknown } | undefined;
  return SCRIPTS_AFTER_PAINT_WITH_CART.has(routeId) && data?.cart != null;
}

export const DEFERRED_MODULE_ID = "page-module";

/** How long after its first screen a page nobody has touched asks for its scripts (docs/decisions/0060). */
export const SCRIPTS_WHEN_IDLE_MS = 3000;

/** What a shopper does that asks for the scripts at once: a touch, a click, a key, a field focused (not the mouse passing over: a page loading under the pointer is told it moved). */
const FIRST_INTERACTION = ["pointerdown", "touchstart", "keydown", "focusin", "click"];

/**
 * Asks for the scripts at the shopper's first interaction with the page (a touch, a key, the mouse),
 * or, if none comes, once the page has been painted (the browser has reported its first
 * contentful paint, where it can), its main images (those it fetches at high priority) have
 * arrived and SCRIPTS_WHEN_IDLE_MS have passed, when the browser is idle; in any case after twice
 * that (a page in a background tab is never painted). Until then the page does no work of its own:
 * a cheap phone paints it, scrolls it and answers taps (the holding script answers a tap on a
 * held control at once, and keeps it for the scripts). The module script is run with the text it
 * was sent with: the page's policy allows it by its nonce, or by its hash when the page comes
 * from the page cache. Static, so that its own hash stays the same.
 */
const LOADER = [
  "(()=>{",
  `const d=document.getElementById("${DEFERRED_MODULE_ID}");if(!d)return;`,
  `const events=${JSON.stringify(FIRST_INTERACTION)};`,
  "let go=()=>{go=()=>{};for(const t of events)removeEventListener(t,now,true);",
  'for(const h of (d.dataset.preload||"").split(" ").filter(Boolean)){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}',
  'const s=document.createElement("script");s.type="module";s.nonce=d.nonce;s.textContent=d.textContent;d.replaceWith(s)};',
  // After the frame that shows the interaction's own answer, not in its handlers.
  "const now=()=>requestAnimationFrame(()=>setTimeout(()=>go()));for(const t of events)addEventListener(t,now,{capture:true,passive:true});",
  // A press the holding script took before this script was read.
  `if(window.${HELD_PRESSES}?.length)go();`,
  'const loaded=i=>i.complete?0:new Promise(r=>{i.addEventListener("load",r,{once:true});i.addEventListener("error",r,{once:true})});',
  'const painted=new Promise(r=>{const f=()=>performance.getEntriesByName("first-contentful-paint").length>0;',
  'if(f()||!(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes?.includes("paint")))return r();',
  'const o=new PerformanceObserver(()=>{if(f()){o.disconnect();r()}});o.observe({type:"paint",buffered:true})});',
  "const idle=f=>window.requestIdleCallback?requestIdleCallback(f,{timeout:1000}):f();",
  `Promise.all([painted,...[...document.querySelectorAll('img[fetchpriority="high"]')].map(loaded)]).then(()=>setTimeout(()=>idle(()=>go()),${SCRIPTS_WHEN_IDLE_MS}));`,
  `setTimeout(()=>go(),${2 * SCRIPTS_WHEN_IDLE_MS})`,
  "})()",
].join("");

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const SCRIPT_END = "</script>";

/**
 * The page with its scripts started after its first paint: `head` is the document up to `</head>`
 * as text, `body` the rest as the server wrote it. A page without React Router's module script is
 * left as it is.
 */
export function scriptsAfterPaint(head: string, body: Buffer, nonce: string): { head: string; body: Buffer } {
  const marker = body.indexOf(MODULE_SCRIPT);
  if (marker === -1) return { head, body };
  const start = body.lastIndexOf("<script", marker);
  const textStart = marker + MODULE_SCRIPT.length;
  const closing = body.indexOf(SCRIPT_END, textStart);
  if (start === -1 || closing === -1) return { head, body };
  const preloads = [...head.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  // The script's own attributes (its nonce) stay; only its type changes, so that it waits.
  const attributes = body.toString("latin1", start + "<script".length, marker);
  const kept = `<script${attributes} type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}" data-preload="${preloads.join(" ")}">`;
  const loader = `<script${nonce ? ` nonce="${nonce}"` : ""}>${LOADER}</script>`;
  return {
    head: head.replace(MODULE_PRELOAD, ""),
    body: Buffer.concat([
      body.subarray(0, start),
      Buffer.from(kept),
      body.subarray(textStart, closing + SCRIPT_END.length),
      Buffer.from(loader),
      body.subarray(closing + SCRIPT_END.length),
    ]),
  };
}
