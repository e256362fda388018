import type { Page } from "@playwright/test";

/**
 * What keeps a screen from fitting its window, as a person would meet it, in words a failing test
 * can show: the page scrolling sideways; a frame inside it (a table's, a dialog's) that scrolls
 * sideways; a button or field too small to tap (under 24 × 24 px); a control whose text is cut, or
 * that a frame or the window cuts off. An empty list: the screen fits.
 */
export async function fitProblems(page: Page, options: { minTarget?: number } = {}): Promise<string[]> {
  return page.evaluate(({ minTarget }) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window`);

    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      // Seen at all: not folded away, not hidden, not a screen reader's text (sr-only is 1 px).
      return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== "hidden";
    };
    const describe = (el: Element) => {
      const name = (el.getAttribute("aria-label") || (el as HTMLElement).innerText?.trim() || el.getAttribute("name") || "").replace(/\s+/g, " ");
      const short = name.length > 40 ? `${name.slice(0, 40)}…` : name;
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${short ? ` "${short}"` : ""}`;
    };

    for (const el of document.querySelectorAll("body *")) {
      if (!shown(el)) continue;
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === "auto" || overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${describe(el)} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }

    const controls = [...document.querySelectorAll("button, select, summary, input:not([type=hidden]), a")].filter(shown);
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      const display = getComputedStyle(el).display;
      const isLinkInText = el.tagName === "A" && display === "inline";
      // A control cut short: its own text overflows it.
      if (!isLinkInText && el.tagName !== "INPUT" && el.tagName !== "SELECT" && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${describe(el)} cuts its text (${el.scrollWidth} px in ${el.clientWidth} px)`);
      // A control cut off by the window or by a frame that hides what overflows it.
      if (box.left < -1 || box.right > window.innerWidth + 1) problems.push(`${describe(el)} reaches out of the window`);
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === "visible") continue;
        const frame = up.getBoundingClientRect();
        if (box.left < frame.left - 1 || box.right > frame.right + 1) {
          problems.push(`${describe(el)} is cut off by ${describe(up)}`);
          break;
        }
      }
      // Big enough to tap (links in running text are exempt, as in WCAG 2.5.8).
      if (minTarget && !isLinkInText && el.tagName !== "A" && (box.width < minTarget - 0.5 || box.height < minTarget - 0.5))
        problems.push(`${describe(el)} is ${Math.round(box.width)} × ${Math.round(box.height)} px, under ${minTarget} × ${minTarget}`);
    }
    // The first few say what is wrong; the rest are usually the same thing on every row.
    return problems.length > 8 ? [...problems.slice(0, 8), `… and ${problems.length - 8} more`] : problems;
  }, options);
}
