/**
 * The brand typeface after the first paint (docs/decisions/0065, amending 0058).
 *
 * Headings are drawn in Fraunces (`--font-serif`), whose two files are 36 KB. Named in the page's
 * first layout, the browser asks for them before the first paint, at the highest priority, beside
 * the page's main image: on a phone's slow network the text and the image wait for the type.
 * So `--font-serif` starts with Fraunces' local stand-in ("Fraunces Fallback", a local serif
 * resized to Fraunces' metrics: the swap moves nothing), and Fraunces is named by a mark on the
 * document (`data-brand-font`, app.css):
 * - on a first visit, once the page has been painted; the browser then asks for both weights, and
 *   remembers that it has them;
 * - on a later visit (the files are kept a year), before the first layout, so that a returning
 *   shopper never sees the stand-in.
 * Without scripts the `<noscript>` style names Fraunces from the start, as before.
 */

/** Where the browser remembers that it has the brand typeface's files. */
const BRAND_FONT_KEPT = "brand-font";

/** The weights the shop sets in Fraunces (app.css's @font-face rules). */
const WEIGHTS = ["400", "600"];

/** Static (a kept page's policy allows it by its hash). */
const BRAND_FONT_SCRIPT = [
  "(()=>{",
  'const r=document.documentElement,on=()=>r.setAttribute("data-brand-font","");',
  `try{if(localStorage.getItem("${BRAND_FONT_KEPT}")){on();return}}catch{}`,
  "const later=()=>{on();",
  `if(document.fonts)Promise.all(${JSON.stringify(WEIGHTS)}.map(w=>document.fonts.load(w+" 1em Fraunces"))).then(f=>{if(f.every(l=>l.length))try{localStorage.setItem("${BRAND_FONT_KEPT}","1")}catch{}},()=>{})};`,
  // After the browser reports its first contentful paint, where it can; else after the first frame.
  'if(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes?.includes("paint"))',
  'new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();later()}}).observe({type:"paint",buffered:true});',
  "else requestAnimationFrame(()=>setTimeout(later))",
  "})()",
].join("");

/** Without scripts, as app.css's `:root[data-brand-font]`. */
const NO_SCRIPT = '<noscript><style>:root{--font-serif:"Fraunces",var(--font-serif-stand-in)}</style></noscript>';

/** The head (the document up to `</head>`, as text) with the brand typeface's script and its no-script style. */
export function withBrandFont(head: string, nonce: string): string {
  return `${head}<script${nonce ? ` nonce="${nonce}"` : ""}>${BRAND_FONT_SCRIPT}</script>${NO_SCRIPT}`;
}
