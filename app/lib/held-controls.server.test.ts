import { describe, expect, it } from "vitest";
import { HOLD_CONTROLS, MARK_HELD_CONTROLS, withHeldControls } from "./held-controls.server";

const head = '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>';
const content = '</head><body><main><button type="button" data-needs-script="">Add to Cart</button><select name="status"></select></main>';
const context = '<script nonce="n0nce">window.__reactRouterContext = {};</script>';
const moduleScript = '<script nonce="n0nce" type="module" async="">import("/assets/entry.client-1.js");</script>';
const page = (nonce: string) => `${content}${context.replace("n0nce", nonce)}${moduleScript.replace("n0nce", nonce)}</body></html>`;

describe("controls held until the page's scripts have taken over", () => {
  it("takes presses from the head, and holds the controls after every one of them and before React Router's module script, allowed by the nonce", () => {
    const held = withHeldControls(head, Buffer.from(page("n0nce")), "n0nce");
    expect(held.head).toBe(`${head}<script nonce="n0nce">${HOLD_CONTROLS}</script>`);
    expect(held.body.toString("utf8")).toBe(`${content}${context}<script nonce="n0nce">${MARK_HELD_CONTROLS}</script>${moduleScript}</body></html>`);
  });

  it("holds what needs scripts, buttons of type button and selects, with aria-disabled, not disabled", () => {
    expect(MARK_HELD_CONTROLS).toContain(`'[data-needs-script],button[type="button"],select'`);
    expect(MARK_HELD_CONTROLS).toContain('setAttribute("aria-disabled","true")');
    expect(MARK_HELD_CONTROLS + HOLD_CONTROLS).not.toMatch(/\.disabled\s*=/);
    // Before they are held, a press on one of them is taken too (a control painted before the page was read to its end).
    expect(HOLD_CONTROLS).toContain(`t.closest('[data-needs-script],button[type="button"],select')`);
  });

  it("writes the same scripts on every page, so that a kept page's policy can allow them by their hashes", () => {
    const scripts = (nonce: string) => {
      const held = withHeldControls(head, Buffer.from(page(nonce)), nonce);
      return [...(held.head + held.body.toString("utf8")).matchAll(/<script nonce="[^"]+">(\(\(\)=>\{.*?)<\/script>/gs)].map((m) => m[1]);
    };
    expect(scripts("other")).toEqual(scripts("n0nce"));
    expect(scripts("n0nce")).toHaveLength(2);
  });

  it("leaves a page without a module script as it is", () => {
    const plain = Buffer.from("</head><body><p>Not found</p></body></html>");
    const held = withHeldControls(head, plain, "n0nce");
    expect(held.head).toBe(head);
    expect(held.body).toBe(plain);
  });
});
