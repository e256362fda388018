import { describe, expect, it } from "vitest";
import { HOLD_CONTROLS, withHeldControls } from "./held-controls.server";

const content = '</head><body><main><button type="button" data-needs-script="">Add to Cart</button><select name="status"></select></main>';
const context = '<script nonce="n0nce">window.__reactRouterContext = {};</script>';
const moduleScript = '<script nonce="n0nce" type="module" async="">import("/assets/entry.client-1.js");</script>';
const page = (nonce: string) => `${content}${context.replace("n0nce", nonce)}${moduleScript.replace("n0nce", nonce)}</body></html>`;

describe("controls held until the page's scripts have taken over", () => {
  it("puts the holding script after every control and before React Router's module script, allowed by the nonce", () => {
    const html = withHeldControls(Buffer.from(page("n0nce")), "n0nce").toString("utf8");
    expect(html).toBe(`${content}${context}<script nonce="n0nce">${HOLD_CONTROLS}</script>${moduleScript}</body></html>`);
  });

  it("holds what needs scripts, buttons of type button and selects, with aria-disabled, not disabled", () => {
    expect(HOLD_CONTROLS).toContain(`'[data-needs-script],button[type="button"],select'`);
    expect(HOLD_CONTROLS).toContain('setAttribute("aria-disabled","true")');
    expect(HOLD_CONTROLS).not.toMatch(/\.disabled\s*=/);
  });

  it("writes the same script on every page, so that a kept page's policy can allow it by its hash", () => {
    const held = (nonce: string) =>
      /<script nonce="[^"]+">(\(\(\)=>\{.*?)<\/script>/s.exec(withHeldControls(Buffer.from(page(nonce)), nonce).toString("utf8"))?.[1];
    expect(held("other")).toBe(held("n0nce"));
  });

  it("leaves a page without a module script as it is", () => {
    const plain = Buffer.from("</head><body><p>Not found</p></body></html>");
    expect(withHeldControls(plain, "n0nce")).toBe(plain);
  });
});
