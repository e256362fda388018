import { redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/managesubscriptions";
import { actionFailure } from "~/lib/action-failure.server";
import { checkForm } from "~/lib/form-errors";
import { refuseForm } from "~/lib/form-refusal.server";
import { flashCookie } from "~/lib/flash.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { deletedByOf } from "~/modules/trash/trash.server";
import {
  deleteSubscriberSchema,
  deleteSubscriptionConfirm,
  SUBSCRIPTION_DELETE_FAILED,
  subscriberPageSchema,
  subscriptionDeleted,
} from "~/modules/subscribers/subscriber.schema";
import { formatSubscribedAt } from "~/modules/subscribers/subscriber-format";
import { deleteSubscriber, listSubscribers } from "~/modules/subscribers/subscribers.server";
import { RouteError } from "~/components/ui/route-error";
import { FormAlert } from "~/components/ui/field";
import { Pager } from "~/components/admin/list-controls";
import { IndexCell, IndexRow, IndexTable, RowActions } from "~/components/admin/index-table";
import { BUTTON } from "~/components/admin/control-styles";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminMeta } from "~/lib/seo";
import { EmailText } from "~/components/admin/email-text";

const PATH = "/admin/managesubscriptions";

export const meta = () => adminMeta("Newsletter Subscriptions");

/** The list at `page`, asking about one subscription's delete (`?delete=<id>`, decision 0055) or not. */
function href(page: number, del?: string) {
  const s = new URLSearchParams();
  if (page > 1) s.set("page", String(page));
  if (del) s.set("delete", del);
  const text = s.toString();
  return text ? `${PATH}?${text}` : PATH;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const params = new URL(request.url).searchParams;
  const page = subscriberPageSchema.parse(params.get("page") ?? undefined);
  const list = await listSubscribers(context.db, { page });
  const asked = params.get("delete");
  return { ...list, confirmDelete: list.rows.some((r) => r.id === asked) ? asked : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context.auth);
  const parsed = checkForm(deleteSubscriberSchema, await request.formData());
  if (!parsed.ok) return refuseForm(parsed, { ok: false as const, message: parsed.error });
  try {
    const { email } = await deleteSubscriber(context.db, parsed.value.id, deletedByOf(staff));
    // Back to the same page of the list, without the question; the spec's words in the banner.
    const page = subscriberPageSchema.parse(new URL(request.url).searchParams.get("page") ?? undefined);
    return redirect(href(page), { status: 303, headers: { "Set-Cookie": flashCookie(request, subscriptionDeleted(email)) } });
  } catch (error) {
    return actionFailure(error, { msg: "subscription delete failed" }, ({ message, ourSide }) => ({
      ok: false as const,
      message: ourSide ? SUBSCRIPTION_DELETE_FAILED : message,
    }));
  }
}

export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, confirmDelete } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const deleting = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  const here = href(page);
  const toDelete = confirmDelete ? rows.find((r) => r.id === confirmDelete) : undefined;
  const failure = result && !result.ok ? result.message : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl text-leather-800">Newsletter Subscriptions</h1>
          <p className="mt-1 text-sm text-stone-600">
            {total} subscriber{total === 1 ? "" : "s"}
          </p>
        </div>
        <a href={`${PATH}.csv`} download className={BUTTON.secondary}>
          Download CSV
        </a>
      </div>
      {!toDelete && <FormAlert message={failure} />}
      {loading && (
        <p role="status" className="text-sm text-stone-600">
          Loading subscribers...
        </p>
      )}
      {rows.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-6 text-stone-600">No subscribers found.</p>
      ) : (
        <IndexTable caption="Newsletter subscribers, newest first" columns={["Email", "Subscribed At", "Actions"]}>
          {rows.map((s) => (
            <IndexRow key={s.id}>
              <IndexCell label="Email" kind="title" className="font-normal">
                <EmailText email={s.email} />
              </IndexCell>
              <IndexCell label="Subscribed At" className="whitespace-nowrap">
                {formatSubscribedAt(s.subscribedAt)}
              </IndexCell>
              <IndexCell label="Actions" kind="actions">
                <RowActions>
                  <ConfirmButton
                    to={href(page, s.id)}
                    message={deleteSubscriptionConfirm(s.email)}
                    action={here}
                    fields={{ id: s.id }}
                    aria-label={`Delete subscription for ${s.email}`}
                    disabled={deleting === s.id}
                    kind="rowDanger"
                  >
                    {deleting === s.id ? "Deleting..." : "Delete"}
                  </ConfirmButton>
                </RowActions>
              </IndexCell>
            </IndexRow>
          ))}
        </IndexTable>
      )}
      <Pager page={page} pageCount={pageCount} hrefFor={(p) => href(p)} />
      {toDelete && (
        <ConfirmDialog
          key={toDelete.id}
          title={`Delete ${toDelete.email}?`}
          message={deleteSubscriptionConfirm(toDelete.email)}
          cancelTo={here}
          error={failure}
          action={here}
          fields={{ id: toDelete.id }}
          confirmLabel="Delete Subscription"
          busy={deleting === toDelete.id}
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin", label: "Back to the Admin Panel" }} />;
}
