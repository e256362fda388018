import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { requireAdmin } from "~/modules/accounts/session.server";
import { dashboardSummary, returnShares, salesTrend, type ReturnShare } from "~/modules/orders/order-stats.server";
import { listLowStock } from "~/modules/inventory/low-stock.server";
import { LOW_STOCK_THRESHOLD } from "~/modules/inventory/stock-rules";
import { formatAmount } from "~/modules/catalog/pricing";
import { ORDER_STATUSES } from "~/lib/db/value-lists";
import { ORDER_STATUS_LABELS } from "~/modules/orders/order-status";
import { RouteError } from "~/components/ui/route-error";
import { DailyChart } from "~/components/admin/daily-chart";
import { StatCard } from "~/components/admin/stat-card";
import { Pager } from "~/components/admin/list-controls";
import { pageParam } from "~/lib/typed-numbers";
import { withThousands } from "~/lib/thousands";
import { formatAdminDateTime } from "~/lib/admin-date";
import { isMainAdminRole } from "~/modules/accounts/roles";
import { backupAlert, type BackupAlert } from "~/modules/backup/scheduled-backups.server";
import { FormAlert } from "~/components/ui/field";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context.auth);
  const db = context.db;
  const page = pageParam(10_000).parse(new URL(request.url).searchParams.get("lowStockPage") ?? undefined);
  const [summary, trend, lowStock, backup, returns] = await Promise.all([
    dashboardSummary(db),
    salesTrend(db),
    listLowStock(db, page),
    // A failed scheduled backup, or problems its data check found: for main admins (docs/decisions/0051).
    isMainAdminRole(user.role) ? backupAlert(db) : null,
    returnShares(db),
  ]);
  return { summary, trend, lowStock, backup, returns };
}

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** The share of dispatched orders that came back, one row per city or courier. */
function ReturnTable({ title, rows, heading, days }: { title: string; heading: string; rows: ReturnShare[]; days: number }) {
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4">
      <h3 className="font-serif text-lg text-leather-800">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-stone-600">No parcels sent in the last {days} days.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="text-stone-600">
            <tr>
              <th scope="col" className="py-1">
                {heading}
              </th>
              <th scope="col" className="py-1 text-right">
                Sent
              </th>
              <th scope="col" className="py-1 text-right">
                Returned
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((r) => (
              <tr key={r.name}>
                <td className="py-1.5 break-words">{r.name}</td>
                <td className="py-1.5 text-right">{withThousands(r.dispatched)}</td>
                <td className="py-1.5 text-right">
                  {percent(r.share)} ({withThousands(r.returned)})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function BackupBanner({ alert }: { alert: NonNullable<BackupAlert> }) {
  const when = formatAdminDateTime(alert.at);
  const see = (
    <Link to="/admin/backups" className="font-semibold underline">
      See backups
    </Link>
  );
  if (alert.kind === "failed") return <FormAlert message={`The scheduled backup of ${when} failed: ${alert.error}`} action={see} />;
  return (
    <FormAlert
      message={`The data check before the scheduled backup of ${when} found ${alert.problems === 1 ? "1 problem" : `${alert.problems} problems`}.`}
      action={see}
    />
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { summary, trend, lowStock, backup, returns } = loaderData;
  const TREND_DAYS = trend.days.length;
  return (
    <div className="space-y-8">
      <h1 className="font-serif text-3xl text-leather-800">Dashboard</h1>
      {backup && <BackupBanner alert={backup} />}
      <section aria-label="Totals" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Products" value={summary.products} />
        <StatCard label="Categories" value={summary.categories} />
        <StatCard label="Order value today" value={formatAmount(summary.todayValue)} />
        <StatCard label="Order value this month" value={formatAmount(summary.monthValue)} />
        {ORDER_STATUSES.map((s) => (
          <StatCard key={s} label={`${ORDER_STATUS_LABELS[s]} orders`} value={summary.orders[s]} />
        ))}
        <StatCard label="Orders to confirm" value={summary.toConfirm} to="/admin/orders?confirmation=pending" />
      </section>
      <section aria-labelledby="trend-heading" className="space-y-4">
        <h2 id="trend-heading" className="font-serif text-2xl text-leather-800">
          Last {TREND_DAYS} days
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <DailyChart title="Orders per day" days={trend.days.map((d) => ({ day: d.day, value: d.orders }))} format={withThousands} />
          <DailyChart
            title="Revenue per day"
            days={trend.days.map((d) => ({ day: d.day, value: d.revenue }))}
            format={formatAmount}
            colour="#15803d"
          />
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          <StatCard label={`Orders in ${TREND_DAYS} days`} value={withThousands(trend.placed)} />
          <StatCard label={`Revenue in ${TREND_DAYS} days`} value={formatAmount(trend.days.reduce((n, d) => n + d.revenue, 0))} />
          <StatCard label="Share cancelled" value={`${Math.round(trend.cancelledShare * 1000) / 10}% (${trend.cancelled} of ${trend.placed})`} />
        </div>
        <section className="rounded-xl border border-stone-200 bg-white p-4">
          <h3 className="font-serif text-lg text-leather-800">Top products</h3>
          {trend.top.length === 0 ? (
            <p className="mt-2 text-stone-600">No sales in the last {TREND_DAYS} days.</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">Top products by units sold in the last {TREND_DAYS} days</caption>
              <thead className="text-stone-600">
                <tr>
                  <th scope="col" className="py-1">
                    Product
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Units
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Revenue
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {trend.top.map((t) => (
                  <tr key={t.name}>
                    <td className="py-1.5">{t.name}</td>
                    <td className="py-1.5 text-right">{t.units}</td>
                    <td className="py-1.5 text-right">{formatAmount(t.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </section>
      <section aria-labelledby="returns-heading" className="space-y-4">
        <h2 id="returns-heading" className="font-serif text-2xl text-leather-800">
          Parcels returned, last {returns.days} days
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <ReturnTable title="Returned by city" heading="City" rows={returns.byCity} days={returns.days} />
          <ReturnTable title="Returned by courier" heading="Courier" rows={returns.byCourier} days={returns.days} />
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl border border-stone-200 bg-white p-4">
          <h2 className="font-serif text-xl text-leather-800">Low stock (≤ {LOW_STOCK_THRESHOLD})</h2>
          {lowStock.rows.length === 0 ? (
            <p className="mt-3 text-stone-600">Every size has more than {LOW_STOCK_THRESHOLD} in stock.</p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-100">
              {lowStock.rows.map((s, i) => (
                <li key={i} className="flex justify-between gap-3 py-2 text-sm">
                  <Link to={`/admin/products/${s.productId}/view`} className="text-leather-700 underline">
                    {s.productName} — {s.variantName}, {s.size || "No Size"}
                  </Link>
                  <span className={s.qty === 0 ? "font-semibold text-red-700" : "text-amber-800"}>{s.qty} left</span>
                </li>
              ))}
            </ul>
          )}
          {lowStock.total > 0 && (
            <p className="mt-2 text-sm text-stone-600">
              {lowStock.total} {lowStock.total === 1 ? "size" : "sizes"} low
            </p>
          )}
          <Pager page={lowStock.page} pageCount={lowStock.pageCount} hrefFor={(p) => `/admin?lowStockPage=${p}`} />
        </section>
        <section className="rounded-xl border border-stone-200 bg-white p-4">
          <h2 className="font-serif text-xl text-leather-800">Latest orders</h2>
          {summary.latest.length === 0 ? (
            <p className="mt-3 text-stone-600">No orders yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-100">
              {summary.latest.map((o) => (
                <li key={o.id} className="flex justify-between gap-3 py-2 text-sm">
                  <Link to={`/admin/orders?order=${o.id}`} className="text-leather-700 underline">
                    <span className="font-mono">{o.orderNumber}</span> · {o.firstName} {o.lastName}
                  </Link>
                  <span>
                    {formatAmount(o.total)} · {ORDER_STATUS_LABELS[o.status]}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin", label: "Back to the Admin Panel" }} />;
}
