/**
 * The brand typeface after the first paint (docs/decisions/0065, amending 0058).
 *
 * Headings are drawn in Fraunces (`--font-serif`), whose two files are 36 KB. Named in the page's
 * first layout, the browser asks for them before the first paint, at the highest priority, beside
 * the page's main image: on a phone's slow network the text and the image wait for the type.
 * So `--font-serif` starts with Fraunces' local stand-in ("Fraunces Fallback", a local serif
 * resized to Fraunces' metrics: the swap moves nothing), and Fraunces is named by a mark on the
 * document (`data-brand-font`, app.css), set once the browser reports the page's first contentful
 * paint (after its first frame where it cannot). A browser that has the files (kept a year) draws
 * them a frame later; one that has not asks for them then. The script reads no storage: a read
 * before the first paint holds the page's parsing (measured: /cart's first paint 0.16 s later).
 * Without scripts app.css's `@media (scripting: none)` names Fraunces from the start, as before.
 */

/** Static (a kept page's policy allows it by its hash). */
const BRAND_FONT_SCRIPT = [
  "(()=>{",
  'const on=()=>document.documentElement.setAttribute("data-brand-font","");',
  'if(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes?.includes("paint"))',
  'new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();on()}}).observe({type:"paint",buffered:true});',
  "else requestAnimationFrame(()=>setTimeout(on))",
  "})()",
].join("");

/** The head (the document up to `</head>`, as text) with the brand typeface's script. */
export function withBrandFont(head: string, nonce: string): string {
  return `${head}<script${nonce ? ` nonce="${nonce}"` : ""}>${BRAND_FONT_SCRIPT}</script>`;
}
