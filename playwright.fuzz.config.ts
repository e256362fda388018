import { defineConfig } from "@playwright/test";

/*
 * Malformed requests to every route and action (tests/fuzz): the spec starts its own production
 * server on a scratch PostgreSQL database and speaks raw HTTP to it, no browser. Run by `npm test`
 * after the production build when TEST_DATABASE_URL is set; `npx playwright test -c playwright.fuzz.config.ts`.
 */
export default defineConfig({
  testDir: "tests/fuzz",
  // Beside the spec, fuzz-routes.test.ts is a unit test (vitest) that keeps the spec's route list whole.
  testMatch: "*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 600_000,
  outputDir: "test-results/artifacts-fuzz",
  reporter: [["list"], ["json", { outputFile: "test-results/fuzz.json" }]],
});
