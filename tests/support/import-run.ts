import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import type { ImportSummary } from "~/modules/import/import-records.server";

/** What the import's integration test reads: the original shop's export, and the tables it fills. */
export const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/original-export.json");
export const PLAINTEXT_PASSWORDS = ["Lahore#Admin2024", "Karachi$Main99", "Quetta!Pass55"];
const TABLES = [
  "categories",
  "products",
  "product_categories",
  "variants",
  "stock",
  "media",
  "orders",
  "order_items",
  "order_history",
  "contact_submissions",
  "subscribers",
  "user",
  "account",
  "imported_records",
];

export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = (await db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as { rows: { n: number }[] };
    out[table] = Number(rows[0].n);
  }
  return out;
}

/** Every row of the imported tables, as text: a second run must leave it the same. */
export async function snapshot(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const { rows } = (await db.execute(sql.raw(`select * from "${table}" order by 1, 2`))) as { rows: unknown[] };
    parts.push(`${table}: ${JSON.stringify(rows)}`);
  }
  return parts.join("\n");
}

export const totals = (s: ImportSummary) =>
  Object.values(s.counts).reduce(
    (t, c) => ({
      imported: t.imported + c.imported,
      updated: t.updated + c.updated,
      unchanged: t.unchanged + c.unchanged,
      skipped: t.skipped + c.skipped,
    }),
    { imported: 0, updated: 0, unchanged: 0, skipped: 0 },
  );

export const reasonsOf = (notes: { collection: string; id: string; reason: string }[], collection: string, id: string) =>
  notes.filter((n) => n.collection === collection && n.id === id).map((n) => n.reason);
