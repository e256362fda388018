/**
 * Controls that do nothing without the page's scripts (a colour choice, a size, Add to Cart, a
 * select that moves to another page, the phone menu) carry this attribute. On the pages whose
 * scripts start after their first paint (scripts-after-paint.server.ts), such controls are held
 * disabled from the moment the page is read until its scripts have taken over, so that a tap in
 * between waits for them instead of being lost. Without JavaScript nothing holds them: a select's
 * Apply button then does the work.
 */
export const NEEDS_SCRIPT = { "data-needs-script": "" } as const;

/** What marks a control held until the page's scripts have taken over. */
export const HELD_ATTRIBUTE = "data-held";

/** Lets go of the controls held until now (once the page has hydrated). */
export function releaseHeldControls() {
  for (const control of document.querySelectorAll<HTMLButtonElement>(`[${HELD_ATTRIBUTE}]`)) {
    control.removeAttribute(HELD_ATTRIBUTE);
    control.disabled = false;
  }
}
