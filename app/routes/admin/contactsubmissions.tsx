import { useAddressedDialog } from "~/components/admin/use-addressed-dialog";
import { data, Form, Link, redirect, useFetcher, useSubmit } from "react-router";
import type { Route } from "./+types/contactsubmissions";
import { actionFailure } from "~/lib/action-failure.server";
import { formatAdminDateTime } from "~/lib/admin-date";
import { requireAdmin } from "~/modules/accounts/session.server";
import { deletedByOf } from "~/modules/trash/trash.server";
import { flashCookie } from "~/lib/flash.server";
import {
  deleteSubmission,
  getSubmission,
  listSubmissions,
  moveSubmission,
  submissionCounts,
  type SubmissionDetail,
} from "~/modules/messages/admin-messages.server";
import {
  DELETE_SUBMISSION_CONFIRM,
  SUBMISSION_DELETED,
  submissionDeleteFailed,
  submissionActionSchema,
  submissionsQuerySchema,
  type SubmissionAction,
  type SubmissionsQuery,
} from "~/modules/messages/admin-messages.schema";
import { contactSubjects, replyMailto, subjectLabel } from "~/modules/messages/contact-subjects";
import { SUBMISSION_STATUSES, type SubmissionStatus } from "~/lib/db/value-lists";
import { displayStatus, SUBMISSION_STATUS_LABELS, submissionErrorMessage, type SubmissionMove } from "~/modules/messages/submission-status";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useLiveUpdates } from "~/components/admin/use-live-updates";
import { RouteError } from "~/components/ui/route-error";
import { FilterSelect, Pager, TableHead } from "~/components/admin/list-controls";
import { adminMeta } from "~/lib/seo";
import { EmailText } from "~/components/admin/email-text";
import { ROW_ACTION_CLASS } from "~/components/admin/list-controls";
import { FormAlert } from "~/components/ui/field";

const PATH = "/admin/contactsubmissions";

export const meta = () => adminMeta("Contact Submissions");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const query = submissionsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = context.db;
  const [list, counts, selected] = await Promise.all([
    listSubmissions(db, {
      q: query.q,
      status: query.status,
      subject: query.subject,
      page: query.page,
    }),
    submissionCounts(db),
    query.view ? getSubmission(db, query.view) : Promise.resolve(null),
  ]);
  return { ...list, counts, query, selected };
}

function moveFor(input: Exclude<SubmissionAction, { intent: "delete" }>): SubmissionMove {
  switch (input.intent) {
    case "open":
      return { type: "open" };
    case "reply":
      return { type: "reply" };
    case "read":
      return { type: input.read === "true" ? "mark-read" : "mark-unread" };
    case "status":
      return { type: "set-status", status: input.status };
  }
}

/** The inbox address with the same search, filters and page, showing one submission (or none). */
function addressOf(query: Partial<SubmissionsQuery>, view?: string): string {
  const s = new URLSearchParams();
  if (query.q) s.set("q", query.q);
  if (query.status) s.set("status", query.status);
  if (query.subject) s.set("subject", query.subject);
  if (query.page && query.page > 1) s.set("page", String(query.page));
  if (view) s.set("view", view);
  const text = s.toString();
  return text ? `${PATH}?${text}` : PATH;
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context.auth);
  const form = await request.formData();
  const parsed = submissionActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const intent = form.get("intent");
    const reason = parsed.error.issues[0]?.message ?? "Please try again.";
    const message =
      intent === "delete"
        ? submissionDeleteFailed(reason)
        : intent === "read" || intent === "open"
          ? `Error updating read status: ${reason}`
          : `Error updating submission status: ${reason}`;
    return data({ ok: false as const, message }, { status: 400 });
  }
  if (parsed.data.intent === "delete") {
    const { id } = parsed.data;
    try {
      await deleteSubmission(context.db, id, deletedByOf(staff));
      const query = submissionsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      return redirect(addressOf(query), { status: 303, headers: { "Set-Cookie": flashCookie(request, SUBMISSION_DELETED) } });
    } catch (error) {
      return actionFailure(error, { msg: "submission delete failed", submissionId: id }, ({ message }) => ({
        ok: false as const,
        message: submissionDeleteFailed(message),
      }));
    }
  }
  const move = moveFor(parsed.data);
  try {
    const submission = await moveSubmission(context.db, parsed.data.id, move);
    if (parsed.data.intent === "open") {
      const query = submissionsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      return redirect(addressOf(query, submission.id), 303);
    }
    // Without JavaScript, 'Reply via Email' is a form: once the status is saved, the browser opens the mail draft.
    if (parsed.data.intent === "reply" && parsed.data.openMail) return redirect(replyMailto(submission.email, submission.subject), 303);
    return { ok: true as const, id: submission.id };
  } catch (error) {
    const log = { msg: "submission update failed", submissionId: parsed.data.id };
    return actionFailure(error, log, ({ message }) => ({ ok: false as const, message: submissionErrorMessage(move, message) }));
  }
}

const badgeColours: Record<SubmissionStatus, string> = {
  new: "bg-blue-100 text-blue-800",
  read: "bg-stone-200 text-stone-800",
  replied: "bg-green-100 text-green-800",
  resolved: "bg-purple-100 text-purple-800",
};

function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeColours[status]}`}>
      {SUBMISSION_STATUS_LABELS[status]}
    </span>
  );
}

/** The status dropdown: saves on change in the browser, with an Update button when JavaScript is off. */
function StatusForm({
  id,
  status,
  label,
  controlId,
  hideLabel,
}: {
  id: string;
  status: SubmissionStatus;
  label: string;
  controlId: string;
  hideLabel?: boolean;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="post" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={controlId} className={hideLabel ? "sr-only" : "text-sm font-medium text-stone-800"}>
        {label}
      </label>
      <select
        id={controlId}
        name="status"
        defaultValue={status}
        key={status}
        onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
        className="rounded-md border border-leather-300 bg-white px-2 py-1.5 text-sm text-stone-900"
      >
        {SUBMISSION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {SUBMISSION_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className="rounded-md border border-leather-300 px-2 py-1.5 text-xs font-medium text-leather-800 hover:bg-leather-50">
          Update
        </button>
      )}
    </Form>
  );
}

export default function AdminContactSubmissions({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, counts, query, selected } = loaderData;
  const live = useLiveUpdates("submissions");
  const filtered = Boolean(query.q || query.status || query.subject);
  const error = actionData && !actionData.ok ? actionData.message : null;
  const dialogOpen = Boolean(query.view);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl text-leather-800">Contact Submissions</h1>
        <p className="flex items-center gap-2 text-sm text-stone-700" role="status" aria-live="polite">
          <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${live ? "bg-green-600" : "bg-stone-400"}`} />
          {live ? "Live" : "Not live"}
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[
          ["Total Submissions", counts.total],
          ["New Messages", counts.unread],
          ["Replied", counts.replied],
          ["Resolved", counts.resolved],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-stone-200 bg-white p-4">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-leather-800">{value}</dd>
          </div>
        ))}
      </dl>

      <Form
        method="get"
        role="search"
        aria-label="Search submissions"
        className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 md:flex-row md:items-end"
      >
        <div className="flex-1">
          <label htmlFor="submission-search" className="block text-sm font-medium text-stone-800">
            Search by name, email, or message
          </label>
          <input
            id="submission-search"
            type="search"
            name="q"
            defaultValue={query.q}
            key={query.q}
            maxLength={200}
            placeholder="Search by name, email, or message..."
            className="mt-1 w-full rounded-md border border-leather-300 bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500"
          />
        </div>
        <FilterSelect
          id="submission-status-filter"
          label="Filter by status"
          name="status"
          value={query.status}
          allLabel="All Status"
          options={SUBMISSION_STATUSES.map((s) => ({
            value: s,
            label: SUBMISSION_STATUS_LABELS[s],
          }))}
        />
        <FilterSelect
          id="submission-subject-filter"
          label="Filter by subject"
          name="subject"
          value={query.subject}
          allLabel="All Subjects"
          options={contactSubjects}
        />
        <button type="submit" className="rounded-md bg-leather-700 px-4 py-2 font-medium text-white hover:bg-leather-800">
          Search
        </button>
        {filtered && (
          <Link to={PATH} className="self-center text-sm text-leather-700 underline">
            Clear filters
          </Link>
        )}
      </Form>

      {!dialogOpen && <FormAlert message={error} />}

      <p className="text-sm text-stone-700">
        {total} {total === 1 ? "submission" : "submissions"}
        {filtered ? " found" : ""}
      </p>

      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-800">
          No submissions found matching your criteria.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-stone-200 bg-white">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <caption className="sr-only">Contact submissions, newest first</caption>
            <TableHead columns={["Customer", "Subject", "Message Preview", "Status", "Date", "Actions"]} />
            <tbody className="divide-y divide-stone-100">
              {rows.map((s) => (
                <tr key={s.id} className={s.read ? "" : "bg-amber-50"}>
                  <th scope="row" className="min-w-[15rem] px-3 py-2 text-left font-normal">
                    <span className="flex items-center gap-2 font-medium text-stone-900">
                      {s.name}
                      {!s.read && <span className="rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white">New</span>}
                    </span>
                    <span className="block break-words text-stone-600">{s.email}</span>
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">{subjectLabel(s.subject)}</td>
                  <td className="max-w-xs px-3 py-2 text-stone-700">{s.preview}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={displayStatus(s)} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatAdminDateTime(s.createdAt)}</td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap items-center gap-3">
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="open" />
                        <input type="hidden" name="id" value={s.id} />
                        <button type="submit" aria-label={`View message from ${s.name}`} className={ROW_ACTION_CLASS}>
                          View
                        </button>
                      </Form>
                      <StatusForm id={s.id} status={s.status} label={`Status for ${s.name}`} controlId={`row-status-${s.id}`} hideLabel />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager page={page} pageCount={pageCount} hrefFor={(p) => addressOf({ ...query, page: p })} />

      {dialogOpen && <SubmissionDialog key={query.view} submission={selected} closeTo={addressOf(query)} error={error} />}
    </div>
  );
}

/**
 * One submission in a modal dialog, opened by its address (`?view=<id>`), so it also works without
 * JavaScript: the server renders it open; in the browser it becomes a modal `<dialog>`.
 */
function SubmissionDialog({ submission, closeTo, error }: { submission: SubmissionDetail | null; closeTo: string; error: string | null }) {
  const { titleId, dialogProps } = useAddressedDialog(closeTo);
  const hydrated = useHydrated();
  const reply = useFetcher<typeof action>();
  const replyError = reply.data && !reply.data.ok ? reply.data.message : null;

  const shown = submission ? displayStatus(submission) : null;
  return (
    <dialog
      {...dialogProps}
      className="fixed inset-0 z-50 m-auto max-h-[90vh] w-[min(44rem,94vw)] overflow-y-auto rounded-xl border border-stone-200 bg-white p-6 text-stone-900 shadow-2xl backdrop:bg-black/40"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="font-serif text-2xl text-leather-800">
          {submission ? `Message from ${submission.name}` : "Submission not found"}
        </h2>
        <Link
          to={closeTo}
          preventScrollReset
          autoFocus
          className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50"
        >
          Close
        </Link>
      </div>

      <FormAlert message={replyError ?? error} compact className="mt-4" />

      {!submission ? (
        <p className="mt-4 text-stone-700">This submission no longer exists.</p>
      ) : (
        <div className="mt-4 space-y-5">
          <section aria-labelledby={`${titleId}-customer`} className="rounded-lg bg-stone-50 p-4">
            <h3 id={`${titleId}-customer`} className="text-sm font-semibold text-stone-700">
              Customer Information
            </h3>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="text-stone-600">Name</dt>
              <dd className="font-medium">{submission.name}</dd>
              <dt className="text-stone-600">Email</dt>
              <dd>
                <EmailText email={submission.email} />
              </dd>
              <dt className="text-stone-600">Phone</dt>
              <dd>{submission.phone || "N/A"}</dd>
              <dt className="text-stone-600">Subject</dt>
              <dd>{subjectLabel(submission.subject)}</dd>
              <dt className="text-stone-600">Status</dt>
              <dd>{shown && <StatusBadge status={shown} />}</dd>
            </dl>
          </section>

          <section aria-labelledby={`${titleId}-actions`}>
            <h3 id={`${titleId}-actions`} className="text-sm font-semibold text-stone-700">
              Quick Actions
            </h3>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              {hydrated ? (
                <a
                  href={replyMailto(submission.email, submission.subject)}
                  onClick={() => reply.submit({ intent: "reply", id: submission.id }, { method: "post", action: PATH })}
                  className="rounded-md bg-leather-700 px-4 py-2 text-sm font-medium text-white hover:bg-leather-800"
                >
                  Reply via Email
                </a>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="id" value={submission.id} />
                  <input type="hidden" name="openMail" value="1" />
                  <button type="submit" className="rounded-md bg-leather-700 px-4 py-2 text-sm font-medium text-white hover:bg-leather-800">
                    Reply via Email
                  </button>
                </Form>
              )}
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="read" />
                <input type="hidden" name="id" value={submission.id} />
                <input type="hidden" name="read" value={submission.read ? "false" : "true"} />
                <button
                  type="submit"
                  className="rounded-md border border-leather-300 px-4 py-2 text-sm font-medium text-leather-800 hover:bg-leather-50"
                >
                  {submission.read ? "Mark as Unread" : "Mark as Read"}
                </button>
              </Form>
              <StatusForm id={submission.id} status={submission.status} label="Update status" controlId={`dialog-status-${submission.id}`} />
              {/* Into the Trash, where a main admin can restore it for 30 days (docs/decisions/0053). */}
              <Form
                method="post"
                onSubmit={(event) => {
                  if (!window.confirm(DELETE_SUBMISSION_CONFIRM)) event.preventDefault();
                }}
              >
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={submission.id} />
                <button
                  type="submit"
                  aria-label={`Delete message from ${submission.name}`}
                  className="rounded-md border border-red-300 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
                >
                  Delete
                </button>
              </Form>
            </div>
          </section>

          <section aria-labelledby={`${titleId}-message`}>
            <h3 id={`${titleId}-message`} className="text-sm font-semibold text-stone-700">
              Message
            </h3>
            <p className="mt-2 rounded-lg border border-stone-200 p-4 text-stone-900 whitespace-pre-wrap break-words">{submission.message}</p>
          </section>

          <dl className="grid gap-x-4 gap-y-1 text-sm text-stone-700 sm:grid-cols-[8rem_1fr]">
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

export function ErrorBoundary() {
  return (
    <RouteError
      backTo={{
        to: "/admin/contactsubmissions",
        label: "Back to Contact Submissions",
      }}
    />
  );
}
