import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/contactsubmissions";
import { actionFailure } from "~/lib/action-failure.server";
import { checkForm } from "~/lib/form-errors";
import { refuseForm } from "~/lib/form-refusal.server";
import { formatAdminDateTime } from "~/lib/admin-date";
import { requireAdmin } from "~/modules/accounts/session.server";
import { deletedByOf } from "~/modules/trash/trash.server";
import { flashCookie } from "~/lib/flash.server";
import { deleteSubmission, getSubmission, listSubmissions, moveSubmission, submissionCounts } from "~/modules/messages/admin-messages.server";
import {
  DELETE_SUBMISSION_CONFIRM,
  SUBMISSION_DELETED,
  submissionDeleteFailed,
  submissionActionSchema,
  submissionsQuerySchema,
  type SubmissionAction,
  type SubmissionsQuery,
} from "~/modules/messages/admin-messages.schema";
import { contactSubjects, subjectLabel } from "~/modules/messages/contact-subjects";
import { SUBMISSION_STATUSES } from "~/lib/db/value-lists";
import { displayStatus, SUBMISSION_STATUS_LABELS, submissionErrorMessage, type SubmissionMove } from "~/modules/messages/submission-status";
import { useLiveUpdates } from "~/components/admin/use-live-updates";
import { RouteError } from "~/components/ui/route-error";
import { FilterPanel, FilterSelect, Pager } from "~/components/admin/list-controls";
import { IndexCell, IndexRow, IndexTable, RowActions } from "~/components/admin/index-table";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { ContactButtons, StatusForm, SubmissionStatusBadge } from "~/components/admin/contact-submissions/submission-parts";
import { Button, InputControl } from "~/components/admin/controls";
import { StatusBadge } from "~/components/admin/status-badge";
import { SubmissionDialog } from "~/components/admin/contact-submissions/submission-dialog";
import { adminMeta } from "~/lib/seo";
import { EmailText } from "~/components/admin/email-text";
import { FormAlert } from "~/components/ui/field";

const PATH = "/admin/contactsubmissions";

export const meta = () => adminMeta("Contact Submissions");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const query = submissionsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = context.db;
  const [list, counts, selected, toDelete] = await Promise.all([
    listSubmissions(db, {
      q: query.q,
      status: query.status,
      subject: query.subject,
      page: query.page,
    }),
    submissionCounts(db),
    query.view ? getSubmission(db, query.view) : Promise.resolve(null),
    query.delete ? getSubmission(db, query.delete) : Promise.resolve(null),
  ]);
  return { ...list, counts, query, selected, toDelete };
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

/**
 * The inbox address with the same search, filters and page, showing one submission, or asking
 * whether to delete one, or neither.
 */
function addressOf(query: Partial<SubmissionsQuery>, show?: { view: string } | { delete: string }): string {
  const s = new URLSearchParams();
  if (query.q) s.set("q", query.q);
  if (query.status) s.set("status", query.status);
  if (query.subject) s.set("subject", query.subject);
  if (query.page && query.page > 1) s.set("page", String(query.page));
  if (show && "view" in show) s.set("view", show.view);
  if (show && "delete" in show) s.set("delete", show.delete);
  const text = s.toString();
  return text ? `${PATH}?${text}` : PATH;
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context.auth);
  const form = await request.formData();
  const parsed = checkForm(submissionActionSchema, form);
  if (!parsed.ok) {
    const intent = form.get("intent");
    const reason = parsed.error;
    const message =
      intent === "delete"
        ? submissionDeleteFailed(reason)
        : intent === "read" || intent === "open"
          ? `Error updating read status: ${reason}`
          : `Error updating submission status: ${reason}`;
    return refuseForm(parsed, { ok: false as const, message });
  }
  if (parsed.value.intent === "delete") {
    const { id } = parsed.value;
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
  const move = moveFor(parsed.value);
  try {
    const submission = await moveSubmission(context.db, parsed.value.id, move);
    if (parsed.value.intent === "open") {
      const query = submissionsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      return redirect(addressOf(query, { view: submission.id }), 303);
    }
    return { ok: true as const, id: submission.id };
  } catch (error) {
    const log = { msg: "submission update failed", submissionId: parsed.value.id };
    return actionFailure(error, log, ({ message }) => ({ ok: false as const, message: submissionErrorMessage(move, message) }));
  }
}

export default function AdminContactSubmissions({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, counts, query, selected, toDelete } = loaderData;
  const live = useLiveUpdates("submissions");
  const filtered = Boolean(query.q || query.status || query.subject);
  const error = actionData && !actionData.ok ? actionData.message : null;
  const dialogOpen = Boolean(query.view);
  const list = addressOf(query);

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

      <FilterPanel active={filtered}>
        <Form method="get" role="search" aria-label="Search submissions" className="flex flex-col gap-3 p-4 lg:flex-row lg:items-end">
          <div className="flex-1">
            <label htmlFor="submission-search" className="block text-sm font-medium text-stone-800">
              Search by name, email, or message
            </label>
            <InputControl
              id="submission-search"
              type="search"
              name="q"
              defaultValue={query.q}
              key={query.q}
              maxLength={200}
              placeholder="Search by name, email, or message..."
              className="mt-1 w-full"
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
            className="w-full lg:w-36"
          />
          <FilterSelect
            id="submission-subject-filter"
            label="Filter by subject"
            name="subject"
            value={query.subject}
            allLabel="All Subjects"
            options={contactSubjects}
            className="w-full lg:w-44"
          />
          <Button kind="primary" type="submit">
            Search
          </Button>
          {filtered && (
            <Link to={PATH} className="self-center text-sm text-leather-700 underline">
              Clear filters
            </Link>
          )}
        </Form>
      </FilterPanel>

      {!dialogOpen && !toDelete && <FormAlert message={error} />}

      <p className="text-sm text-stone-700">
        {total} {total === 1 ? "submission" : "submissions"}
        {filtered ? " found" : ""}
      </p>

      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-800">
          No submissions found matching your criteria.
        </p>
      ) : (
        <IndexTable caption="Contact submissions, newest first" columns={["Customer", "Subject", "Message Preview", "Status", "Date", "Actions"]}>
          {rows.map((s) => (
            <IndexRow key={s.id} tone={s.read ? "plain" : "highlight"}>
              <IndexCell label="Customer" kind="title" className="min-w-48 font-normal">
                <span className="flex flex-wrap items-center gap-2 font-medium wrap-anywhere text-stone-900">
                  {s.name}
                  {!s.read && <StatusBadge tone="strong">New</StatusBadge>}
                </span>
                <span className="block text-stone-600">
                  <EmailText email={s.email} />
                </span>
              </IndexCell>
              <IndexCell label="Subject" className="whitespace-nowrap">
                {subjectLabel(s.subject)}
              </IndexCell>
              <IndexCell label="Message Preview" className="max-w-xs text-stone-700 xl:min-w-48">
                {s.preview}
              </IndexCell>
              <IndexCell label="Status">
                <SubmissionStatusBadge status={displayStatus(s)} />
              </IndexCell>
              <IndexCell label="Date" className="whitespace-nowrap">
                {formatAdminDateTime(s.createdAt)}
              </IndexCell>
              <IndexCell label="Actions" kind="actions">
                <RowActions>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="open" />
                    <input type="hidden" name="id" value={s.id} />
                    <Button kind="row" type="submit" aria-label={`View message from ${s.name}`}>
                      View
                    </Button>
                  </Form>
                  <StatusForm id={s.id} status={s.status} label={`Status for ${s.name}`} controlId={`row-status-${s.id}`} hideLabel />
                  <ContactButtons phone={s.phone} name={s.name} />
                </RowActions>
              </IndexCell>
            </IndexRow>
          ))}
        </IndexTable>
      )}

      <Pager page={page} pageCount={pageCount} hrefFor={(p) => addressOf({ ...query, page: p })} />

      {dialogOpen && (
        <SubmissionDialog key={query.view} submission={selected} closeTo={list} deleteTo={addressOf(query, { delete: query.view })} error={error} />
      )}
      {toDelete && (
        <ConfirmDialog
          key={toDelete.id}
          title={`Delete the message from ${toDelete.name}?`}
          message={DELETE_SUBMISSION_CONFIRM}
          cancelTo={addressOf(query, { view: toDelete.id })}
          error={error}
          action={list}
          fields={{ intent: "delete", id: toDelete.id }}
          confirmLabel="Delete Message"
        />
      )}
    </div>
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
