import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SHOP_VERSION, SHOP_VERSION_SETTING } from "~/lib/db/migration-journal.server";
import { createAuth, loadAuthSecret } from "~/modules/accounts/auth.server";
import { getCurrentUser, requireAdmin, signIn } from "~/modules/accounts/session.server";
import { CATEGORY_IMAGE_WIDTHS } from "~/modules/catalog/catalog.server";
import type { FileStorage } from "~/modules/media/storage.server";
import type { Database } from "~/lib/db.server";
import { readParts } from "../../../tests/support/backup-files";
import { newPlace, type ShopPlace } from "../../../tests/support/backup-shop";
import {
  describeShop,
  makeReleaseFixture,
  releaseFixtures,
  type ReleaseExpectations,
  type ShopDescription,
} from "../../../tests/support/release-fixture";
import { testTarget } from "../../../tests/support/test-db";
import { restoreCommand } from "./backup-command.server";
import { checkData } from "./check-data.server";

/*
 * Upgrades (docs/decisions/0052): every backup kept in tests/fixtures/releases, one per release
 * that changed the schema, is restored into today's build, on the embedded database and on
 * PostgreSQL, and today's build finds the shop that release saw: orders with their lines, totals
 * and history, products with variants, sizes, stock and media, categories, accounts that sign in
 * with their passwords, subscribers, messages, and every media byte. A new folder there is tested
 * without any change here. So is a backup made now by `npm run make-release-fixture`, so that
 * the next release can make its own.
 */

const target = testTarget();
const where = target === "pglite" ? "a new data folder" : "an empty PostgreSQL database";

let root: string;
const places: ShopPlace[] = [];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-releases-"));
});
afterAll(async () => {
  for (const p of places) await p.remove();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const committed = releaseFixtures();

it("tests/fixtures/releases keeps a backup of this release or an earlier one", () => {
  expect(committed.map((f) => f.release)).not.toEqual([]);
});

type Source = { name: string; backup: () => Promise<string>; expected: () => ReleaseExpectations };
let madeNow: ReleaseExpectations | undefined;
const sources: Source[] = [
  ...committed.map((f) => ({
    name: `kept backup of release ${f.release}`,
    backup: async () => f.backup,
    expected: () => JSON.parse(fs.readFileSync(f.expected, "utf8")) as ReleaseExpectations,
  })),
  {
    name: `backup made now by npm run make-release-fixture (release ${SHOP_VERSION})`,
    backup: async () => {
      const made = await makeReleaseFixture(path.join(root, "made-now"), { template: inject("pgliteTemplate") });
      madeNow = made.expected;
      return made.backup;
    },
    expected: () => madeNow!,
  },
];

describe.each(sources.map((s) => [s.name, s] as const))(`the %s, restored into ${where} by today's build`, (_name, source) => {
  let expected: ReleaseExpectations;
  let parts: { name: string; data: Buffer }[];
  let opened: { database: Database; storage: FileStorage; close(): Promise<void> };
  let found: ShopDescription;

  beforeAll(async () => {
    const file = await source.backup();
    expected = source.expected();
    parts = await readParts(file);
    const place = await newPlace(target, root);
    places.push(place);
    const restored = await restoreCommand([file], place.settings);
    expect(restored.output).toMatch(/^Restored /);
    expect(restored.exitCode).toBe(0);
    opened = await place.open();
    found = await describeShop(opened.database.db);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
  });

  it("was made by the release its folder names, and holds a shop worth restoring", () => {
    const header = JSON.parse(parts[0].data.toString("utf8")) as { shopVersion: string; migration: { tag: string } };
    expect(header.shopVersion).toBe(expected.release);
    expect(header.migration.tag).toBe(expected.migration);
    expect(expected.shop.orders.length).toBeGreaterThan(0);
    expect(expected.shop.products.length).toBeGreaterThan(0);
  });

  it("finds every order with its lines, totals, status and history", () => {
    expect(found.orders).toEqual(expected.shop.orders);
    for (const order of found.orders) {
      expect(order.items.length).toBeGreaterThan(0);
      expect(order.items.reduce((sum, i) => sum + i.lineTotal, 0)).toBe(order.subtotal);
      expect(order.subtotal + order.tax + order.shipping).toBe(order.total);
    }
  });

  it("finds every product with its variants, sizes, stock and media, and every category with its products and picture", () => {
    expect(found.products).toEqual(expected.shop.products);
    expect(found.categories).toEqual(expected.shop.categories);
  });

  it("finds every account, and each signs in with its password (staff into the back office); a wrong password is refused", async () => {
    expect(found.users).toEqual(expected.shop.users);
    const db = opened.database.db;
    const auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: "http://shop.test" });
    expect(expected.logins.some((l) => l.role !== "user")).toBe(true);
    for (const login of expected.logins) {
      await expect(signIn(db, { email: login.email, password: `${login.password}!` }, auth)).rejects.toThrow("Invalid email or password.");
      const { user, headers } = await signIn(db, { email: login.email, password: login.password }, auth);
      expect(user).toMatchObject({ email: login.email, role: login.role });
      const cookie = headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const request = new Request("http://shop.test/admin", { headers: { cookie } });
      if (login.role === "user") {
        expect(await getCurrentUser(request, auth)).toMatchObject({ email: login.email, role: "user" });
        await expect(requireAdmin(request, auth)).rejects.toMatchObject({ status: 302 });
      } else {
        expect(await requireAdmin(request, auth)).toMatchObject({ email: login.email, role: login.role });
      }
    }
  });

  it("finds the subscribers and the contact messages", () => {
    expect(found.subscribers).toEqual(expected.shop.subscribers);
    expect(found.messages).toEqual(expected.shop.messages);
  });

  it("stores every media file byte for byte as the backup holds it, each one the catalogue names among them", async () => {
    const files = parts.filter((p) => p.name.startsWith("media/"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const stored = await opened.storage.open(file.name.slice("media/".length));
      expect(stored, file.name).not.toBeNull();
      expect((await buffer(stored!.stream)).equals(file.data), file.name).toBe(true);
    }
    const named = [
      ...expected.shop.categories.flatMap((c) => (c.image ? CATEGORY_IMAGE_WIDTHS.map((w) => `${c.image}-${w}.webp`) : [])),
      ...expected.shop.products.flatMap((p) =>
        p.variants.flatMap((v) => [...v.images.flatMap((i) => i.widths.map((w) => `${i.key}-${w}.webp`)), ...v.videos.map((m) => m.key)]),
      ),
    ];
    expect(named.length).toBeGreaterThan(0);
    expect(files.map((f) => f.name.slice("media/".length))).toEqual(expect.arrayContaining(named));
  });

  it("passes the data check, and now carries today's release", async () => {
    const check = await checkData(opened.database.db, opened.storage);
    expect(check.problems).toEqual([]);
    const rows = (await opened.database.db.execute(sql`select value from app_settings where key = ${SHOP_VERSION_SETTING}`)) as {
      rows: { value: string }[];
    };
    expect(rows.rows).toEqual([{ value: SHOP_VERSION }]);
  });
});
