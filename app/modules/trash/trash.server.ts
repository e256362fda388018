import { count, desc, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import { runEvery } from "~/lib/every.server";
import { trash } from "~/lib/db/tables/site.server";
import type { TrashKind } from "~/lib/db/value-lists";
import { pageOf, type Paging } from "~/lib/paging";
import { deleteMediaFiles, type StoredMediaFile } from "~/modules/media/media-files.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { insertableColumns } from "~/modules/backup/shop-tables.server";
import { publishChange } from "~/modules/live/live-events.server";
import { daysLeft, TRASH_ENTRY_GONE, trashCutoff } from "./trash";

/*
 * The back office's Trash (docs/decisions/0053-trash.md). Deleting a product, category, subscriber,
 * contact message or admin moves its rows, and the rows that belong to it, into one `trash` entry
 * as the database writes them (`to_jsonb`), then deletes them: every read of the shop goes on
 * seeing only what is there, and the catalogue's triggers announce the change to every cache.
 * Restoring writes the same rows back (same ids, same times, to the microsecond) in one
 * transaction. Media files stay in storage until the entry is deleted for good.
 */

/** Who deleted an entry: a plain reference, and their name as it was then. */
export interface DeletedBy {
  id: string;
  name: string;
}

export function deletedByOf(staff: { id: string; firstName: string; lastName: string; email: string }): DeletedBy {
  return { id: staff.id, name: `${staff.firstName} ${staff.lastName}`.trim() || staff.email };
}

/** Rows of `table` that belong to the item: a condition on the row `t`. */
interface Part {
  table: string;
  rows: (id: string) => SQL;
}

/** Rows elsewhere whose `column` names the item (or one of its rows) and is cleared when it goes: given back on restore. */
interface Link {
  table: string;
  column: string;
  rows: (id: string) => SQL;
}

const variantsOf = (id: string) => sql`select v.id from variants v where v.product_id = ${id}`;

/**
 * What each kind is made of. The first part is the item's own row, whose delete takes the others
 * with it (their foreign keys cascade); parents come before the rows that name them.
 */
const LAYOUT: Record<TrashKind, { parts: Part[]; links: Link[] }> = {
  product: {
    parts: [
      { table: "products", rows: (id) => sql`t.id = ${id}` },
      { table: "variants", rows: (id) => sql`t.product_id = ${id}` },
      { table: "stock", rows: (id) => sql`t.variant_id in (${variantsOf(id)})` },
      { table: "media", rows: (id) => sql`t.variant_id in (${variantsOf(id)})` },
      { table: "product_categories", rows: (id) => sql`t.product_id = ${id}` },
    ],
    links: [
      // The trail of stock movements and the lines of orders keep their snapshot (decision 0008);
      // their reference to the size or product comes back with it.
      {
        table: "stock_movements",
        column: "stock_id",
        rows: (id) => sql`t.stock_id in (select s.id from stock s where s.variant_id in (${variantsOf(id)}))`,
      },
      { table: "order_items", column: "product_id", rows: (id) => sql`t.product_id = ${id}` },
    ],
  },
  category: {
    parts: [
      { table: "categories", rows: (id) => sql`t.id = ${id}` },
      { table: "product_categories", rows: (id) => sql`t.category_id = ${id}` },
    ],
    links: [],
  },
  subscriber: { parts: [{ table: "subscribers", rows: (id) => sql`t.id = ${id}` }], links: [] },
  message: { parts: [{ table: "contact_submissions", rows: (id) => sql`t.id = ${id}` }], links: [] },
  // Sessions are not kept: a restored admin signs in again, with the same password.
  admin: {
    parts: [
      { table: "user", rows: (id) => sql`t.id = ${id}` },
      { table: "account", rows: (id) => sql`t.user_id = ${id}` },
    ],
    links: [],
  },
};

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as Rows).rows as T[];

/**
 * Moves an item into the Trash inside the caller's transaction (which has locked it as its own
 * delete would): its rows are written into one entry, then the item is deleted. Its files stay.
 */
export async function moveToTrash(
  tx: Db,
  entry: { kind: TrashKind; itemId: string; name: string; by: DeletedBy; files?: StoredMediaFile[]; now?: Date },
): Promise<void> {
  const { parts, links } = LAYOUT[entry.kind];
  const id = entry.itemId;
  const rows = sql.join(
    parts.map(
      (p) => sql`${p.table}::text, (select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) from ${sql.identifier(p.table)} t where ${p.rows(id)})`,
    ),
    sql`, `,
  );
  const linked = links.length
    ? sql.join(
        links.map(
          (l) =>
            sql`${l.table}::text, (select coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'value', t.${sql.identifier(l.column)})), '[]'::jsonb)
                from ${sql.identifier(l.table)} t where ${l.rows(id)})`,
        ),
        sql`, `,
      )
    : sql``;
  await tx.insert(trash).values({
    kind: entry.kind,
    itemId: id,
    name: entry.name,
    snapshot: sql`jsonb_build_object('rows', jsonb_build_object(${rows}), 'links', jsonb_build_object(${linked}))`,
    files: entry.files ?? [],
    deletedBy: entry.by.id,
    deletedByName: entry.by.name,
    // To the millisecond, as the pages and the purge compute its days.
    deletedAt: entry.now ?? new Date(),
  });
  await tx.execute(sql`delete from ${sql.identifier(parts[0].table)} t where ${parts[0].rows(id)}`);
  if (entry.kind === "message") await publishChange(tx, { topic: "submissions", id });
}

export interface TrashRow {
  id: string;
  kind: TrashKind;
  name: string;
  deletedByName: string;
  deletedAt: Date;
  daysLeft: number;
}

const TRASH_PAGE_SIZE = 50;

/** What the Trash holds, last deleted first, with the days each entry has left. */
export async function listTrash(db: Db, options: { now?: Date; page?: number; pageSize?: number } = {}): Promise<Paging & { rows: TrashRow[] }> {
  const now = options.now ?? new Date();
  const pageSize = options.pageSize ?? TRASH_PAGE_SIZE;
  const kept = gt(trash.deletedAt, trashCutoff(now));
  const [{ total }] = await db.select({ total: count() }).from(trash).where(kept);
  const { offset, ...paging } = pageOf(total, options.page, pageSize);
  const rows = await db
    .select({ id: trash.id, kind: trash.kind, name: trash.name, deletedByName: trash.deletedByName, deletedAt: trash.deletedAt })
    .from(trash)
    .where(kept)
    .orderBy(desc(trash.deletedAt), desc(trash.id))
    .limit(pageSize)
    .offset(offset);
  return { ...paging, rows: rows.map((r) => ({ ...r, daysLeft: daysLeft(r.deletedAt, now) })) };
}

/** The words of a refused restore: what holds the item's place now. */
function conflictText(kind: TrashKind, name: string, row: Record<string, unknown> | undefined): string {
  const email = typeof row?.email === "string" ? row.email : name;
  if (kind === "subscriber") return `${email} has subscribed again since it was deleted, so the old subscription cannot be restored.`;
  if (kind === "admin") return `An account with the e-mail ${email} has been made since this admin was deleted, so it cannot be restored.`;
  return `'${name}' cannot be restored: the shop has it already.`;
}

/**
 * Writes the rows of `table` kept in entry `entryId` back, those `where` allows (`r` is the row);
 * answers how many. Only the columns the kept rows have are written: one added by a later release
 * takes its default, one dropped since is left out.
 */
async function reinsert(tx: Db, entryId: string, table: string, options: { where?: SQL; onConflict?: "skip" } = {}): Promise<number> {
  const kept = new Set(
    (
      await rowsOf<{ key: string }>(
        tx,
        sql`select distinct k as key from trash e, jsonb_array_elements(coalesce(e.snapshot->'rows'->${table}::text, '[]'::jsonb)) r, jsonb_object_keys(r) k
            where e.id = ${entryId}`,
      )
    ).map((r) => r.key),
  );
  const names = (await insertableColumns(tx, table)).filter((c) => kept.has(c));
  if (names.length === 0) return 0;
  const columns = sql.join(
    names.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const [{ n }] = await rowsOf<{ n: number }>(
    tx,
    sql`with written as (
          insert into ${sql.identifier(table)} (${columns})
          select ${columns} from jsonb_populate_recordset(null::${sql.identifier(table)},
            (select coalesce(e.snapshot->'rows'->${table}::text, '[]'::jsonb) from trash e where e.id = ${entryId})) r
          ${options.where ? sql`where ${options.where}` : sql``}
          ${options.onConflict === "skip" ? sql`on conflict do nothing` : sql``}
          returning 1)
        select count(*)::int as n from written`,
  );
  return Number(n);
}

/** A link between a product and a category comes back only when both are in the shop. */
const LINK_BOTH_ENDS = sql`exists (select 1 from products p where p.id = r.product_id)
  and exists (select 1 from categories c where c.id = r.category_id)
  and not exists (select 1 from product_categories x where x.product_id = r.product_id and x.category_id = r.category_id)`;

/**
 * Puts an entry back as it was, in one transaction: its rows with their ids and times, its
 * category links (to categories still there), the references the order lines and stock trail had
 * to it. A link whose other end is in the Trash too is handed to that entry, so it comes back with
 * whichever returns last. Refused (CONFLICT) when the shop has taken its place meanwhile (a
 * subscriber's or admin's e-mail used again); the entry then stays.
 */
export async function restoreFromTrash(db: Db, entryId: string, now = new Date()): Promise<{ kind: TrashKind; name: string }> {
  return db.transaction(async (tx) => {
    const [entry] = await tx.select().from(trash).where(eq(trash.id, entryId)).for("update");
    if (!entry || entry.deletedAt <= trashCutoff(now)) throw new DomainError("NOT_FOUND", TRASH_ENTRY_GONE);
    const { parts, links } = LAYOUT[entry.kind];
    const [own, ...rest] = parts;
    if ((await reinsert(tx, entry.id, own.table, { onConflict: "skip" })) === 0) {
      const snapshot = entry.snapshot as { rows: Record<string, Record<string, unknown>[]> };
      throw new DomainError("CONFLICT", conflictText(entry.kind, entry.name, snapshot.rows[own.table]?.[0]));
    }
    for (const part of rest) await reinsert(tx, entry.id, part.table, part.table === "product_categories" ? { where: LINK_BOTH_ENDS } : {});
    for (const link of links) {
      await tx.execute(
        sql`update ${sql.identifier(link.table)} t set ${sql.identifier(link.column)} = l.value
            from jsonb_to_recordset((select e.snapshot->'links'->${link.table}::text from trash e where e.id = ${entry.id})) as l(id text, value text)
            where t.id = l.id and t.${sql.identifier(link.column)} is null`,
      );
    }
    if (parts.some((p) => p.table === "product_categories")) await handOverLinks(tx, entry.id);
    await tx.delete(trash).where(eq(trash.id, entry.id));
    if (entry.kind === "message") await publishChange(tx, { topic: "submissions", id: entry.itemId });
    return { kind: entry.kind, name: entry.name };
  });
}

/** The links of entry `entryId` that did not come back because their other end is in the Trash go into that end's entry. */
async function handOverLinks(tx: Db, entryId: string): Promise<void> {
  await tx.execute(sql`
    update trash e
       set snapshot = jsonb_set(e.snapshot, '{rows,product_categories}', coalesce(e.snapshot->'rows'->'product_categories', '[]'::jsonb) || s.links)
      from (
        select o.id, jsonb_agg(to_jsonb(r)) as links
          from jsonb_populate_recordset(null::product_categories,
                 (select coalesce(x.snapshot->'rows'->'product_categories', '[]'::jsonb) from trash x where x.id = ${entryId})) r
          join trash o on o.id <> ${entryId}
                      and ((o.kind = 'product' and o.item_id = r.product_id) or (o.kind = 'category' and o.item_id = r.category_id))
         where not exists (select 1 from product_categories l where l.product_id = r.product_id and l.category_id = r.category_id)
         group by o.id
      ) s
     where e.id = s.id`);
}

/** Deletes entries for good, then (after the commit) their media files. Answers what went. */
async function purge(db: Db, storage: FileStorage, which: SQL | undefined): Promise<{ kind: TrashKind; name: string }[]> {
  const gone = await db.delete(trash).where(which).returning({ kind: trash.kind, name: trash.name, files: trash.files });
  await deleteMediaFiles(
    storage,
    gone.flatMap((g) => g.files as StoredMediaFile[]),
  );
  return gone.map(({ kind, name }) => ({ kind, name }));
}

/** Deletes one entry for good, media included. */
export async function deleteForGood(db: Db, storage: FileStorage, entryId: string): Promise<{ kind: TrashKind; name: string }> {
  const [gone] = await purge(db, storage, eq(trash.id, entryId));
  if (!gone) throw new DomainError("NOT_FOUND", TRASH_ENTRY_GONE);
  return gone;
}

/** Empties the Trash: everything in it goes for good, media included. */
export async function emptyTrash(db: Db, storage: FileStorage): Promise<{ count: number }> {
  return { count: (await purge(db, storage, undefined)).length };
}

/** Deletes for good what has been in the Trash for its 30 days. */
export async function purgeExpiredTrash(db: Db, storage: FileStorage, now = new Date()): Promise<{ count: number }> {
  return { count: (await purge(db, storage, lte(trash.deletedAt, trashCutoff(now)))).length };
}

/**
 * The media files entries in the Trash keep, with what they belong to: not orphans, whatever
 * the shop's own rows say (the upload sweep and `npm run check-data` ask).
 */
export async function trashedFiles(db: Db): Promise<{ owner: string; file: StoredMediaFile }[]> {
  const rows = await db.select({ kind: trash.kind, name: trash.name, files: trash.files }).from(trash);
  return rows.flatMap((r) => (r.files as StoredMediaFile[]).map((file) => ({ owner: `the ${r.kind} ${r.name} in the Trash`, file })));
}

/** Of these storage keys (a media row's key: an image's base, a video's name), those an entry in the Trash keeps. */
export async function keysKeptByTrash(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`select distinct f->>'storageKey' as key from trash e, jsonb_array_elements(e.files) f
        where f->>'storageKey' in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );
  return new Set(rows.map((r) => r.key));
}

/** Purges what has had its days now and then, every `everyMs`; failures are logged and retried at the next round. */
export function startTrashPurger(db: Db, storage: FileStorage, everyMs = 60 * 60 * 1000): { stop: () => Promise<void> } {
  return runEvery(
    everyMs,
    async () => {
      const { count } = await purgeExpiredTrash(db, storage);
      if (count) logger.info({ entries: count }, "deleted for good what had been in the Trash for 30 days");
    },
    "emptying the Trash of old entries failed",
  );
}
