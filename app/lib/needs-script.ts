/**
 * Controls that do nothing without the page's scripts are held from the moment the page is read
 * until its scripts have taken over (held-controls.server.ts): every button of type "button" and
 * every select, and any other control that carries this attribute (the product page's quantity
 * field). Held means `aria-disabled` (so they can still be focused and reached with Tab); a tap
 * or a key on a held button is kept, answered at once where it can be (a panel opens, a colour is
 * pressed, Add to Cart says it is busy) and done again once the scripts have taken over, and a held
 * select or field takes no choice or typing (its value would not reach the page's state). So a
 * tap in between waits for the scripts instead of being lost. Without JavaScript nothing holds
 * them: a select's Apply button then does the work.
 */
export const NEEDS_SCRIPT = { "data-needs-script": "" } as const;

/** What marks a control held until the page's scripts have taken over. */
export const HELD_ATTRIBUTE = "data-held";

/** What the holding script offers to do again, once the page has hydrated, the presses it kept. */
export const HELD_REPLAY = "__heldReplay";

/** Set once the page's controls have been held (before that, a press on one about to be is kept too). */
export const HELD_MARKED = "__heldMarked";

/** Where the page keeps the held buttons pressed before its scripts took over, in order. */
export const HELD_PRESSES = "__heldPresses";

/**
 * The id of the notice a page shows when its scripts failed to load before it hydrated
 * (SCRIPTS_FAILED in held-controls.server.ts), which the page takes away once it has.
 */
export const SCRIPTS_FAILED_ID = "scripts-failed";

/**
 * Lets go of the controls held until now (once the page has hydrated), then presses again, in
 * order and one at a time, the buttons that were pressed while they were held. From then on no press is kept, and
 * a script failing to load is no longer reported (the page works): a notice shown meanwhile, for
 * a script that failed and then loaded after all, goes.
 */
export function releaseHeldControls() {
  for (const control of document.querySelectorAll(`[${HELD_ATTRIBUTE}]`)) {
    control.removeAttribute(HELD_ATTRIBUTE);
    control.removeAttribute("aria-disabled");
  }
  const kept = window as unknown as Record<string, (() => void) | undefined>;
  kept[HELD_PRESSES] = undefined;
  const notice = document.getElementById(SCRIPTS_FAILED_ID);
  if (notice) {
    notice.remove();
    document.body.style.paddingBottom = "";
  }
  // Done by the holding script (held-controls.server.ts): one press per task, in order.
  kept[HELD_REPLAY]?.();
}
