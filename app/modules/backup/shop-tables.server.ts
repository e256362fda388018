import { getTableName, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { RESTORE_MARKER_TABLE } from "~/lib/data-refused";
import { backupRuns } from "~/lib/db/tables/site.server";

/*
 * The shop's tables as the database itself describes them, so that a backup and a restore follow
 * whatever schema the migrations made (today's, an older release's) without a list to keep up.
 */

export interface ShopTable {
  name: string;
  /** Primary-key columns: the order rows are written in, so a backup of the same data is the same bytes. */
  key: string[];
}

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as Rows<T>).rows;

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Tables that are not the shop's data: a restore's marker, and the record of this place's scheduled
 * backups (a restored shop starts its own; docs/decisions/0051).
 */
const NOT_BACKED_UP = [RESTORE_MARKER_TABLE, getTableName(backupRuns)];

/** Every table of the shop (schema public, but those NOT_BACKED_UP), parents before the tables whose foreign keys name them. */
export async function shopTables(db: Db): Promise<ShopTable[]> {
  const tables = await rowsOf<{ name: string; key: string[] | null }>(
    db,
    sql`select c.relname as name,
          (select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
             from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = c.oid and i.indisprimary) as key
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not in (${sql.join(
         NOT_BACKED_UP.map((name) => sql`${name}`),
         sql`, `,
       )})
       order by c.relname`,
  );
  const links = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select ch.relname as child, pa.relname as parent
        from pg_constraint k
        join pg_class ch on ch.oid = k.conrelid join pg_namespace n on n.oid = ch.relnamespace
        join pg_class pa on pa.oid = k.confrelid
       where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set()]));
  for (const { child, parent } of links) parents.get(child)?.add(parent);
  const ordered: ShopTable[] = [];
  const placed = new Set<string>();
  const remaining = [...tables];
  while (remaining.length) {
    const next = remaining.findIndex((t) => [...(parents.get(t.name) ?? [])].every((p) => placed.has(p) || !parents.has(p)));
    if (next < 0) throw new Error(`The foreign keys of ${remaining.map((t) => t.name).join(", ")} form a cycle`);
    const [table] = remaining.splice(next, 1);
    placed.add(table.name);
    ordered.push({ name: table.name, key: table.key ?? [] });
  }
  return ordered;
}

/** The columns a row can be inserted into: all but those the database computes (generated columns). */
export async function insertableColumns(db: Db, table: string): Promise<string[]> {
  const columns = await rowsOf<{ name: string }>(
    db,
    sql`select a.attname as name from pg_attribute a
       where a.attrelid = ${`public.${quoted(table)}`}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
       order by a.attnum`,
  );
  return columns.map((c) => c.name);
}

/** How rows of `table` are ordered: by primary key, or by the whole row for a table without one. */
function orderOf(table: ShopTable): string {
  return table.key.length ? table.key.map(quoted).join(", ") : "row_to_json(t)::text";
}

/**
 * The rows of `table` as JSON lines, `batch` at a time, through a cursor of the caller's
 * transaction (whose snapshot they come from). Timestamps are written in UTC when the transaction
 * has `set local timezone = 'UTC'`.
 */
export async function* tableLines(tx: Db, table: ShopTable, batch = 2000): AsyncGenerator<string[]> {
  await tx.execute(
    sql.raw(
      `declare shop_backup_rows no scroll cursor for select row_to_json(t)::text as line from public.${quoted(table.name)} t order by ${orderOf(table)}`,
    ),
  );
  try {
    for (;;) {
      const rows = await rowsOf<{ line: string }>(tx, sql.raw(`fetch forward ${batch} from shop_backup_rows`));
      if (rows.length === 0) return;
      yield rows.map((r) => r.line);
    }
  } finally {
    await tx.execute(sql.raw(`close shop_backup_rows`));
  }
}

/** Inserts rows given as JSON lines (as `tableLines` wrote them) into `table`, all but computed columns. */
export async function insertLines(tx: Db, table: string, columns: string[], lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  const list = columns.map(quoted).join(", ");
  await tx.execute(
    sql`${sql.raw(`insert into public.${quoted(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::public.${quoted(table)}, `)}${`[${lines.join(",")}]`}::json)`,
  );
}

/** The number of rows of `table`. */
export async function rowCount(db: Db, table: string): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(db, sql.raw(`select count(*) as n from public.${quoted(table)}`));
  return Number(row?.n ?? 0);
}
