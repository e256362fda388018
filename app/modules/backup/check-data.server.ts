import { sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { listCategories } from "~/modules/catalog/catalog.server";
import { storageKeysOf } from "~/modules/media/media-files.server";
import { trashedFiles } from "~/modules/trash/trash.server";
import { isExternalMedia } from "~/modules/media/media-url";
import { STAGED_UPLOAD_TTL_MS } from "~/modules/media/staged-uploads.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { SWEEP_GRACE_MS } from "~/modules/media/upload-sweep.server";
import type { MediaKind } from "~/lib/db/value-lists";
import { sizeDetail } from "~/modules/catalog/size-label";

/**
 * `npm run check-data`: the database against the shop's rules (docs/decisions/0050). Every
 * finding is a line; any problem makes the check fail.
 */
export interface DataCheck {
  /** The problems found, each kind listed at most MAX_LISTED times. */
  problems: string[];
  /** How many problems were found in all. */
  problemCount: number;
  /** What was found and is as designed, but worth knowing. */
  notes: string[];
  /** How much was looked at, for the summary line. */
  checked: { stockRows: number; orderLines: number; categories: number; mediaReferences: number; storedFiles: number };
}

/** Findings of one kind listed at most this many times (then how many more). */
const MAX_LISTED = 50;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as Rows<T>).rows;

export async function checkData(db: Db, storage: FileStorage, now = Date.now()): Promise<DataCheck> {
  const problems: string[] = [];
  const notes: string[] = [];
  let problemCount = 0;
  const list = (lines: string[]) => {
    problemCount += lines.length;
    problems.push(...lines.slice(0, MAX_LISTED));
    if (lines.length > MAX_LISTED) problems.push(`… and ${lines.length - MAX_LISTED} more like it`);
  };

  // No negative stock.
  const [{ n: stockRows }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from stock`);
  const negative = await rowsOf<{ product: string; variant: string; size: string; qty: number }>(
    db,
    sql`select p.name as product, v.name as variant, s.size, s.qty from stock s
        join variants v on v.id = s.variant_id join products p on p.id = v.product_id
        where s.qty < 0 order by p.name, v.name, s.size`,
  );
  list(negative.map((r) => `Negative stock: ${[r.product, r.variant, sizeDetail(r.size, "size")].filter(Boolean).join(" / ")} has ${r.qty}.`));

  // Every order line keeps its snapshot, and every order its lines.
  const [{ n: orderLines }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from order_items`);
  const badLines = await rowsOf<{ number: string; product: string; why: string }>(
    db,
    sql`select o.order_number as number, i.product_name as product,
          case when btrim(i.product_name) = '' then 'has no product name'
               when i.quantity < 1 then 'has a quantity of ' || i.quantity
               when i.price < 0 or i.unit_price < 0 or coalesce(i.discount_price, 0) < 0 then 'has a negative price'
               else 'has a line total (' || i.line_total || ') that is not its unit price times its quantity (' || i.unit_price * i.quantity || ')' end as why
        from order_items i join orders o on o.id = i.order_id
        where btrim(i.product_name) = '' or i.quantity < 1 or i.price < 0 or i.unit_price < 0 or coalesce(i.discount_price, 0) < 0
           or i.line_total <> i.unit_price * i.quantity
        order by o.order_number, i.id`,
  );
  list(badLines.map((r) => `Order ${r.number}: the line "${r.product}" ${r.why}.`));
  const badOrders = await rowsOf<{ number: string; lines: number; subtotal: string; sum: string | null }>(
    db,
    sql`select o.order_number as number, count(i.id)::int as lines, o.subtotal::text as subtotal, sum(i.line_total)::text as sum
        from orders o left join order_items i on i.order_id = o.id
        group by o.id having count(i.id) = 0 or o.subtotal <> sum(i.line_total)
        order by o.order_number`,
  );
  list(
    badOrders.map((r) =>
      r.lines === 0 ? `Order ${r.number} has no lines.` : `Order ${r.number}: its subtotal (${r.subtotal}) is not the sum of its lines (${r.sum}).`,
    ),
  );

  // Each category's product count (as the storefront and back office show it) is the products linked to it.
  const shown = await listCategories(db);
  const linked = new Map(
    (
      await rowsOf<{ id: string; n: number }>(
        db,
        sql`select pc.category_id as id, count(distinct p.id)::int as n from product_categories pc join products p on p.id = pc.product_id group by pc.category_id`,
      )
    ).map((r) => [r.id, r.n]),
  );
  list(
    shown
      .filter((c) => c.productCount !== (linked.get(c.id) ?? 0))
      .map((c) => `Category ${c.name} shows ${c.productCount} products, but ${linked.get(c.id) ?? 0} are linked to it.`),
  );

  // Every media reference exists in storage, and no stored file is orphaned.
  const stored = new Set(await storage.listAll());
  const references = new Map<string, string>();
  const mediaRows = await rowsOf<{ product: string; variant: string; kind: MediaKind; storage_key: string; widths: number[] }>(
    db,
    sql`select p.name as product, v.name as variant, m.kind, m.storage_key, m.widths from media m
        join variants v on v.id = m.variant_id join products p on p.id = v.product_id order by p.name, v.name, m.position`,
  );
  for (const m of mediaRows) {
    for (const key of storageKeysOf({ kind: m.kind, storageKey: m.storage_key, widths: m.widths })) {
      references.set(key, `the ${m.kind} of ${m.product} / ${m.variant}`);
    }
  }
  // What waits in the Trash keeps its files until it is deleted for good (docs/decisions/0053).
  for (const { owner, file } of await trashedFiles(db)) for (const key of storageKeysOf(file)) references.set(key, owner);
  for (const c of shown) {
    if (!c.image || isExternalMedia(c.image.key)) continue;
    for (const width of c.image.widths) references.set(`${c.image.key}-${width}.webp`, `the image of category ${c.name}`);
  }
  list([...references].filter(([key]) => !stored.has(key)).map(([key, owner]) => `Missing media file ${key} (${owner}).`));

  // Order lines show the image of the product as it was; a product's files go when it is deleted
  // (docs/decisions/0008), so a line may name a file that is gone: noted, not a problem.
  const lineImages = await rowsOf<{ image: string; n: number }>(
    db,
    sql`select product_image as image, count(*)::int as n from order_items where product_image like '/media/%' group by product_image`,
  );
  const keptByOrders = new Set(lineImages.map((r) => r.image.slice("/media/".length)));
  const goneImages = lineImages.filter((r) => !stored.has(r.image.slice("/media/".length))).reduce((sum, r) => sum + r.n, 0);
  if (goneImages) notes.push(`${goneImages} order lines show a product image deleted with its product since (as designed).`);

  // A product's files are stored as they are uploaded, before the product is saved: those of a
  // form still being filled in (younger than an upload's lifetime) are not orphans yet.
  const stagedUntil = now - STAGED_UPLOAD_TTL_MS - SWEEP_GRACE_MS;
  const owners = (key: string) => [key, key.replace(/-\d+\.webp$/, "")];
  const ownedKeys = new Set([...references.keys()].flatMap(owners));
  const orphans = [...stored].filter((key) => {
    if (references.has(key) || keptByOrders.has(key) || owners(key).some((k) => ownedKeys.has(k))) return false;
    const time = /^[^/]+\/(\d{13})-/.exec(key);
    return !(time && Number(time[1]) >= stagedUntil);
  });
  list(orphans.map((key) => `Orphaned media file ${key}: nothing in the shop refers to it.`));

  return {
    problems,
    problemCount,
    notes,
    checked: { stockRows, orderLines, categories: shown.length, mediaReferences: references.size, storedFiles: stored.size },
  };
}

/** The report `npm run check-data` prints. */
export function checkReport(check: DataCheck): string {
  const { checked } = check;
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const summary =
    `Checked ${n(checked.stockRows, "stock row")}, ${n(checked.orderLines, "order line")}, ${n(checked.categories, "category", "categories")}, ` +
    `${n(checked.mediaReferences, "media reference")} and ${n(checked.storedFiles, "stored file")}`;
  const lines = [...check.problems.map((p) => `PROBLEM ${p}`), ...check.notes.map((n) => `note: ${n}`)];
  const verdict = check.problemCount ? `${check.problemCount} ${check.problemCount === 1 ? "problem" : "problems"} found.` : "No problems found.";
  return [summary, ...lines, verdict].join("\n");
}
