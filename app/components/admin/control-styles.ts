/*
 * The back office's controls. Its buttons, one look per kind, for a <button>, a NavigateButton or a link that acts
 * as one. A primary action is at least 44 px tall at every size (issue 32: "primary actions are at
 * least 44 px tall"); a row's actions are as tall on a phone, where a finger presses them, and
 * compact in a laptop's table. Screens take them through controls.tsx (Button, ButtonLink,
 * SelectControl, InputControl); admin-kit.test.ts fails on a look written anywhere else.
 */
const base = "inline-flex items-center justify-center gap-2 rounded-md text-center font-medium disabled:opacity-60 aria-disabled:opacity-60";

export const BUTTON = {
  /** The screen's main action: Save, Add, Search. */
  primary: `${base} min-h-11 bg-leather-700 px-4 py-2 text-white hover:bg-leather-800`,
  /** A second action beside it: Refresh Counts, Download CSV, Mark as Read. */
  secondary: `${base} min-h-11 border border-leather-300 bg-white px-4 py-2 text-sm text-leather-800 hover:bg-leather-50`,
  /** Going back without doing anything: Cancel, Close, Back to List. */
  quiet: `${base} min-h-11 border border-stone-300 bg-white px-4 py-2 text-sm text-stone-800 hover:bg-stone-50`,
  /** The action that deletes, once asked: Delete Product, Empty Trash. */
  danger: `${base} min-h-11 bg-red-700 px-4 py-2 text-sm text-white hover:bg-red-800`,
  /** A delete that asks first, beside a screen's other actions: a message's Delete. */
  dangerOutline: `${base} min-h-11 border border-red-300 bg-white px-4 py-2 text-sm text-red-700 hover:bg-red-50`,
  /** A row's action: View, Edit, Restore, Call. */
  row: `${base} min-h-11 border border-leather-300 bg-white px-3 py-1.5 text-sm text-leather-800 hover:bg-leather-100 xl:min-h-8`,
  /** A row's quiet action: Keep as it is, Update without scripts. */
  rowQuiet: `${base} min-h-11 border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 hover:bg-stone-100 xl:min-h-8`,
  /** A row's delete, which asks first. */
  rowDanger: `${base} min-h-11 border border-red-300 bg-white px-3 py-1.5 text-sm text-red-700 hover:bg-red-50 xl:min-h-8`,
  /** A row's main action, filled: Save in an inline edit. */
  rowPrimary: `${base} min-h-11 bg-leather-700 px-3 py-1.5 text-sm text-white hover:bg-leather-800 xl:min-h-8`,
  /** A row's action that cannot be undone, once asked: Yes, cancel it. */
  rowDangerFilled: `${base} min-h-11 bg-red-700 px-3 py-1.5 text-sm text-white hover:bg-red-800 xl:min-h-8`,
} as const;
export type ButtonKind = keyof typeof BUTTON;

/** Every tick box and radio button of the back office: 24 × 24 px, big enough to tap (issue 32: they were 13 × 16). */
export const TICK_BOX = "size-6 shrink-0 accent-leather-700";

/** An input or select standing without a label of its own (a row's inline edit, a filter, a status control). */
export const CONTROL = {
  /** Full size: a form's or a dialog's field, a filter. */
  plain: "min-h-11 rounded-md border bg-white px-3 py-2 font-normal text-stone-900 placeholder:text-stone-500 disabled:opacity-60 xl:min-h-10",
  /** In a row of a list: as tall as a row's buttons. */
  row: "min-h-11 rounded-md border bg-white px-2 py-1.5 text-sm font-normal text-stone-900 placeholder:text-stone-500 disabled:opacity-60 xl:min-h-8",
} as const;
/** The border of a control: red when its value was refused. */
export const controlBorder = (invalid: boolean) => (invalid ? "border-red-600" : "border-leather-300");

/** A link of the back office's side bar, and its Log out buttons: filled while it is the page shown. */
export const navItem = (active = false) =>
  `block w-full rounded-md px-3 py-2 text-left text-sm ${active ? "bg-leather-700 text-white" : "hover:bg-leather-800"}`;

/** A tab of a tab list (a product's Overview, Variants, Media, Stock): the one shown joins the panel below it. */
export const tabItem = (selected: boolean) =>
  `-mb-px flex-1 rounded-t-md border px-2 py-2.5 text-center text-sm font-medium sm:flex-none sm:px-4 ${
    selected ? "border-stone-200 border-b-white bg-white text-leather-800" : "border-transparent text-stone-600 hover:text-leather-700"
  }`;
