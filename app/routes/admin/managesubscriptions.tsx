import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/managesubscriptions";
import { actionFailure } from "~/lib/action-failure.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { deletedByOf } from "~/modules/trash/trash.server";
import { deleteSubscriberSchema, subscriberPageSchema } from "~/modules/subscribers/subscriber.schema";
import { formatSubscribedAt } from "~/modules/subscribers/subscriber-format";
import { deleteSubscriber, listSubscribers } from "~/modules/subscribers/subscribers.server";
import { RouteError } from "~/components/ui/route-error";
import { Pager, TableHead } from "~/components/admin/list-controls";
import { adminMeta } from "~/lib/seo";
import { EmailText } from "~/components/admin/email-text";
import { ROW_DANGER_CLASS } from "~/components/admin/list-controls";

export const DELETE_FAILED = "Failed to delete subscription. Check console for details.";
const PATH = "/admin/managesubscriptions";

export const meta = () => adminMeta("Newsletter Subscriptions");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const page = subscriberPageSchema.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  return listSubscribers(context.db, { page });
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context.auth);
  const parsed = deleteSubscriberSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, message: parsed.error.issues[0].message }, { status: 400 });
  try {
    const { email } = await deleteSubscriber(context.db, parsed.data.id, deletedByOf(staff));
    return { ok: true as const, message: `Subscription deleted for ${email}` };
  } catch (error) {
    return actionFailure(error, { msg: "subscription delete failed" }, ({ message, ourSide }) => ({
      ok: false as const,
      message: ourSide ? DELETE_FAILED : message,
    }));
  }
}

export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const deleting = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl text-leather-800">Newsletter Subscriptions</h1>
          <p className="mt-1 text-sm text-stone-600">
            {total} subscriber{total === 1 ? "" : "s"}
          </p>
        </div>
        <a
          href={`${PATH}.csv`}
          download
          className="rounded-md border border-leather-300 bg-white px-4 py-2 text-sm font-medium text-leather-800 hover:bg-leather-50"
        >
          Download CSV
        </a>
      </div>
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`rounded-md border px-4 py-3 text-sm ${result.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"}`}
        >
          {result.message}
        </p>
      )}
      {loading && (
        <p role="status" className="text-sm text-stone-600">
          Loading subscribers...
        </p>
      )}
      {rows.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-6 text-stone-600">No subscribers found.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-stone-200 bg-white">
          <table className="w-full text-left text-sm">
            <TableHead columns={["Email", "Subscribed At", "Actions"]} />
            <tbody className="divide-y divide-stone-100">
              {rows.map((s) => (
                <tr key={s.id}>
                  <td className="px-4 py-3">
                    <EmailText email={s.email} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatSubscribedAt(s.subscribedAt)}</td>
                  <td className="px-4 py-3">
                    <Form method="post">
                      <input type="hidden" name="id" value={s.id} />
                      <button
                        type="submit"
                        aria-label={`Delete subscription for ${s.email}`}
                        disabled={deleting === s.id}
                        className={ROW_DANGER_CLASS}
                      >
                        {deleting === s.id ? "Deleting..." : "Delete"}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageCount={pageCount} hrefFor={(p) => `?page=${p}`} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin", label: "Back to the Admin Panel" }} />;
}
