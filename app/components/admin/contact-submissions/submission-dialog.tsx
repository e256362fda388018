import { Form, Link } from "react-router";
import type { SubmissionDetail } from "~/modules/messages/admin-messages.server";
import { DELETE_SUBMISSION_CONFIRM } from "~/modules/messages/admin-messages.schema";
import { replyMailto, subjectLabel } from "~/modules/messages/contact-subjects";
import { displayStatus } from "~/modules/messages/submission-status";
import { formatAdminDateTime } from "~/lib/admin-date";
import { FormAlert } from "~/components/ui/field";
import { useAddressedDialog } from "~/components/admin/use-addressed-dialog";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { EmailText } from "~/components/admin/email-text";
import { BUTTON } from "~/components/admin/control-styles";
import { ContactButtons, StatusForm, SubmissionStatusBadge } from "./submission-parts";
import { Button } from "~/components/admin/controls";

/**
 * One submission in a modal dialog, opened by its address (`?view=<id>`), so it also works without
 * JavaScript: the server renders it open; in the browser it becomes a modal `<dialog>`.
 * `closeTo` is the inbox's address without it (where a delete posts, and lands); `deleteTo` the
 * address where its delete asks first.
 */
export function SubmissionDialog({
  submission,
  closeTo,
  deleteTo,
  error,
}: {
  submission: SubmissionDetail | null;
  closeTo: string;
  deleteTo: string;
  error: string | null;
}) {
  const { titleId, dialogProps } = useAddressedDialog(closeTo);
  const shown = submission ? displayStatus(submission) : null;
  return (
    <dialog
      {...dialogProps}
      className="fixed inset-0 z-50 m-auto max-h-[90vh] w-[min(44rem,94vw)] overflow-y-auto rounded-xl border border-stone-200 bg-white p-4 text-stone-900 shadow-2xl backdrop:bg-black/40 sm:p-6"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="min-w-0 font-serif text-2xl wrap-anywhere text-leather-800">
          {submission ? `Message from ${submission.name}` : "Submission not found"}
        </h2>
        <Link to={closeTo} preventScrollReset autoFocus className={BUTTON.quiet}>
          Close
        </Link>
      </div>

      <FormAlert message={error} compact className="mt-4" />

      {!submission ? (
        <p className="mt-4 text-stone-700">This submission no longer exists.</p>
      ) : (
        <div className="mt-4 space-y-5">
          <section aria-labelledby={`${titleId}-customer`} className="rounded-lg bg-stone-50 p-4">
            <h3 id={`${titleId}-customer`} className="text-sm font-semibold text-stone-700">
              Customer Information
            </h3>
            <dl className="mt-2 grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
              <dt className="text-stone-600">Name</dt>
              <dd className="font-medium wrap-anywhere">{submission.name}</dd>
              <dt className="text-stone-600">Email</dt>
              <dd className="wrap-anywhere">
                <EmailText email={submission.email} />
              </dd>
              <dt className="text-stone-600">Phone</dt>
              <dd className="wrap-anywhere">{submission.phone || "N/A"}</dd>
              <dt className="text-stone-600">Subject</dt>
              <dd>{subjectLabel(submission.subject)}</dd>
              <dt className="text-stone-600">Status</dt>
              <dd>{shown && <SubmissionStatusBadge status={shown} />}</dd>
            </dl>
            {submission.phone && (
              <div className="mt-3 flex flex-wrap gap-2">
                <ContactButtons phone={submission.phone} name={submission.name} className={BUTTON.secondary} />
              </div>
            )}
          </section>

          <section aria-labelledby={`${titleId}-actions`}>
            <h3 id={`${titleId}-actions`} className="text-sm font-semibold text-stone-700">
              Quick Actions
            </h3>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              {/* Opens the mail app with a draft, and nothing else: whether a reply went out is staff's to say, with Mark as Replied. */}
              <a href={replyMailto(submission.email, submission.subject)} className={BUTTON.primary}>
                Reply via Email
              </a>
              {shown !== "replied" && (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="id" value={submission.id} />
                  <Button kind="secondary" type="submit">
                    Mark as Replied
                  </Button>
                </Form>
              )}
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="read" />
                <input type="hidden" name="id" value={submission.id} />
                <input type="hidden" name="read" value={submission.read ? "false" : "true"} />
                <Button kind="secondary" type="submit">
                  {submission.read ? "Mark as Unread" : "Mark as Read"}
                </Button>
              </Form>
              <StatusForm id={submission.id} status={submission.status} label="Update status" controlId={`dialog-status-${submission.id}`} />
              {/* Into the Trash, where a main admin can restore it for 30 days (docs/decisions/0053); asked first (0055). */}
              <ConfirmButton
                to={deleteTo}
                message={DELETE_SUBMISSION_CONFIRM}
                action={closeTo}
                fields={{ intent: "delete", id: submission.id }}
                aria-label={`Delete message from ${submission.name}`}
                kind="dangerOutline"
              >
                Delete
              </ConfirmButton>
            </div>
          </section>

          <section aria-labelledby={`${titleId}-message`}>
            <h3 id={`${titleId}-message`} className="text-sm font-semibold text-stone-700">
              Message
            </h3>
            <p className="mt-2 rounded-lg border border-stone-200 p-4 text-stone-900 whitespace-pre-wrap wrap-anywhere">{submission.message}</p>
          </section>

          <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm text-stone-700 sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt>Submitted</dt>
            <dd>{formatAdminDateTime(submission.createdAt)}</dd>
            <dt>Last updated</dt>
            <dd>{formatAdminDateTime(submission.updatedAt)}</dd>
            <dt>Submission ID</dt>
            <dd className="font-mono text-xs break-all">{submission.id}</dd>
          </dl>
        </div>
      )}
    </dialog>
  );
}
