import fs from "node:fs";
import { createRequire } from "node:module";
import type axe from "axe-core";
import { expect, type Page } from "@playwright/test";

/** axe-core's own minified build (654 KB; the `source` its main module offers is unminified, 1.48 MB). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's rules for WCAG 2.2 levels A and AA (2.0, 2.1 and 2.2 criteria), none disabled. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;

/**
 * What axe-core's WCAG 2.2 A and AA rules find on the page as it stands, one line per element:
 * the rule, the element, and what the rule says of it. An empty list: nothing found.
 *
 * axe-core itself, put in the page once per document and run there: the shop draws no frames, so
 * there are no frames' results to gather (should a page ever hold a frame, this fails rather than
 * leave the frame unchecked). Only violations are written out in full (`resultTypes`); the rules
 * run are the same. `@axe-core/playwright` sent axe's unminified 1.48 MB into the page twice per
 * check and took 0.6–0.8 s a check (docs/testing.md).
 */
async function axeFindings(page: Page): Promise<string[]> {
  expect(page.frames(), "the page holds no frame that axe would leave unchecked").toHaveLength(1);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: { type: "tag", values: tags },
          resultTypes: ["violations"],
        })
      ).violations.map(({ id, nodes }) => ({
        id,
        nodes: nodes.map(({ target, failureSummary }) => ({ target: target.map(String), failureSummary })),
      })),
    [...WCAG_22_AA],
  );
  return violations.flatMap(({ id, nodes }) =>
    nodes.map(({ target, failureSummary }) => `${id}: ${target.join(" ")} — ${(failureSummary ?? "").replace(/\s+/g, " ").slice(0, 300)}`),
  );
}

/**
 * Opens `path` and waits until the page's scripts have taken it over and drawn it again as hydrated:
 * the root lets go of the controls held until then (app/lib/needs-script.ts), then two frames are drawn.
 */
export async function visitHydrated(page: Page, path: string) {
  await page.goto(path);
  // A landing page asks for its scripts at the shopper's first key or touch, else 3 s after it is
  // painted (app/lib/scripts-after-paint.server.ts): a key that does nothing else (Shift) asks at
  // once, as a shopper's would, instead of every visit waiting those 3 s.
  await page.keyboard.press("Shift");
  await settled(page);
}

/** Waits until the page's scripts hold no control any more and two frames are drawn. */
export async function settled(page: Page) {
  await page.waitForFunction(() => (window as { __heldPresses?: unknown }).__heldPresses === undefined);
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
}

/** Collects what axe finds on each page a walk shows, keyed by what the page is. */
export class AxeWalk {
  readonly found: Record<string, string[]> = {};
  constructor(private readonly page: Page) {}

  /** Checks the page as it stands now, under `name`. */
  async check(name: string) {
    await settled(this.page);
    const findings = await axeFindings(this.page);
    if (findings.length) this.found[name] = findings;
  }

  /** Opens `path`, then checks it. */
  async visit(path: string) {
    await visitHydrated(this.page, path);
    await this.check(path);
  }

  /** Fails with every finding of the walk at once. */
  expectNothing(what: string) {
    expect(this.found, `what axe-core's WCAG 2.2 A and AA rules find ${what}`).toEqual({});
  }
}
