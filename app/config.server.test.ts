import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./lib/config-error";
import { configurationWarnings, parseEnv } from "./config.server";

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

describe("parseEnv", () => {
  it("starts with sensible defaults on an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.NODE_ENV).toBe("production");
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(path.isAbsolute(env.dataDir)).toBe(true);
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.storage).toEqual({ kind: "local", root: path.resolve("./data/uploads") });
  });

  it("keeps storefront searches unless KEEP_SEARCHES is off, and names a wrong value", () => {
    expect(parseEnv({}).KEEP_SEARCHES).toBe("on");
    expect(parseEnv({ KEEP_SEARCHES: "off" }).KEEP_SEARCHES).toBe("off");
    expect(() => parseEnv({ KEEP_SEARCHES: "no" })).toThrow(/KEEP_SEARCHES: must be on or off/);
  });

  it("treats blank values as unset", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "  ", ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("takes the public URL from PUBLIC_URL without a trailing slash, or from the port", () => {
    expect(parseEnv({ PUBLIC_URL: "https://shop.example.pk/" }).publicUrl).toBe("https://shop.example.pk");
    expect(parseEnv({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
  });

  it("warns a production start without PUBLIC_URL where mailed links will point, and only then", () => {
    expect(configurationWarnings(parseEnv({ PORT: "8080" }))).toEqual([
      "PUBLIC_URL is not set: links in mail (password, signup and order mails) point to http://localhost:8080. Set PUBLIC_URL to the address shoppers use, e.g. https://shop.example.pk.",
    ]);
    expect(configurationWarnings(parseEnv({ PUBLIC_URL: "https://shop.example.pk" }))).toEqual([]);
    expect(configurationWarnings(parseEnv({ NODE_ENV: "development" }))).toEqual([]);
  });

  it("trusts no proxy by default and takes TRUST_PROXY as a count of hops", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(problemsOf({ TRUST_PROXY: "yes" })).toEqual([
      "TRUST_PROXY: must be the number of trusted reverse proxies in front of the shop (0, 1, 2 …)",
    ]);
    expect(problemsOf({ TRUST_PROXY: "-1" })).toHaveLength(1);
  });

  it("accepts a full valid configuration", () => {
    const env = parseEnv({
      PORT: "8080",
      DATA_DIR: "/var/lib/shop",
      DATABASE_URL: "postgresql://shop:secret@db:5432/shop",
      ADMIN_EMAIL: "owner@example.pk",
      ADMIN_PASSWORD: "owner-password",
    });
    expect(env.PORT).toBe(8080);
    expect(env.dataDir).toBe("/var/lib/shop");
    expect(env.DATABASE_URL).toBe("postgresql://shop:secret@db:5432/shop");
  });

  it("keeps media under DATA_DIR/uploads, or where STORAGE_URL says", () => {
    expect(parseEnv({ DATA_DIR: "/var/lib/shop" }).storage).toEqual({ kind: "local", root: "/var/lib/shop/uploads" });
    expect(parseEnv({ DATA_DIR: "/var/lib/shop", STORAGE_URL: " " }).storage).toEqual({ kind: "local", root: "/var/lib/shop/uploads" });
    expect(parseEnv({ STORAGE_URL: "file:///mnt/shared/media" }).storage).toEqual({ kind: "local", root: "/mnt/shared/media" });
    expect(parseEnv({ STORAGE_URL: "s3://shop-media/uploads?endpoint=http://127.0.0.1:9000" }).storage).toEqual({
      kind: "s3",
      bucket: "shop-media",
      prefix: "uploads/",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
    });
  });

  it("says what is wrong with a malformed STORAGE_URL, with the other problems", () => {
    expect(problemsOf({ STORAGE_URL: "s3:///uploads", PORT: "eighty" })).toEqual([
      expect.stringMatching(/^PORT:/),
      "STORAGE_URL: the bucket is missing: s3://bucket/optional/prefix",
    ]);
    expect(problemsOf({ STORAGE_URL: "media/uploads" })).toEqual([
      "STORAGE_URL: a folder must be an absolute path; use s3://bucket/prefix, file:///absolute/path or an absolute path",
    ]);
  });

  it("lists every problem at once", () => {
    const problems = problemsOf({
      PORT: "eighty",
      DATABASE_URL: "mysql://shop@db/shop",
      ADMIN_EMAIL: "owner@example.pk",
    });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith("PORT:"))).toBeDefined();
    expect(problems).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
    expect(problems).toContain("ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither");
  });

  it("refuses ports out of range and a password without an e-mail", () => {
    expect(problemsOf({ PORT: "70000" })[0]).toMatch(/^PORT:/);
    expect(problemsOf({ PORT: "0" })[0]).toMatch(/^PORT:/);
    expect(problemsOf({ ADMIN_PASSWORD: "owner-password" })).toEqual([
      "ADMIN_EMAIL: ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither",
    ]);
  });

  it("holds ADMIN_PASSWORD to the staff password rule: 12 characters, not only spaces, not common", () => {
    const owner = { ADMIN_EMAIL: "owner@example.pk" };
    expect(problemsOf({ ...owner, ADMIN_PASSWORD: "123456" })).toEqual(["ADMIN_PASSWORD: Staff passwords must be at least 12 characters."]);
    expect(problemsOf({ ...owner, ADMIN_PASSWORD: "owner-pass1" })).toEqual(["ADMIN_PASSWORD: Staff passwords must be at least 12 characters."]);
    expect(problemsOf({ ...owner, ADMIN_PASSWORD: "            " })).toEqual(["ADMIN_PASSWORD: Password cannot be only spaces."]);
    expect(problemsOf({ ...owner, ADMIN_PASSWORD: "password1234" })).toEqual(["ADMIN_PASSWORD: This password is too common. Please choose another."]);
    expect(parseEnv({ ...owner, ADMIN_PASSWORD: "Owner-Deploy-Password-7731" }).ADMIN_PASSWORD).toBe("Owner-Deploy-Password-7731");
  });

  it("explains the problems in the error message an operator reads", () => {
    try {
      parseEnv({ PORT: "eighty", ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "owner-password" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain("The shop cannot start; fix its configuration:");
      expect((error as Error).message).toContain("  - ADMIN_EMAIL: must be an e-mail address");
      expect((error as Error).message).toMatch(/ {2}- PORT: /);
    }
  });

  it("limits orders to 30 per 10 minutes per address, 5 per phone or e-mail, 40 items a day per address and 20 per phone unless ORDER_LIMITS says otherwise", () => {
    const minutes = (n: number) => n * 60_000;
    const day = { address: { limit: 40, windowMs: minutes(24 * 60) }, phone: { limit: 20, windowMs: minutes(24 * 60) } };
    expect(parseEnv({}).orderLimits).toEqual({
      address: { limit: 30, windowMs: minutes(10) },
      contact: { limit: 5, windowMs: minutes(10) },
      addressItems: day.address,
      phoneItems: day.phone,
    });
    expect(parseEnv({ ORDER_LIMITS: " " }).orderLimits).toEqual(parseEnv({}).orderLimits);
    expect(parseEnv({ ORDER_LIMITS: "100/1h address, 10/30m contact, 500/24h address items, 60/12h phone items" }).orderLimits).toEqual({
      address: { limit: 100, windowMs: minutes(60) },
      contact: { limit: 10, windowMs: minutes(30) },
      addressItems: { limit: 500, windowMs: minutes(24 * 60) },
      phoneItems: { limit: 60, windowMs: minutes(12 * 60) },
    });
    // One part alone keeps the others' defaults; order and spacing do not matter.
    expect(parseEnv({ ORDER_LIMITS: "20000/10m address" }).orderLimits).toEqual({
      address: { limit: 20000, windowMs: minutes(10) },
      contact: { limit: 5, windowMs: minutes(10) },
      addressItems: day.address,
      phoneItems: day.phone,
    });
    expect(parseEnv({ ORDER_LIMITS: "3 / 90s contact ,60/15m  address,  80/24h  address  items" }).orderLimits).toEqual({
      address: { limit: 60, windowMs: minutes(15) },
      contact: { limit: 3, windowMs: 90_000 },
      addressItems: { limit: 80, windowMs: minutes(24 * 60) },
      phoneItems: day.phone,
    });
  });

  it("says how to write ORDER_LIMITS when it cannot be read", () => {
    const howTo =
      'must read like "30/10m address, 5/10m contact, 40/24h address items, 20/24h phone items": orders per window (s, m or h, at most 24h) for each client address and for each phone number or e-mail, then items per window for each client address and for each phone number';
    expect(problemsOf({ ORDER_LIMITS: "lots" })).toEqual([`ORDER_LIMITS: ${howTo}; "lots" is not`]);
    expect(problemsOf({ ORDER_LIMITS: "30/10m address, 5/10 contact" })).toEqual([`ORDER_LIMITS: ${howTo}; "5/10 contact" is not`]);
    expect(problemsOf({ ORDER_LIMITS: "0/10m address" })).toEqual([`ORDER_LIMITS: ${howTo}; "0/10m address" is not`]);
    expect(problemsOf({ ORDER_LIMITS: "30/25h address" })).toEqual([`ORDER_LIMITS: ${howTo}; "30/25h address" is not`]);
    expect(problemsOf({ ORDER_LIMITS: "30/10m address, 40/10m address" })).toEqual(["ORDER_LIMITS: gives the address limit twice"]);
    expect(problemsOf({ ORDER_LIMITS: "30/10m phone", PORT: "eighty" })).toEqual([
      expect.stringMatching(/^PORT:/),
      `ORDER_LIMITS: ${howTo}; "30/10m phone" is not`,
    ]);
  });
  it("runs one worker on the embedded database and one per core on PostgreSQL unless WEB_CONCURRENCY says otherwise", () => {
    const pg = "postgres://u:p@localhost:5432/shop";
    expect(parseEnv({}).workers).toBe(1);
    expect(parseEnv({ DATABASE_URL: pg }).workers).toBe(Math.min(os.availableParallelism(), 64));
    expect(parseEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: "3" }).workers).toBe(3);
    expect(parseEnv({ WEB_CONCURRENCY: "1" }).workers).toBe(1);
  });

  it("refuses several workers on the embedded database, and says what to do", () => {
    const [problem] = problemsOf({ WEB_CONCURRENCY: "2" });
    expect(problem).toMatch(/^WEB_CONCURRENCY: must be 1 with the embedded database/);
    expect(problem).toContain("DATABASE_URL");
    for (const value of ["0", "two", "1.5", "65"]) {
      expect(problemsOf({ DATABASE_URL: "postgres://localhost/shop", WEB_CONCURRENCY: value })).toEqual([
        "WEB_CONCURRENCY: must be a whole number of worker processes from 1 to 64",
      ]);
    }
  });

  it("makes no scheduled backups unless BACKUP_EVERY is set; then keeps 14 in BACKUP_DIR unless told otherwise", () => {
    expect(parseEnv({}).backupSchedule).toBeNull();
    expect(parseEnv({ BACKUP_EVERY: "6h", BACKUP_DIR: "/srv/backups" }).backupSchedule).toEqual({
      everyMs: 6 * 3_600_000,
      keep: 14,
      place: { kind: "folder", dir: "/srv/backups" },
    });
    expect(parseEnv({ BACKUP_EVERY: "30m", BACKUP_KEEP: "3" }).backupSchedule).toEqual({
      everyMs: 30 * 60_000,
      keep: 3,
      place: { kind: "folder", dir: path.resolve("./backups") },
    });
    expect(parseEnv({ BACKUP_EVERY: "1d", BACKUP_TO: "bucket", STORAGE_URL: "s3://shop-media/media" }).backupSchedule).toEqual({
      everyMs: 86_400_000,
      keep: 14,
      place: { kind: "bucket" },
    });
  });

  it("says how to write BACKUP_EVERY, BACKUP_KEEP and BACKUP_TO when they cannot be used", () => {
    const every = "BACKUP_EVERY: must be a whole number of minutes, hours or days such as 30m, 6h or 1d, from 15m to 30d";
    for (const value of ["6", "six hours", "5m", "31d", "1.5h", "-1h"]) expect(problemsOf({ BACKUP_EVERY: value })).toEqual([every]);
    expect(problemsOf({ BACKUP_KEEP: "0" })).toEqual(["BACKUP_KEEP: must keep at least 1 backup"]);
    expect(problemsOf({ BACKUP_KEEP: "all" })).toEqual(["BACKUP_KEEP: must be how many scheduled backups to keep, from 1 to 1000"]);
    expect(problemsOf({ BACKUP_TO: "cloud" })).toEqual(["BACKUP_TO: must be folder (BACKUP_DIR) or bucket (STORAGE_URL's bucket)"]);
    expect(problemsOf({ BACKUP_TO: "bucket", STORAGE_URL: "/srv/media" })).toEqual([
      "BACKUP_TO: bucket needs STORAGE_URL to name a bucket (s3://…): set it, or use folder",
    ]);
  });
});
