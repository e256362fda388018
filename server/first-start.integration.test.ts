import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config.server";
import { openDatabase } from "~/lib/db.server";
import { products } from "~/lib/db/tables/catalogue.server";
import { user } from "~/lib/db/tables/accounts.server";
import { isFirstStart, prepareNewDatabase } from "./first-start";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-first-start-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("a first start of an embedded shop", () => {
  it("leaves the serving process a database with the demo catalogue and the main admin ready", async () => {
    const env = parseEnv({ DATA_DIR: dataDir, ADMIN_EMAIL: "owner@example.pk", ADMIN_PASSWORD: "Owner-Stitch-Ledger-2604" });
    expect(isFirstStart(env)).toBe(true);
    await prepareNewDatabase(env);
    expect(isFirstStart(env)).toBe(false);
    const database = await openDatabase({ dataDir: env.dataDir });
    try {
      const [{ n }] = await database.db.select({ n: count() }).from(products);
      expect(n).toBeGreaterThan(0);
      // Created here, so that the shop that serves next finds it and hashes no password itself.
      const admins = await database.db.select({ email: user.email, role: user.role }).from(user).where(eq(user.role, "main-admin"));
      expect(admins).toEqual([{ email: "owner@example.pk", role: "main-admin" }]);
    } finally {
      await database.close();
    }
  });
});
