import * as z from "zod/mini";

/*
 * A backup is one gzip'd tar file (docs/decisions/0050):
 *
 *   backup.json            what it is: format, release, last migration, when; always first
 *   db/<table>.jsonl       one part per table, a row per line as PostgreSQL's row_to_json writes it,
 *                          in primary-key order, tables in foreign-key order (parents first)
 *   media/<key>            every stored media file, byte for byte
 *   manifest.json          always last: rows per table, size and SHA-256 of every part
 *
 * Rows are data only: a restore recreates the schema by running this release's migrations up to
 * the backup's last one, loads the rows, then migrates forward. The same file restores into the
 * embedded database or PostgreSQL.
 */

export const BACKUP_FORMAT = "leather-shop-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const HEADER_ENTRY = "backup.json";
export const MANIFEST_ENTRY = "manifest.json";
export const TABLE_FOLDER = "db/";
export const MEDIA_FOLDER = "media/";

export const tableEntry = (table: string) => `${TABLE_FOLDER}${table}.jsonl`;
export const mediaEntry = (key: string) => `${MEDIA_FOLDER}${key}`;

const migration = z.object({ tag: z.string().check(z.minLength(1)), when: z.int() });

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.int().check(z.gte(1)),
  shopVersion: z.string().check(z.minLength(1)),
  migration,
  createdAt: z.string(),
  database: z.enum(["pglite", "postgres"]),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

const part = z.object({
  entry: z.string().check(z.minLength(1)),
  bytes: z.int().check(z.gte(0)),
  sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});

export const backupManifestSchema = z.extend(backupHeaderSchema, {
  tables: z.array(z.extend(part, { table: z.string().check(z.minLength(1)), rows: z.int().check(z.gte(0)) })),
  media: z.array(z.extend(part, { key: z.string().check(z.minLength(1)) })),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;
export type TablePart = BackupManifest["tables"][number];
export type MediaPart = BackupManifest["media"][number];

/** "1,234,567 bytes (1.2 MB)" */
export function sizeText(bytes: number): string {
  const units = ["bytes", "kB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const short = unit === 0 ? "" : ` (${value.toFixed(1)} ${units[unit]})`;
  return `${bytes.toLocaleString("en-US")} bytes${short}`;
}

/** The lines of a summary: rows per table, then the media files. */
export function countsText(manifest: Pick<BackupManifest, "tables" | "media">): string[] {
  const width = Math.max(11, ...manifest.tables.map((t) => t.table.length));
  const rows = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;
  const mediaBytes = manifest.media.reduce((sum, m) => sum + m.bytes, 0);
  return [
    ...manifest.tables.map((t) => `  ${t.table.padEnd(width)}  ${rows(t.rows)}`),
    `  ${"media files".padEnd(width)}  ${manifest.media.length.toLocaleString("en-US")}, ${sizeText(mediaBytes)}`,
  ];
}
