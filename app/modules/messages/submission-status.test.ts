import { describe, expect, it } from "vitest";
import { SUBMISSION_STATUSES } from "~/lib/db/value-lists";
import { applySubmissionMove, displayStatus, submissionErrorMessage, type SubmissionState } from "./submission-status";

const every: SubmissionState[] = SUBMISSION_STATUSES.flatMap((status) => [
  { status, read: false },
  { status, read: true },
]);

describe("submission status moves", () => {
  it("the dropdown sets any status from any state; 'read' marks it read, the others keep the read flag", () => {
    for (const current of every) {
      for (const status of SUBMISSION_STATUSES) {
        const next = applySubmissionMove(current, { type: "set-status", status });
        expect(next.status).toBe(status);
        expect(next.read).toBe(status === "read" ? true : current.read);
      }
    }
    expect(applySubmissionMove({ status: "new", read: false }, { type: "set-status", status: "resolved" })).toEqual({
      status: "resolved",
      read: false,
      changed: true,
    });
    expect(applySubmissionMove({ status: "new", read: false }, { type: "set-status", status: "read" })).toEqual({
      status: "read",
      read: true,
      changed: true,
    });
    expect(applySubmissionMove({ status: "replied", read: true }, { type: "set-status", status: "new" })).toEqual({
      status: "new",
      read: true,
      changed: true,
    });
  });

  it("Mark as Read sets read and status 'read'; Mark as Unread clears read and sets status 'new'", () => {
    for (const current of every) {
      expect(applySubmissionMove(current, { type: "mark-read" })).toMatchObject({ status: "read", read: true });
      expect(applySubmissionMove(current, { type: "mark-unread" })).toMatchObject({ status: "new", read: false });
    }
  });

  it("opening an unread submission marks it read; opening a read one changes nothing", () => {
    for (const status of SUBMISSION_STATUSES) {
      expect(applySubmissionMove({ status, read: false }, { type: "open" })).toEqual({ status: "read", read: true, changed: true });
      expect(applySubmissionMove({ status, read: true }, { type: "open" })).toEqual({ status, read: true, changed: false });
    }
  });

  it("replying sets status 'replied' and marks it read", () => {
    for (const current of every) {
      expect(applySubmissionMove(current, { type: "reply" })).toMatchObject({ status: "replied", read: true });
    }
  });

  it("reports whether anything changed", () => {
    expect(applySubmissionMove({ status: "read", read: true }, { type: "mark-read" }).changed).toBe(false);
    expect(applySubmissionMove({ status: "new", read: false }, { type: "mark-unread" }).changed).toBe(false);
    expect(applySubmissionMove({ status: "replied", read: true }, { type: "reply" }).changed).toBe(false);
    expect(applySubmissionMove({ status: "resolved", read: true }, { type: "set-status", status: "resolved" }).changed).toBe(false);
    expect(applySubmissionMove({ status: "resolved", read: true }, { type: "reply" }).changed).toBe(true);
  });

  it("names the failed change in its error message", () => {
    expect(submissionErrorMessage({ type: "set-status", status: "resolved" }, "gone")).toBe("Error updating submission status: gone");
    expect(submissionErrorMessage({ type: "reply" }, "gone")).toBe("Error updating submission status: gone");
    expect(submissionErrorMessage({ type: "mark-read" }, "gone")).toBe("Error updating read status: gone");
    expect(submissionErrorMessage({ type: "mark-unread" }, "gone")).toBe("Error updating read status: gone");
    expect(submissionErrorMessage({ type: "open" }, "gone")).toBe("Error updating read status: gone");
  });
});

describe("displayStatus", () => {
  it("shows an unread submission as 'new' whatever its stored status, and a read one as stored", () => {
    for (const status of SUBMISSION_STATUSES) {
      expect(displayStatus({ status, read: false })).toBe("new");
      expect(displayStatus({ status, read: true })).toBe(status);
    }
  });
});
