import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/trash";
import { actionFailure } from "~/lib/action-failure.server";
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
import { Pager, ROW_ACTION_CLASS, ROW_DANGER_CLASS, TableHead } from "~/components/admin/list-controls";
import { FormAlert } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";

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
  const parsed = trashActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data(refusal(parsed.error.issues[0]?.message ?? TRASH_ACTION_FAILED), { status: 400 });
  const input = parsed.data;
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
  const actions = (r: TrashRow) => <EntryActions entry={r} page={page} busy={busy} />;

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
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
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
        <>
          {/* A laptop gets a table; a phone a card per entry, with nothing to scroll sideways. */}
          <div className="hidden rounded-xl border border-stone-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Deleted items, last deleted first</caption>
              <TableHead columns={["Kind", "Name", "Deleted by", "Deleted", "Days left", "Actions"]} />
              <tbody className="divide-y divide-stone-100">
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td className="px-3 py-2 whitespace-nowrap">{trashKindLabel[r.kind]}</td>
                    <th scope="row" className="px-3 py-2 font-medium break-words text-stone-900">
                      {r.name}
                    </th>
                    <td className="px-3 py-2">{r.deletedByName || "N/A"}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatAdminDateTime(r.deletedAt)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{daysText(r.daysLeft)}</td>
                    <td className="px-3 py-2">{actions(r)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label="Deleted items, last deleted first">
            {rows.map((r) => (
              <li key={r.id} className="rounded-xl border border-stone-200 bg-white p-4">
                <h2 className="font-medium break-words text-stone-900">{r.name}</h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-700">
                  <dt>Kind</dt>
                  <dd>{trashKindLabel[r.kind]}</dd>
                  <dt>Deleted by</dt>
                  <dd className="break-words">{r.deletedByName || "N/A"}</dd>
                  <dt>Deleted</dt>
                  <dd>{formatAdminDateTime(r.deletedAt)}</dd>
                  <dt>Days left</dt>
                  <dd>{daysText(r.daysLeft)}</dd>
                </dl>
                <div className="mt-3">{actions(r)}</div>
              </li>
            ))}
          </ul>
        </>
      )}

      <Pager page={page} pageCount={pageCount} hrefFor={(p) => href(p)} />

      {toDelete && (
        <ConfirmDialog
          key={toDelete.id}
          title={`Delete ${toDelete.name} for good?`}
          message={deleteForGoodConfirm(toDelete.name)}
          cancelTo={here}
          error={failure}
        >
          <Form method="post" action={PATH}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={toDelete.id} />
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
            >
              Delete for good
            </button>
          </Form>
        </ConfirmDialog>
      )}
      {confirmEmpty && total > 0 && (
        <ConfirmDialog title="Empty the Trash?" message={EMPTY_TRASH_CONFIRM} cancelTo={here} error={failure}>
          <Form method="post" action={PATH}>
            <input type="hidden" name="intent" value="empty" />
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
            >
              Empty Trash
            </button>
          </Form>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Restore and Delete for good, for one entry: buttons named after what they act on. */
function EntryActions({ entry, page, busy }: { entry: TrashRow; page: number; busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post" action={PATH}>
        <input type="hidden" name="intent" value="restore" />
        <input type="hidden" name="id" value={entry.id} />
        <button type="submit" disabled={busy} aria-label={`Restore ${entry.name}`} className={ROW_ACTION_CLASS}>
          Restore
        </button>
      </Form>
      <ConfirmButton
        to={href(page, { delete: entry.id })}
        message={deleteForGoodConfirm(entry.name)}
        action={PATH}
        fields={{ intent: "delete", id: entry.id }}
        disabled={busy}
        aria-label={`Delete ${entry.name} for good`}
        className={ROW_DANGER_CLASS}
      >
        Delete for good
      </ConfirmButton>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin", label: "Back to the Admin Panel" }} />;
}
