import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/trash";
import { actionFailure } from "~/lib/action-failure.server";
import { checkForm } from "~/lib/form-errors";
import { refuseForm } from "~/lib/form-refusal.server";
import { flashCookie } from "~/lib/flash.server";
import { formatAdminDateTime } from "~/lib/admin-date";
import { adminMeta } from "~/lib/seo";
import { requireMainAdminAction } from "~/modules/accounts/session.server";
import { deleteForGood, emptyTrash, listTrash, restoreFromTrash, type TrashRow } from "~/modules/trash/trash.server";
import { trashActionSchema, trashQuerySchema } from "~/modules/trash/trash.schema";
import {
  ACCESS_DENIED_TRASH,
  deletedForGoodText,
  deleteForGoodConfirm,
  EMPTY_TRASH_CONFIRM,
  restoredText,
  TRASH_ACTION_FAILED,
  TRASH_EMPTIED,
  TRASH_KEPT_DAYS,
  trashKindLabel,
} from "~/modules/trash/trash";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Pager } from "~/components/admin/list-controls";
import { IndexCell, IndexRow, IndexTable, RowActions } from "~/components/admin/index-table";
import { FormAlert } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";
import { Button } from "~/components/admin/controls";

const PATH = "/admin/trash";

export const meta = () => adminMeta("Trash");

const refusal = (message: string) => ({ ok: false as const, message });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMainAdminAction(request, context.auth, ACCESS_DENIED_TRASH, refusal);
  const query = trashQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listTrash(context.db, { page: query.page });
  return { ...list, confirmDelete: query.delete ?? null, confirmEmpty: query.empty === "1" };
}

/** The Trash's address at `page`, asking about one entry or the whole Trash, or nothing. */
function href(page: number, ask?: { delete: string } | { empty: true }) {
  const s = new URLSearchParams();
  if (page > 1) s.set("page", String(page));
  if (ask && "delete" in ask) s.set("delete", ask.delete);
  if (ask && "empty" in ask) s.set("empty", "1");
  const text = s.toString();
  return text ? `${PATH}?${text}` : PATH;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireMainAdminAction(request, context.auth, ACCESS_DENIED_TRASH, refusal);
  const parsed = checkForm(trashActionSchema, await request.formData());
  if (!parsed.ok) return refuseForm(parsed, refusal(parsed.error));
  const input = parsed.value;
  const done = (message: string) => redirect(PATH, { status: 303, headers: { "Set-Cookie": flashCookie(request, message) } });
  try {
    switch (input.intent) {
      case "restore": {
        const { kind, name } = await restoreFromTrash(context.db, input.id);
        return done(restoredText(kind, name));
      }
      case "delete":
        return done(deletedForGoodText((await deleteForGood(context.db, context.storage, input.id)).name));
      case "empty":
        await emptyTrash(context.db, context.storage);
        return done(TRASH_EMPTIED);
    }
  } catch (error) {
    return actionFailure(error, { msg: "trash change failed", intent: input.intent }, ({ message, ourSide }) =>
      refusal(ourSide ? TRASH_ACTION_FAILED : message),
    );
  }
}

function daysText(days: number) {
  return days === 1 ? "1 day" : `${days} days`;
}

export default function AdminTrash({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, confirmDelete, confirmEmpty } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const here = href(page);
  const toDelete = confirmDelete ? rows.find((r) => r.id === confirmDelete) : undefined;
  const failure = actionData && !actionData.ok ? actionData.message : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl text-leather-800">Trash</h1>
          <p className="mt-1 max-w-2xl text-sm text-stone-700">
            Deleted products, categories, subscribers, contact messages and admins wait here for {TRASH_KEPT_DAYS} days, then they are deleted for
            good with their images and videos.
          </p>
        </div>
        {total > 0 && (
          <ConfirmButton
            to={href(page, { empty: true })}
            message={EMPTY_TRASH_CONFIRM}
            action={PATH}
            fields={{ intent: "empty" }}
            disabled={busy}
            kind="danger"
          >
            Empty Trash
          </ConfirmButton>
        )}
      </div>

      {!toDelete && !confirmEmpty && <FormAlert message={failure} />}

      <p className="text-sm text-stone-700" aria-live="polite">
        {total === 1 ? "1 item" : `${total} items`} in the Trash
      </p>

      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-800">The Trash is empty.</p>
      ) : (
        <IndexTable caption="Deleted items, last deleted first" columns={["Kind", "Name", "Deleted by", "Deleted", "Days left", "Actions"]}>
          {rows.map((r) => (
            <IndexRow key={r.id}>
              <IndexCell label="Kind" className="whitespace-nowrap">
                {trashKindLabel[r.kind]}
              </IndexCell>
              <IndexCell label="Name" kind="title" className="wrap-anywhere">
                {r.name}
              </IndexCell>
              <IndexCell label="Deleted by" className="wrap-anywhere">
                {r.deletedByName || "N/A"}
              </IndexCell>
              <IndexCell label="Deleted" className="whitespace-nowrap">
                {formatAdminDateTime(r.deletedAt)}
              </IndexCell>
              <IndexCell label="Days left" className="whitespace-nowrap">
                {daysText(r.daysLeft)}
              </IndexCell>
              <IndexCell label="Actions" kind="actions">
                <EntryActions entry={r} page={page} busy={busy} />
              </IndexCell>
            </IndexRow>
          ))}
        </IndexTable>
      )}

      <Pager page={page} pageCount={pageCount} hrefFor={(p) => href(p)} />

      {toDelete && (
        <ConfirmDialog
          key={toDelete.id}
          title={`Delete ${toDelete.name} for good?`}
          message={deleteForGoodConfirm(toDelete.name)}
          cancelTo={here}
          error={failure}
          action={PATH}
          fields={{ intent: "delete", id: toDelete.id }}
          confirmLabel="Delete for good"
          busy={busy}
        />
      )}
      {confirmEmpty && total > 0 && (
        <ConfirmDialog
          title="Empty the Trash?"
          message={EMPTY_TRASH_CONFIRM}
          cancelTo={here}
          error={failure}
          action={PATH}
          fields={{ intent: "empty" }}
          confirmLabel="Empty Trash"
          busy={busy}
        />
      )}
    </div>
  );
}

/** Restore and Delete for good, for one entry: buttons named by their text, then what they act on (WCAG 2.5.3). */
function EntryActions({ entry, page, busy }: { entry: TrashRow; page: number; busy: boolean }) {
  return (
    <RowActions>
      <Form method="post" action={PATH}>
        <input type="hidden" name="intent" value="restore" />
        <input type="hidden" name="id" value={entry.id} />
        <Button kind="row" type="submit" disabled={busy} aria-label={`Restore ${entry.name}`}>
          Restore
        </Button>
      </Form>
      <ConfirmButton
        to={href(page, { delete: entry.id })}
        message={deleteForGoodConfirm(entry.name)}
        action={PATH}
        fields={{ intent: "delete", id: entry.id }}
        disabled={busy}
        aria-label={`Delete for good: ${entry.name}`}
        kind="rowDanger"
      >
        Delete for good
      </ConfirmButton>
    </RowActions>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin", label: "Back to the Admin Panel" }} />;
}
