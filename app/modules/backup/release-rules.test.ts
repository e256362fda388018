import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "~/lib/db.server";
import { compareVersions, shippedMigrations, SHOP_VERSION } from "~/lib/db/migration-journal.server";
import { readParts } from "../../../tests/support/backup-files";
import { releaseFixtures, type ReleaseExpectations } from "../../../tests/support/release-fixture";

/*
 * The release rules of docs/decisions/0052: a release number is MAJOR.MINOR.PATCH with an entry in
 * CHANGELOG.md; a release that changes the schema (ships a migration no kept fixture holds) keeps
 * a backup of its own in tests/fixtures/releases, made by `npm run make-release-fixture`; a
 * patch release never changes the schema. Bumping package.json's version without them fails here.
 */

const repo = path.resolve(import.meta.dirname, "../../..");
const migrations = shippedMigrations(migrationsFolder());
const fixtures = await Promise.all(
  releaseFixtures().map(async (f) => {
    const header = JSON.parse((await readParts(f.backup))[0].data.toString("utf8")) as { shopVersion: string; migration: { tag: string } };
    const expected = JSON.parse(fs.readFileSync(f.expected, "utf8")) as ReleaseExpectations;
    return { ...f, header, saw: expected };
  }),
);

describe("releases", () => {
  it("are numbered MAJOR.MINOR.PATCH, and this one has its entry in CHANGELOG.md", () => {
    expect(SHOP_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    const changelog = fs.readFileSync(path.join(repo, "CHANGELOG.md"), "utf8");
    const heading = new RegExp(`^## \\[${SHOP_VERSION.replace(/\./g, "\\.")}\\] - \\d{4}-\\d{2}-\\d{2}$`, "m");
    expect(changelog, `CHANGELOG.md needs a heading "## [${SHOP_VERSION}] - YYYY-MM-DD" for release ${SHOP_VERSION}`).toMatch(heading);
  });

  it("keep their fixtures each in a folder named by the release that made the backup, none newer than this one", () => {
    expect(fixtures.length).toBeGreaterThan(0);
    const tags = migrations.map((m) => m.tag);
    for (const f of fixtures) {
      expect(f.header.shopVersion, f.backup).toBe(f.release);
      expect(f.saw.release, f.expected).toBe(f.release);
      expect(f.saw.migration, f.expected).toBe(f.header.migration.tag);
      expect(tags, `${f.backup}: its last migration is not shipped any more`).toContain(f.header.migration.tag);
      expect(compareVersions(f.release, SHOP_VERSION), `${f.release} is newer than this release, ${SHOP_VERSION}`).toBeLessThanOrEqual(0);
    }
  });

  it("that change the schema keep a fixture of their own", () => {
    const newest = fixtures.at(-1)!;
    const hasOwn = fixtures.some((f) => f.release === SHOP_VERSION);
    const newestTag = migrations.at(-1)!.tag;
    if (!hasOwn) {
      expect(
        newest.header.migration.tag,
        `Release ${SHOP_VERSION} ships migration ${newestTag}, which the newest kept backup (release ${newest.release}) does not hold: ` +
          `make this release's with npm run make-release-fixture and commit it (docs/decisions/0052).`,
      ).toBe(newestTag);
    }
  });

  it("that differ only in their patch number hold the same schema", () => {
    const minor = (v: string) => v.split(".").slice(0, 2).join(".");
    for (const [i, a] of fixtures.entries()) {
      for (const b of fixtures.slice(i + 1)) {
        if (minor(a.release) === minor(b.release)) {
          expect(b.header.migration.tag, `release ${b.release} changes the schema of ${a.release}: a schema change takes a new minor release`).toBe(
            a.header.migration.tag,
          );
        }
      }
    }
    const newest = fixtures.at(-1)!;
    if (newest.release !== SHOP_VERSION && minor(newest.release) === minor(SHOP_VERSION)) {
      expect(
        migrations.at(-1)!.tag,
        `release ${SHOP_VERSION} changes the schema of ${newest.release}: a schema change takes a new minor release`,
      ).toBe(newest.header.migration.tag);
    }
  });
});
