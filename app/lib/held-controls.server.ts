import { HELD_ATTRIBUTE, HELD_MARKED, HELD_PRESSES, HELD_REPLAY, SCRIPTS_FAILED_ID } from "./needs-script";

/**
 * The notice a page shows when its scripts failed to load before it hydrated (a network that
 * dropped them): its held controls would never work. The link loads the page again. Only its id
 * is in the browser's scripts (needs-script.ts), which take it away once the page has hydrated.
 */
const SCRIPTS_FAILED = {
  id: SCRIPTS_FAILED_ID,
  text: "Part of this page did not load, so some of its buttons do not work yet.",
  link: "Reload the page",
} as const;

/**
 * Controls held until the page's scripts have taken over (needs-script.ts), on every page: a
 * control used before then would otherwise do nothing, or (a select) show a choice the page never
 * heard of. Held are the controls marked `data-needs-script`, every `button type="button"` (such a
 * button does nothing without scripts) and every select, unless already disabled.
 *
 * Held means `aria-disabled="true"`: still focusable and in the Tab order. A press on a held
 * button (a tap, Enter or Space) is kept, at most eight, for the root component to do again in
 * order once the page has hydrated, and answered at once (docs/decisions/0060): a button that
 * opens a panel (`aria-expanded`, `aria-controls`) shows or hides it, a button of a group of
 * pressed buttons (a colour, a size) becomes the pressed one, and any other (Add to Cart) is
 * marked `aria-busy` until the page has done the press; a held select does not open, and a held select or field takes
 * no keys but Tab and Escape (what was chosen or typed would not reach the page's state).
 *
 * Should one of the page's module scripts fail to load before the page has hydrated (a network
 * that dropped it), its held controls would stay held: a page holding any then says so at its
 * foot, with a link that loads it again (SCRIPTS_FAILED), instead of leaving the shopper to tap
 * in vain. And Back or Forward to an entry of the shop an earlier document of the tab made, which
 * the browser hands to this one to draw, loads that entry's page until the scripts could draw it.
 *
 * Two static scripts (so that a kept page's policy can allow them by their hashes): one in the
 * head takes the presses from the start, one at the end of the body holds the controls.
 */

/** What is held: controls marked to need scripts, buttons of type button, selects. */
const HELD = `'[data-needs-script],button[type="button"],select'`;

/**
 * In the head, before any control is drawn: takes the presses on held controls, and on controls
 * still to be held (a tap on a control painted before the end of the page has been read), and
 * reports scripts that failed.
 */
export const HOLD_CONTROLS = [
  "(()=>{",
  `const q=window.${HELD_PRESSES}=[];`,
  // Held: marked so; or, until the marking script has run, anything it will mark.
  `const held=e=>{const t=e.target;if(!(t instanceof Element))return null;const c=t.closest("[${HELD_ATTRIBUTE}]");if(c||window.${HELD_MARKED})return c;const d=t.closest(${HELD});return d&&!d.disabled&&d.getAttribute("aria-disabled")!=="true"?d:null};`,
  // What a press shows at once, before the page has done it: a button that opens a panel opens it;
  // of a group's pressed buttons, the one pressed (a lone one turns over); any other is busy.
  'const show=c=>{const p=c.getAttribute("aria-pressed");if(c.hasAttribute("aria-expanded")){const o=c.getAttribute("aria-expanded")!=="true";c.setAttribute("aria-expanded",String(o));const t=document.getElementById(c.getAttribute("aria-controls")||"");if(t)t.hidden=!o}',
  'else if(p!==null){const g=c.closest("[role=group]");if(!g)c.setAttribute("aria-pressed",String(p!=="true"));else for(const b of g.querySelectorAll("button[aria-pressed]"))if(!b.disabled)b.setAttribute("aria-pressed",String(b===c))}',
  'else c.setAttribute("aria-busy","true")};',
  // The presses done again once the page has hydrated (releaseHeldControls), one per task, so that
  // React draws what one did before the next reads it; a button drawn anew meanwhile (a size, once
  // a colour is chosen) is found again by its group and its name. A busy one answers itself.
  'const key=b=>b.parentElement?.getAttribute("aria-labelledby")+(b.ariaLabel??b.textContent);',
  `window.${HELD_REPLAY}=()=>{const k=q.map(key);const n=()=>{const c=q.shift(),x=k.shift();if(!c)return;c.removeAttribute("aria-busy");const b=c.isConnected?c:[...document.querySelectorAll("button")].find(b=>key(b)===x);b?.click();setTimeout(n)};n()};`,
  'document.addEventListener("click",e=>{const c=held(e);if(!c)return;e.preventDefault();e.stopImmediatePropagation();if(c.tagName==="BUTTON"&&q.length<8){q.push(c);show(c)}},true);',
  'const still=e=>{const c=held(e);if(c&&c.tagName!=="BUTTON"&&(e.type!=="mousedown"||c.tagName==="SELECT")&&(e.type!=="keydown"||!["Tab","Shift","Escape"].includes(e.key)))e.preventDefault()};',
  'for(const t of ["mousedown","keydown","beforeinput"])document.addEventListener(t,still,true);',
  // Back or Forward to an entry an earlier document of this tab made within the shop (a product
  // opened from the list, then reloaded, or brought back after the phone dropped the tab): the
  // browser hands it to this document as a move within it, which only the page's scripts can draw.
  // Until they have taken over, that page is loaded (its place comes back by its entry's key).
  `const at=location.pathname+location.search;addEventListener("popstate",()=>{if(window.${HELD_PRESSES}&&location.pathname+location.search!==at)location.reload()});`,
  // A module script, or its preload, that failed before the page hydrated.
  `addEventListener("error",e=>{const t=e.target;if(!(t instanceof HTMLScriptElement&&t.type==="module"||t instanceof HTMLLinkElement&&t.rel==="modulepreload")||!window.${HELD_PRESSES}||!document.querySelector("[${HELD_ATTRIBUTE}]")||document.getElementById(${JSON.stringify(SCRIPTS_FAILED.id)}))return;`,
  `const n=document.createElement("div");n.id=${JSON.stringify(SCRIPTS_FAILED.id)};n.setAttribute("role","alert");`,
  'n.style.cssText="position:fixed;inset:auto 0 0 0;z-index:60;padding:12px 16px;background:#fff7ed;color:#1c1917;border-top:1px solid #c2410c;text-align:center";',
  `const a=document.createElement("a");a.href=location.href;a.textContent=${JSON.stringify(SCRIPTS_FAILED.link)};a.style.cssText="font-weight:600;text-decoration:underline;color:#9a3412";`,
  `n.append(${JSON.stringify(SCRIPTS_FAILED.text + " ")},a);document.body.append(n);document.body.style.paddingBottom=n.offsetHeight+"px"},true)`,
  "})()",
].join("");

/** At the end of the body, after every control the server wrote: holds them. */
export const MARK_HELD_CONTROLS = [
  "(()=>{",
  `for(const e of document.querySelectorAll(${HELD})){if(e.disabled||e.getAttribute("aria-disabled")==="true")continue;e.setAttribute("aria-disabled","true");e.setAttribute("${HELD_ATTRIBUTE}","")}`,
  `window.${HELD_MARKED}=1`,
  "})()",
].join("");

/** What marks React Router's module script, which starts the page's scripts. */
export const MODULE_SCRIPT = ' type="module" async="">';

/**
 * The page with the holding scripts: one at the end of its head (`head`: the document up to
 * `</head>`), one just before React Router's module script (after every control the server wrote,
 * before anything can hydrate). A page without that module script is left as it is.
 */
export function withHeldControls(head: string, body: Buffer, nonce: string): { head: string; body: Buffer } {
  const marker = body.indexOf(MODULE_SCRIPT);
  const start = marker === -1 ? -1 : body.lastIndexOf("<script", marker);
  if (start === -1) return { head, body };
  const script = (text: string) => `<script${nonce ? ` nonce="${nonce}"` : ""}>${text}</script>`;
  return {
    head: head + script(HOLD_CONTROLS),
    body: Buffer.concat([body.subarray(0, start), Buffer.from(script(MARK_HELD_CONTROLS)), body.subarray(start)]),
  };
}
