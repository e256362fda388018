import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core's rules for WCAG 2.2 levels A and AA (2.0, 2.1 and 2.2 criteria), none disabled. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;

/**
 * What axe-core's WCAG 2.2 A and AA rules find on the page as it stands, one line per element:
 * the rule, the element, and what the rule says of it. An empty list: nothing found.
 */
async function axeFindings(page: Page): Promise<string[]> {
  // The shop draws no frames, so axe runs in the page alone ("legacy mode": it does not open a blank
  // page to gather frames' results, and a check takes a third of the time). Should a page ever hold
  // a frame, this fails rather than leave the frame unchecked.
  expect(page.frames(), "the page holds no frame that axe would leave unchecked").toHaveLength(1);
  const { violations } = await new AxeBuilder({ page })
    .withTags([...WCAG_22_AA])
    .setLegacyMode(true)
    .analyze();
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
