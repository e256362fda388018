import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/*
 * Back-office specs add, edit and delete products, categories and accounts. They run against a
 * second server with its own data folder, so the storefront specs always see the untouched demo
 * catalogue whatever order the files run in.
 */
const ADMIN_PORT = PORT + 1;
const ADMIN_SPECS = /admin-[^/]*\.spec\.ts$/;
/*
 * The proxy spec talks to a third server configured as behind one HTTPS reverse proxy
 * (PUBLIC_URL=https://…, TRUST_PROXY=1), playing the proxy's part itself with forwarded headers.
 */
const PROXY_PORT = PORT + 2;
const PROXY_SPECS = /proxy\.spec\.ts$/;
export const PROXIED_PUBLIC_URL = "https://shop.example.pk";
/*
 * The import spec talks to a fourth server whose data folder was filled by `npm run import` from the
 * committed export of the original shop before its first start (tests/fixtures/original-export.json).
 */
const IMPORT_PORT = PORT + 3;
const IMPORT_SPECS = /import\.spec\.ts$/;

function server(port: number, env: Record<string, string> = {}) {
  return {
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${port}/readyz`,
    env: { PORT: String(port), ...env },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: `test-results/artifacts-${PORT}`,
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]]
    : [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
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
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      grepInvert: /@mobile/,
      testIgnore: [ADMIN_SPECS, PROXY_SPECS, IMPORT_SPECS],
    },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@mobile/, testIgnore: [ADMIN_SPECS, PROXY_SPECS, IMPORT_SPECS] },
    { name: "proxy", use: { baseURL: `http://localhost:${PROXY_PORT}` }, testMatch: PROXY_SPECS },
    {
      name: "import",
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://localhost:${IMPORT_PORT}` },
      testMatch: IMPORT_SPECS,
    },
    {
      name: "admin",
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://localhost:${ADMIN_PORT}` },
      testMatch: ADMIN_SPECS,
    },
  ],
  webServer: [
    server(PORT),
    server(ADMIN_PORT),
    server(PROXY_PORT, { PUBLIC_URL: PROXIED_PUBLIC_URL, TRUST_PROXY: "1" }),
    server(IMPORT_PORT, { E2E_IMPORT: "tests/fixtures/original-export.json" }),
  ],
});
