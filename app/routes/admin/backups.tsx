import { data } from "react-router";
import type { Route } from "./+types/backups";
import { adminMeta } from "~/lib/seo";
import { formatAdminDateTime } from "~/lib/admin-date";
import { isMainAdminRole } from "~/modules/accounts/roles";
import { requireAdmin } from "~/modules/accounts/session.server";
import { sizeText } from "~/modules/backup/backup-format";
import { ACCESS_DENIED_BACKUPS, BACKUP_RUN_STATUS_LABELS, everyText } from "~/modules/backup/backup-schedule";
import { backupOverview, backupPlaceText, type BackupRun } from "~/modules/backup/scheduled-backups.server";
import { FormAlert } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";
import { ButtonAnchor } from "~/components/admin/controls";

export const meta = () => adminMeta("Backups");

/** Main admins see the scheduled backups and download one; plain admins are told the screen is not theirs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context.auth);
  if (!isMainAdminRole(user.role)) return data({ allowed: false as const }, { status: 403 });
  const { schedule } = context.backups;
  const overview = await backupOverview(context.db);
  return {
    allowed: true as const,
    schedule: schedule && { every: everyText(schedule.everyMs), keep: schedule.keep, place: backupPlaceText(schedule, context.storage) },
    ...overview,
  };
}

type Run = Pick<BackupRun, "startedAt" | "finishedAt" | "status" | "bytes" | "location" | "checkProblems" | "checkReport" | "error">;

function checkText(run: Run): string {
  if (run.checkProblems === null) return run.checkReport ?? "Not run";
  if (run.checkProblems === 0) return "No problems found";
  return run.checkProblems === 1 ? "1 problem found" : `${run.checkProblems} problems found`;
}

function RunFacts({ run, label }: { run: Run; label: string }) {
  const findings = run.checkProblems ? (run.checkReport ?? "").split("\n").filter(Boolean) : [];
  return (
    <dl aria-label={label} className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold text-stone-700">Time</dt>
      <dd>{formatAdminDateTime(run.startedAt)}</dd>
      <dt className="font-semibold text-stone-700">Result</dt>
      <dd className={run.status === "failed" ? "font-semibold text-red-800" : "text-green-800"}>
        {BACKUP_RUN_STATUS_LABELS[run.status]}
        {run.status === "failed" && run.error ? `: ${run.error}` : ""}
      </dd>
      {run.bytes !== null && (
        <>
          <dt className="font-semibold text-stone-700">Size</dt>
          <dd>{sizeText(run.bytes)}</dd>
        </>
      )}
      <dt className="font-semibold text-stone-700">Data check</dt>
      <dd className={run.checkProblems ? "text-amber-900" : undefined}>
        {checkText(run)}
        {findings.length > 0 && (
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {findings.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        )}
      </dd>
      {run.location && (
        <>
          <dt className="font-semibold text-stone-700">File</dt>
          <dd className="break-all font-mono text-xs">{run.location}</dd>
        </>
      )}
    </dl>
  );
}

export default function AdminBackups({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) {
    return (
      <div className="space-y-4">
        <h1 className="font-serif text-3xl text-leather-800">Backups</h1>
        <FormAlert message={ACCESS_DENIED_BACKUPS} />
      </div>
    );
  }
  const { schedule, last, lastSucceeded, running } = loaderData;
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="font-serif text-3xl text-leather-800">Backups</h1>
      <section aria-labelledby="last-backup-heading" className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="last-backup-heading" className="font-serif text-xl text-leather-800">
          Last scheduled backup
        </h2>
        {last?.status === "failed" && <FormAlert className="mt-3" message="The last scheduled backup failed." detail={last.error ?? undefined} />}
        {last ? (
          <RunFacts run={last} label="Last scheduled backup" />
        ) : (
          <p className="mt-3 text-sm text-stone-700">No scheduled backup has been made yet.</p>
        )}
        {lastSucceeded && (
          <>
            <h3 className="mt-5 text-sm font-semibold text-stone-900">Last scheduled backup that succeeded</h3>
            <RunFacts run={lastSucceeded} label="Last scheduled backup that succeeded" />
          </>
        )}
        {running && (
          <p role="status" className="mt-4 text-sm text-stone-700">
            A backup is being made now (started {formatAdminDateTime(running.startedAt)}).
          </p>
        )}
        <p className="mt-4 text-sm text-stone-700">
          {schedule ? (
            <>
              Backups are made {schedule.every}, after a check of the data, into <span className="break-all font-mono text-xs">{schedule.place}</span>
              ; the newest {schedule.keep} are kept.
            </>
          ) : (
            <>
              Scheduled backups are off. To have the shop make them, set <code className="rounded bg-stone-100 px-1">BACKUP_EVERY</code> (for example{" "}
              <code className="rounded bg-stone-100 px-1">6h</code>) and start it again.
            </>
          )}
        </p>
      </section>
      <section aria-labelledby="download-heading" className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="download-heading" className="font-serif text-xl text-leather-800">
          Download a backup
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          One file with every table and every image and video of the shop as it is now, made when you click. It holds customers' details and the
          staff's password hashes: keep it somewhere safe. <code className="rounded bg-stone-100 px-1">npm run restore</code> brings the shop back
          from it.
        </p>
        {/* A plain link: the browser downloads the file itself, as it comes. */}
        <ButtonAnchor kind="primary" href="/admin/backups/download" download className="mt-4">
          Download backup
        </ButtonAnchor>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin", label: "Back to the Admin Panel" }} />;
}
