import { defineConfig, devices } from "@playwright/test";

/*
 * The deployment test (tests/deploy): PostgreSQL, an S3 server, two shop instances and Caddy with
 * HTTPS, started by the spec itself (tests/support/deployment.ts); and the workers test, one server
 * with WEB_CONCURRENCY=2 on PostgreSQL. Run by `npm test` when TEST_DATABASE_URL is set (the first
 * only with Caddy installed); `npx playwright test -c playwright.deploy.config.ts`.
 */
export default defineConfig({
  testDir: "tests/deploy",
  fullyParallel: false,
  workers: 1,
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
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
      ],
    },
    trace: "retain-on-failure",
  },
});
