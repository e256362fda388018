import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseStorageUrl, type StorageConfig } from "~/modules/media/storage-url";
import { parseOrderLimits, type OrderLimits } from "~/modules/orders/order-limits";
import { passwordProblem } from "~/modules/accounts/password-check.server";
import { BACKUP_PLACES, DEFAULT_BACKUP_KEEP, MAX_BACKUP_KEEP, parseBackupEvery, type BackupSchedule } from "~/modules/backup/backup-schedule";
import { ConfigError } from "./lib/config-error";
import { webConcurrency } from "./lib/web-concurrency";

/**
 * The shop's whole configuration, parsed once at boot. Every problem is listed at once so an
 * operator can fix them in one go.
 */
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    /** Where `npm run backup` without a file name writes (docs/decisions/0050). */
    BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().default("./backups")),
    /** How often the running shop makes a backup; none when unset (docs/decisions/0051). */
    BACKUP_EVERY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .superRefine((value, ctx) => {
          const every = parseBackupEvery(value);
          if (typeof every !== "number") ctx.addIssue({ code: "custom", message: every.problem });
        })
        .optional(),
    ),
    BACKUP_KEEP: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d+$/, `must be how many scheduled backups to keep, from 1 to ${MAX_BACKUP_KEEP}`)
        .transform(Number)
        .pipe(z.number().min(1, "must keep at least 1 backup").max(MAX_BACKUP_KEEP, `must be at most ${MAX_BACKUP_KEEP}`))
        .default(DEFAULT_BACKUP_KEEP),
    ),
    BACKUP_TO: z.preprocess(
      emptyToUndefined,
      z.enum(BACKUP_PLACES, "must be folder (BACKUP_DIR) or bucket (STORAGE_URL's bucket)").default("folder"),
    ),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email("must be an e-mail address").optional()),
    // The staff password rule; only spaces is a (refused) password, not an unset one.
    ADMIN_PASSWORD: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .superRefine((password, ctx) => {
          const problem = passwordProblem(password, "staff");
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        })
        .optional(),
    ),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url("must be a full URL such as https://shop.example.pk").optional()),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    STORAGE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .superRefine((value, ctx) => {
          try {
            parseStorageUrl(value);
          } catch (error) {
            ctx.addIssue({ code: "custom", message: (error as Error).message });
          }
        })
        .optional(),
    ),
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d+$/, "must be the number of trusted reverse proxies in front of the shop (0, 1, 2 …)")
        .transform(Number)
        .pipe(z.number().max(10, "must be at most 10"))
        .default(0),
    ),
    PAGE_CACHE_MB: z.preprocess(
      emptyToUndefined,
      z.string().regex(/^\d+$/, "must be a whole number of megabytes (0 turns the page cache off)").transform(Number).default(32),
    ),
    KEEP_SEARCHES: z.preprocess(emptyToUndefined, z.enum(["on", "off"], "must be on or off").default("on")),
    ORDER_LIMITS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .superRefine((value, ctx) => {
          try {
            parseOrderLimits(value);
          } catch (error) {
            ctx.addIssue({ code: "custom", message: (error as Error).message });
          }
        })
        .optional(),
    ),
    WEB_CONCURRENCY: z.string().optional(),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  })
  .superRefine(
    (env, ctx) => {
      if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
        ctx.addIssue({
          code: "custom",
          path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
          message: "ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither",
        });
      }
      if (env.BACKUP_TO === "bucket" && !env.STORAGE_URL?.trim().toLowerCase().startsWith("s3:")) {
        ctx.addIssue({ code: "custom", path: ["BACKUP_TO"], message: "bucket needs STORAGE_URL to name a bucket (s3://…): set it, or use folder" });
      }
      const workers = webConcurrency(env.WEB_CONCURRENCY, { embedded: !env.DATABASE_URL, cores: os.availableParallelism() });
      if (typeof workers !== "number") ctx.addIssue({ code: "custom", path: ["WEB_CONCURRENCY"], message: workers.problem });
      // Run even when other variables are wrong, so every problem is listed at once.
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  /** BACKUP_DIR, absolute. */
  backupDir: string;
  /** Scheduled backups (BACKUP_EVERY, BACKUP_KEEP, BACKUP_TO), or null when BACKUP_EVERY is unset. */
  backupSchedule: BackupSchedule | null;
  /** Worker processes serving the shop: WEB_CONCURRENCY, else 1 with the embedded database and one per core with PostgreSQL. */
  workers: number;
  publicUrl: string;
  /** Where media files live: STORAGE_URL, else the folder `uploads` of the data folder. */
  storage: StorageConfig;
  /** Orders and items taken per client address and per phone or e-mail: ORDER_LIMITS, else the defaults of order-limits.ts. */
  orderLimits: OrderLimits;
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "environment";
      return `${name}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const backupDir = path.resolve(env.BACKUP_DIR);
  return {
    ...env,
    dataDir,
    backupDir,
    backupSchedule: env.BACKUP_EVERY
      ? {
          everyMs: parseBackupEvery(env.BACKUP_EVERY) as number,
          keep: env.BACKUP_KEEP,
          place: env.BACKUP_TO === "bucket" ? { kind: "bucket" } : { kind: "folder", dir: backupDir },
        }
      : null,
    workers: webConcurrency(env.WEB_CONCURRENCY, { embedded: !env.DATABASE_URL, cores: os.availableParallelism() }) as number,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    storage: env.STORAGE_URL ? parseStorageUrl(env.STORAGE_URL) : { kind: "local", root: path.join(dataDir, "uploads") },
    orderLimits: parseOrderLimits(env.ORDER_LIMITS),
  };
}

/**
 * What a production start should tell the operator without refusing to start: without PUBLIC_URL,
 * links in mail (password links, order mails) point at http://localhost:PORT, the only address the
 * shop knows from its configuration; it never takes one from a request (decision 0045).
 */
export function configurationWarnings(env: Env): string[] {
  if (env.NODE_ENV !== "production" || env.PUBLIC_URL) return [];
  return [
    `PUBLIC_URL is not set: links in mail (password, signup and order mails) point to ${env.publicUrl}. Set PUBLIC_URL to the address shoppers use, e.g. https://shop.example.pk.`,
  ];
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
