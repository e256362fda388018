import { defineConfig, devices } from "@playwright/test";

import { CHROMIUM_ARGS, chromiumForTests } from "./scripts/chromium.mjs";

import { ADMIN_PORT, IMPORT_PORT, PORT, PROXY_PORT } from "./tests/support/e2e-servers";

const ADMIN_SPECS = /admin-[^/]*\.spec\.ts$/;
const PROXY_SPECS = /proxy\.spec\.ts$/;
const IMPORT_SPECS = /import\.spec\.ts$/;
/**
 * The accessibility walk (tests/e2e/accessible-pages.spec.ts) runs on a shop of its own, whichever group it is in:
 * it runs whole in the back-office group, so that the two groups take about as long and its shop is set up once.
 */
const ACCESSIBILITY_SPECS = /accessible-pages\.spec\.ts$/;
/** The storefront projects (desktop, mobile) run every spec but those that have a project of their own. */
const SPECS_OF_THEIR_OWN = [ADMIN_SPECS, PROXY_SPECS, IMPORT_SPECS, ACCESSIBILITY_SPECS];

/*
 * E2E_GROUP=storefront runs the shopper's specs (phone and desktop) against the storefront server alone;
 * E2E_GROUP=back-office runs the staff, proxy and import specs against their three servers. The two
 * groups share no server, so `npm test` runs them at the same time; without E2E_GROUP, everything runs.
 */
const GROUPS: Record<string, readonly string[]> = {
  storefront: ["desktop", "mobile"],
  "back-office": ["admin", "proxy", "import", "accessibility"],
};
const GROUP = process.env.E2E_GROUP;
if (GROUP !== undefined && !Object.hasOwn(GROUPS, GROUP))
  throw new Error(`E2E_GROUP must be one of ${Object.keys(GROUPS).join(", ")}, or unset for all.`);
const NAME = GROUP ?? "e2e";

const PROJECTS = [
  {
    name: "desktop",
    use: { ...devices["Desktop Chrome"], channel: undefined },
    grepInvert: /@mobile/,
    testIgnore: SPECS_OF_THEIR_OWN,
  },
  {
    name: "mobile",
    use: { ...devices["Pixel 7"], channel: undefined },
    grep: /@mobile/,
    testIgnore: SPECS_OF_THEIR_OWN,
  },
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
  {
    name: "accessibility",
    // The walk's pages are on its own server; this baseURL only names a server the back-office group starts anyway.
    use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://localhost:${ADMIN_PORT}` },
    testMatch: ACCESSIBILITY_SPECS,
  },
];
// `npm test` runs the groups, not the projects: a project in no group (or in two) would silently not run (or run twice).
for (const { name } of PROJECTS) {
  const groups = Object.keys(GROUPS).filter((group) => GROUPS[group].includes(name));
  if (groups.length !== 1)
    throw new Error(`The browser-test project "${name}" must be in exactly one E2E group (playwright.config.ts GROUPS); it is in ${groups.length}.`);
}

export default defineConfig({
  testDir: "tests/e2e",
  // The servers the chosen projects talk to (storefront, back office, behind a proxy, imported), started together.
  globalSetup: "./tests/support/e2e-servers.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: `test-results/artifacts-${NAME}`,
  reporter: [["list"], ["json", { outputFile: `test-results/${NAME}.json` }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: chromiumForTests(),
      args: CHROMIUM_ARGS,
    },
    // Recording a trace of every test cost about a tenth of the run; E2E_TRACE=1 keeps one of each failed test.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
  },
  projects: PROJECTS.filter(({ name }) => !GROUP || GROUPS[GROUP].includes(name)),
});
