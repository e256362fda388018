import { COLLECTIONS } from "./original-fields";
import type { ImportSummary } from "./import-records.server";

/** The summary `npm run import` prints: counts per collection, then every skipped and adjusted record with its reason. */
export function formatSummary(s: ImportSummary): string {
  const lines: string[] = [];
  lines.push(s.dryRun ? "Dry run: nothing was written. This is what an import would do:" : `Import finished in ${(s.ms / 1000).toFixed(1)} s.`);
  const width = Math.max(...COLLECTIONS.map((c) => c.length));
  let total = { imported: 0, updated: 0, unchanged: 0, skipped: 0 };
  for (const c of COLLECTIONS) {
    const n = s.counts[c];
    total = {
      imported: total.imported + n.imported,
      updated: total.updated + n.updated,
      unchanged: total.unchanged + n.unchanged,
      skipped: total.skipped + n.skipped,
    };
    lines.push(
      `  ${c.padEnd(width)}  ${n.imported} imported, ${n.updated} updated, ${n.unchanged} unchanged, ${n.skipped} skipped, ${n.adjusted} adjusted`,
    );
  }
  lines.push(
    `  ${"total".padEnd(width)}  ${total.imported} imported, ${total.updated} updated, ${total.unchanged} unchanged, ${total.skipped} skipped`,
  );
  if (s.skipped.length) {
    lines.push("", "Skipped:");
    for (const r of s.skipped) lines.push(`  ${r.collection}/${r.id}: ${r.reason}`);
  }
  if (s.adjusted.length) {
    lines.push("", "Adjusted:");
    for (const r of s.adjusted) lines.push(`  ${r.collection}/${r.id}: ${r.reason}`);
  }
  if (s.media === "download") {
    lines.push("", `Media: ${s.downloads.stored} files downloaded and stored, ${s.downloads.failed.length} could not be.`);
    for (const f of s.downloads.failed) lines.push(`  ${f.url}: ${f.reason}`);
  }
  if (s.mediaOrigins.length)
    lines.push("", `Media shown from: ${s.mediaOrigins.join(", ")} (allowed by the pages' security policy after the shop restarts).`);
  if (s.importedUserEmails.length) {
    lines.push(
      "",
      `${s.importedUserEmails.length} accounts created without a password: each person sets one with "Forgot password" on the login page.`,
    );
  }
  if (s.ignoredCollections.length) lines.push("", `Collections left alone (not part of the shop): ${s.ignoredCollections.join(", ")}.`);
  return lines.join("\n");
}
