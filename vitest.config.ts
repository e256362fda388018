import os from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/*
 * Vitest's default leaves a core idle (cores − 1 workers: one on a 2-core machine). The integration
 * files spend much of their time waiting for a database, PostgreSQL most of all, so they use every
 * core, and one more on PostgreSQL.
 */
const cores = os.availableParallelism();

/*
 * A worker runs its files one after another in one module graph instead of importing every module
 * again for each file (the embedded database's WebAssembly among them): the PGlite pass took 270 s
 * instead of 460 s here. Each file still opens its own database (useTestDatabase); support modules
 * register their hooks from a function each file calls, never on import (docs/testing.md).
 */
const isolate = false;

/*
 * Integration files that never read the database under test: the embedded database's own folder
 * (its lock, the first start, a full disk) and media storage. `npm test` runs them with the embedded pass; the
 * PostgreSQL pass (TEST_DB=postgres) would only run them a second time.
 */
const WITHOUT_THE_DATABASE_UNDER_TEST = [
  "app/lib/folder-lock.integration.test.ts",
  "server/first-start.integration.test.ts",
  "app/modules/media/images.integration.test.ts",
  "app/modules/media/storage.integration.test.ts",
  "app/modules/media/storage-factory.integration.test.ts",
  // The embedded database on a small disk of its own (tmpfs).
  "app/lib/db-panic.integration.test.ts",
  "app/modules/orders/orders-disk-full.integration.test.ts",
  "app/lib/data-folder.integration.test.ts",
];

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: process.env.TEST_DB === "postgres" ? cores + 1 : cores,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          isolate,
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/fuzz/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          isolate,
          include: ["app/**/*.integration.test.ts", "server/**/*.integration.test.ts"],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DB === "postgres" ? WITHOUT_THE_DATABASE_UNDER_TEST : [])],
          globalSetup: ["tests/support/pglite-template.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
