import type { SubmissionStatus } from "~/lib/db/value-lists";

/**
 * The status rules of a contact submission, shared by the inbox page and the server. Every change
 * to a submission's status or read flag goes through `applySubmissionMove`.
 */
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  new: "New",
  read: "Read",
  replied: "Replied",
  resolved: "Resolved",
};

export interface SubmissionState {
  status: SubmissionStatus;
  read: boolean;
}

export type SubmissionMove =
  /** The status dropdown: any status at any time. */
  | { type: "set-status"; status: SubmissionStatus }
  /** The Mark as Read / Mark as Unread toggle. */
  | { type: "mark-read" }
  | { type: "mark-unread" }
  /** Staff opened the submission. */
  | { type: "open" }
  /** Staff say they answered: 'Mark as Replied' (opening the mail app alone changes nothing). */
  | { type: "reply" };

type Rule<M extends SubmissionMove> = (current: SubmissionState, move: M) => SubmissionState;

/** The table: what each move does to the stored status and read flag. Every move is allowed from every state. */
const rules: { [T in SubmissionMove["type"]]: Rule<Extract<SubmissionMove, { type: T }>> } = {
  // Setting 'read' marks the submission read; any other status leaves the read flag as it was.
  "set-status": (current, move) => ({ status: move.status, read: move.status === "read" ? true : current.read }),
  "mark-read": () => ({ status: "read", read: true }),
  "mark-unread": () => ({ status: "new", read: false }),
  // Opening an unread submission marks it read; opening a read one changes nothing.
  open: (current) => (current.read ? current : { status: "read", read: true }),
  reply: () => ({ status: "replied", read: true }),
};

/** The state after a move, and whether anything changed (an unchanged submission is not written). */
export function applySubmissionMove(current: SubmissionState, move: SubmissionMove): SubmissionState & { changed: boolean } {
  const rule = rules[move.type] as Rule<SubmissionMove>;
  const next = rule(current, move);
  return { ...next, changed: next.status !== current.status || next.read !== current.read };
}

/** What the inbox shows: an unread submission is 'new' whatever its stored status. */
export function displayStatus(submission: SubmissionState): SubmissionStatus {
  return submission.read ? submission.status : "new";
}

/** The moves that change the read flag report failures as read-status errors; the others as status errors. */
function isReadMove(move: SubmissionMove): boolean {
  return move.type === "mark-read" || move.type === "mark-unread" || move.type === "open";
}

export const submissionErrorMessage = (move: SubmissionMove, reason: string) =>
  isReadMove(move) ? `Error updating read status: ${reason}` : `Error updating submission status: ${reason}`;
