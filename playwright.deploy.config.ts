import { defineConfig, devices } from "@playwright/test";

import { CHROMIUM_ARGS, chromiumForTests } from "./scripts/chromium.mjs";

/*
 * The deployment test (tests/deploy): PostgreSQL, an S3 server, two shop instances and Caddy with
 * HTTPS, started by the spec itself (tests/support/deployment.ts); the workers test, one server
 * with WEB_CONCURRENCY=2 on PostgreSQL; and the database-blink test, which stops and starts a
 * PostgreSQL server of its own under load. Run by `npm test` when TEST_DATABASE_URL is set (the
 * first only with Caddy installed); `npx playwright test -c playwright.deploy.config.ts`. Also the
 * dev server's test (`npm run dev` on a copy of the tree), which needs neither and runs apart.
 */
export default defineConfig({
  testDir: "tests/deploy",
  fullyParallel: false,
  // Two files at a time: each starts its own servers on free ports, its own databases and folders, and
  // most of their time is spent waiting (a PostgreSQL stop, a restart, a timeout), so two share the
  // machine's two cores well. The tests of one file still run in order.
  workers: 2,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  outputDir: "test-results/artifacts-deploy",
  reporter: [["list"], ["json", { outputFile: "test-results/deploy.json" }]],
  use: {
    ...devices["Desktop Chrome"],
    channel: undefined,
    ignoreHTTPSErrors: true,
    launchOptions: {
      executablePath: chromiumForTests(),
      args: CHROMIUM_ARGS,
    },
    trace: "retain-on-failure",
  },
});
