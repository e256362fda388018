import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_ID, SCRIPTS_WHEN_IDLE_MS, scriptsAfterPaint, startsScriptsAfterPaint } from "./scripts-after-paint.server";

const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="preload" as="image" imageSrcSet="/media/a-640.webp 640w" fetchPriority="high"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/framework-2.js" nonce="n0nce"/>' +
  '<style id="shop-styles">/*page-styles*/</style>';
const moduleText =
  ';\nimport * as route0 from "/assets/root-3.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");';
const body =
  '</head><body><main><button data-needs-script="">Add to Cart</button></main>' +
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>' +
  `<script nonce="n0nce" type="module" async="">${moduleText}</script>` +
  '<script nonce="n0nce">window.__reactRouterContext.streamController.close();</script></body></html>';

describe("scripts after the first paint", () => {
  const page = scriptsAfterPaint(head, Buffer.from(body), "n0nce");
  const html = page.body.toString("utf8");

  it("takes the script preloads out of the head, and nothing else", () => {
    expect(page.head).not.toContain("modulepreload");
    expect(page.head).toContain('<link rel="preload" as="image"');
    expect(page.head).toContain("/*page-styles*/");
  });

  it("keeps the module script as data, word for word, with the preloads it had and its nonce", () => {
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    expect(html).toContain(
      `<script nonce="n0nce" type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}" data-preload="/assets/entry.client-1.js /assets/framework-2.js">${moduleText}</script>`,
    );
  });

  it("follows it with the script that starts the module after the paint, allowed by the nonce", () => {
    const after = html.slice(html.indexOf(moduleText) + moduleText.length + "</script>".length);
    expect(after).toMatch(
      /^<script nonce="n0nce">\(\(\)=>\{.*first-contentful-paint.*<\/script><script nonce="n0nce">window.__reactRouterContext.streamController.close\(\);<\/script><\/body><\/html>$/s,
    );
    // The rest of the page is as it was.
    expect(
      html.startsWith(
        '</head><body><main><button data-needs-script="">Add to Cart</button></main><script nonce="n0nce">window.__reactRouterContext = {};</script>',
      ),
    ).toBe(true);
  });

  it("writes the same starting script on every page, so that a kept page's policy can allow it by its hash", () => {
    const other = scriptsAfterPaint(head.replaceAll("n0nce", "other"), Buffer.from(body.replaceAll("n0nce", "other")), "other").body.toString("utf8");
    const starter = (text: string) => /<script nonce="[^"]+">(\(\(\)=>\{.*?)<\/script>/s.exec(text.slice(text.indexOf("x-deferred-module")))?.[1];
    expect(starter(other)).toBe(starter(html));
  });

  it("starts the scripts at the first touch, click or key, or when the painted page has been left idle", () => {
    const starter = html.slice(html.lastIndexOf('<script nonce="n0nce">(()=>{'));
    for (const event of ["pointerdown", "touchstart", "keydown"]) expect(starter).toContain(`"${event}"`);
    expect(starter).toContain(`setTimeout(()=>idle(()=>go()),${SCRIPTS_WHEN_IDLE_MS})`);
  });

  it("leaves a page without a module script as it is", () => {
    const plain = Buffer.from("</head><body><p>Not found</p></body></html>");
    expect(scriptsAfterPaint(head, plain, "n0nce")).toEqual({ head, body: plain });
  });
});

describe("which pages start their scripts after the first paint", () => {
  it("the pages a shopper lands on, always", () => {
    for (const id of ["routes/home", "shop", "shop-category", "routes/product", "routes/track"])
      expect(startsScriptsAfterPaint(id, {}), id).toBe(true);
  });

  it("the cart and checkout when the server drew their cart (an empty one too), not when it could not", () => {
    const drawn = { lines: [], priced: [] };
    expect(startsScriptsAfterPaint("routes/cart", { "routes/cart": { cart: drawn } })).toBe(true);
    expect(startsScriptsAfterPaint("routes/checkout", { "routes/checkout": { prefill: null, cart: drawn } })).toBe(true);
    expect(startsScriptsAfterPaint("routes/cart", { "routes/cart": { cart: null } })).toBe(false);
    expect(startsScriptsAfterPaint("routes/checkout", {})).toBe(false);
  });

  it("no other page", () => {
    expect(startsScriptsAfterPaint("routes/contact", { "routes/contact": { cart: {} } })).toBe(false);
    expect(startsScriptsAfterPaint(undefined, {})).toBe(false);
  });
});
