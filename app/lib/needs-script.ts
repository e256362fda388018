/**
 * Controls that do nothing without the page's scripts are held from the moment the page is read
 * until its scripts have taken over (held-controls.server.ts): every button of type "button" and
 * every select, and any other control that carries this attribute (the product page's quantity
 * field). Held means `aria-disabled` (so they can still be focused and reached with Tab); a tap
 * or a key on a held button is kept and done again once the scripts have taken over, and a held
 * select or field takes no choice or typing (its value would not reach the page's state). So a
 * tap in between waits for the scripts instead of being lost. Without JavaScript nothing holds
 * them: a select's Apply button then does the work.
 */
export const NEEDS_SCRIPT = { "data-needs-script": "" } as const;

/** What marks a control held until the page's scripts have taken over. */
export const HELD_ATTRIBUTE = "data-held";

/** Where the page keeps the held buttons pressed before its scripts took over, in order. */
export const HELD_PRESSES = "__heldPresses";

/**
 * Lets go of the controls held until now (once the page has hydrated), then presses again, in
 * order, the buttons that were pressed while they were held.
 */
export function releaseHeldControls() {
  for (const control of document.querySelectorAll(`[${HELD_ATTRIBUTE}]`)) {
    control.removeAttribute(HELD_ATTRIBUTE);
    control.removeAttribute("aria-disabled");
  }
  const kept = window as unknown as Record<typeof HELD_PRESSES, HTMLElement[] | undefined>;
  const presses = kept[HELD_PRESSES]?.splice(0) ?? [];
  for (const button of presses) if (button.isConnected) button.click();
}
