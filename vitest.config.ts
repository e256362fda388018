import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/*
 * Vitest's default leaves a core idle (cores − 1 workers: one on a 2-core machine). The integration
 * files spend much of their time waiting for a database, PostgreSQL most of all, so they use every
 * core, and one more on PostgreSQL.
 */
const cores = os.availableParallelism();

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: process.env.TEST_DB === "postgres" ? cores + 1 : cores,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts", "server/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["app/**/*.integration.test.ts", "server/**/*.integration.test.ts"],
          globalSetup: ["tests/support/pglite-template.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
