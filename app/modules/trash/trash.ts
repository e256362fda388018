import type { TrashKind } from "~/lib/db/value-lists";

/*
 * The Trash's rules that pages show too: how long it keeps what was deleted, and its words.
 * Browser-safe. See docs/decisions/0053-trash.md.
 */

/** What is deleted in the back office waits this many days in the Trash, then goes for good. */
export const TRASH_KEPT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which an entry has had its days and is deleted for good. */
export function trashCutoff(now: Date): Date {
  return new Date(now.getTime() - TRASH_KEPT_DAYS * DAY_MS);
}

/** Whole days an entry still has (the day it goes counts as one), never below 0. */
export function daysLeft(deletedAt: Date, now: Date): number {
  const ends = deletedAt.getTime() + TRASH_KEPT_DAYS * DAY_MS;
  return Math.max(0, Math.ceil((ends - now.getTime()) / DAY_MS));
}

export const trashKindLabel: Record<TrashKind, string> = {
  product: "Product",
  category: "Category",
  subscriber: "Subscriber",
  message: "Contact message",
  admin: "Admin",
};

export const ACCESS_DENIED_TRASH = "Access denied. Only a Main Admin can see and restore the Trash.";
export const TRASH_ENTRY_GONE = "This item is no longer in the Trash.";
export const TRASH_ACTION_FAILED = "Could not change the Trash. Please try again.";
export const EMPTY_TRASH_CONFIRM = `Delete everything in the Trash for good? Images and videos go too. This cannot be undone.`;
export const TRASH_EMPTIED = "The Trash is empty.";

export const deleteForGoodConfirm = (name: string) => `Delete '${name}' for good? Its images and videos go too. This cannot be undone.`;
export const restoredText = (kind: TrashKind, name: string) => `${trashKindLabel[kind]} '${name}' restored.`;
export const deletedForGoodText = (name: string) => `'${name}' deleted for good.`;
