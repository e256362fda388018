import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/lib/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty embedded database dumped to a file (PGlite's `dumpDataDir`), or "" on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Vitest global setup of the integration tests: creates one migrated, empty in-memory database and
 * dumps it to a file, from which every test file's fresh database starts (tests/support/test-db.ts).
 * Creating an embedded database from nothing costs about 3 s of CPU; starting from the copy about
 * 0.7 s, and the integration files open dozens.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === "postgres") {
    project.provide("pgliteTemplate", "");
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-template-"));
  const file = path.join(dir, "pglite.tar");
  const database = await openDatabase({});
  try {
    const client = (database.db as unknown as { $client: { dumpDataDir(compression: "none"): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir("none");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
