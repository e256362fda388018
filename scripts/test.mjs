// `npm test`: the type check, lint, knip, unit and integration tests on the embedded database, `npm run dev` on a copy of the
// tree, the same integration tests on PostgreSQL when TEST_DATABASE_URL is set, then browser tests against the
// production build, and with TEST_DATABASE_URL the malformed-request fuzz, the deployment test and the workers test.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromiumForTests, FULL_CHROMIUM, HEADLESS_SHELL } from "./chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
const chromium = chromiumForTests();
const results = path.join(root, "test-results");
fs.mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

const started = Date.now();
const timings = [];

function finished(title, status, stepStarted) {
  const seconds = Math.round((Date.now() - stepStarted) / 1000);
  timings.push(`${String(seconds).padStart(5)} s  ${title.replace(/[:(].*$/, "").trim()}`);
  console.log(`=== ${title}: ${status === 0 ? "passed" : "FAILED"} in ${seconds} s ===`);
  if (status !== 0) failedSteps.push(title);
  return status === 0;
}

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const stepStarted = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return finished(title, r.status, stepStarted);
}

/**
 * Steps that share nothing, run at the same time (`{ label, title, command, args, env }`): each line
 * they print starts with its label. Resolves to whether each passed.
 */
async function runTogether(steps) {
  console.log(`\n=== At the same time: ${steps.map(({ title }) => title).join("; ")} ===`);
  const together = Date.now();
  const passed = await Promise.all(
    steps.map(
      ({ label, title, command, args, env = {} }) =>
        new Promise((resolve) => {
          const stepStarted = Date.now();
          const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0", ...env } });
          for (const [from, to] of [
            [child.stdout, process.stdout],
            [child.stderr, process.stderr],
          ]) {
            let rest = "";
            from.on("data", (chunk) => {
              const lines = (rest + chunk.toString()).split("\n");
              rest = lines.pop();
              for (const line of lines) to.write(`[${label}] ${line}\n`);
            });
            from.on("end", () => rest && to.write(`[${label}] ${rest}\n`));
          }
          let done = false;
          const end = (status) => {
            if (!done) resolve(finished(title, status ?? 1, stepStarted));
            done = true;
          };
          // A command that cannot start fails its step (Node may not report a close then).
          child.on("error", (error) => {
            console.error(`[${label}] ${error.message}`);
            end(1);
          });
          child.on("close", end);
        }),
    ),
  );
  timings.push(`${String(Math.round((Date.now() - together) / 1000)).padStart(5)} s  (the ${steps.length} steps above, at the same time)`);
  return passed;
}

function countVitest(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } catch {
    // No report: the step failed before running tests and is counted as failed below.
  }
}

function countPlaywright(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    totals.passed += report.stats?.expected ?? 0;
    totals.failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
    totals.skipped += report.stats?.skipped ?? 0;
  } catch {
    // As above.
  }
}

if (!fs.existsSync(chromium)) {
  console.error(
    `\nChromium is missing at ${chromium}: the browser tests need it.\n` +
      "Install Debian's packages (as root): apt-get update && apt-get install -y chromium-headless-shell chromium\n" +
      "(or set CHROMIUM_PATH to a Chromium binary). Never download a browser.\n",
  );
  process.exit(1);
}
if (chromium === FULL_CHROMIUM && !process.env.CHROMIUM_PATH)
  console.log(
    `Browser tests on the whole Chromium: ${HEADLESS_SHELL} is missing, so they take about twice as long (apt-get install -y chromium-headless-shell).`,
  );
else console.log(`Browser tests on ${chromium}.`);

// The route types first: the type check and the lint both read them (`.react-router/types`, where
// the server build's module is declared), and a lint started before they are written reads that
// module as `any`, and fails on a clean clone.
run("Route types (react-router typegen)", path.join(root, "node_modules", ".bin", "react-router"), ["typegen"]);
await runTogether([
  { label: "typecheck", title: "Type check (tsc)", command: path.join(root, "node_modules", ".bin", "tsc"), args: [] },
  { label: "lint", title: "Lint and format (ESLint, Prettier): fix with `npm run lint:fix`", command: "npm", args: ["run", "lint"] },
  { label: "knip", title: "Unused files, exports and dependencies (knip)", command: "npm", args: ["run", "knip"] },
]);

const vitest = path.join(root, "node_modules", ".bin", "vitest");
const pgliteReport = path.join(results, "vitest-pglite.json");
fs.rmSync(pgliteReport, { force: true });
run("Unit and integration tests (embedded PGlite)", vitest, ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${pgliteReport}`]);
countVitest(pgliteReport);

// `npm run dev` started on a copy of the tree, edited there as it runs (tests/deploy/dev-server.spec.ts): embedded database only.
const playwright = path.join(root, "node_modules", ".bin", "playwright");
const devReport = path.join(results, "dev-server.json");
fs.rmSync(devReport, { force: true });
run(
  "Dev server (npm run dev on a copy of the tree: a page with its data, hot updates, server modules reloaded)",
  playwright,
  ["test", "-c", "playwright.deploy.config.ts", "tests/deploy/dev-server.spec.ts"],
  { PLAYWRIGHT_JSON_OUTPUT_FILE: devReport },
);
countPlaywright(devReport);

if (process.env.TEST_DATABASE_URL) {
  const pgReport = path.join(results, "vitest-postgres.json");
  fs.rmSync(pgReport, { force: true });
  run(
    "Integration tests (PostgreSQL at TEST_DATABASE_URL)",
    vitest,
    ["run", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile.json=${pgReport}`],
    { TEST_DB: "postgres" },
  );
  countVitest(pgReport);
} else {
  console.log("\nPostgreSQL integration run left out: TEST_DATABASE_URL is not set (e.g. postgres://postgres@localhost/shop_test).");
}

if (run("Production build", "npm", ["run", "build"], { NODE_ENV: "production" })) {
  // The storefront's specs and the back office's share no server (playwright.config.ts, E2E_GROUP), so they run at once.
  const groups = ["storefront", "back-office"];
  for (const group of groups) fs.rmSync(path.join(results, `${group}.json`), { force: true });
  await runTogether(
    groups.map((group) => ({
      label: group,
      title: `Browser tests, ${group} (Chromium, production build)`,
      command: path.join(root, "node_modules", ".bin", "playwright"),
      args: ["test"],
      env: { E2E_GROUP: group },
    })),
  );
  for (const group of groups) countPlaywright(path.join(results, `${group}.json`));

  // Malformed requests to every route and action as every role (tests/fuzz): its data check reads PostgreSQL.
  if (!process.env.TEST_DATABASE_URL) {
    console.log("\nMalformed-request fuzz left out: TEST_DATABASE_URL is not set (it checks on a PostgreSQL server that no data changed).");
  } else {
    const fuzzReport = path.join(results, "fuzz.json");
    fs.rmSync(fuzzReport, { force: true });
    run("Malformed-request fuzz (production build, PostgreSQL)", path.join(root, "node_modules", ".bin", "playwright"), [
      "test",
      "-c",
      "playwright.fuzz.config.ts",
    ]);
    countPlaywright(fuzzReport);
  }

  // Deployment (tests/deploy): two instances, PostgreSQL, an S3 server and Caddy with HTTPS; one
  // server with two workers (WEB_CONCURRENCY=2), which needs PostgreSQL only; PostgreSQL stopped and
  // started under load, on a server of the test's own (it says itself when PostgreSQL's programs are
  // missing); and servers on a full and a read-only disk of their own (tmpfs, as root).
  const caddy = process.env.CADDY_PATH ?? "caddy";
  const hasCaddy = spawnSync(caddy, ["version"], { stdio: "ignore" }).status === 0;
  if (!process.env.TEST_DATABASE_URL) {
    console.log("\nDeployment and workers tests left out: TEST_DATABASE_URL is not set (they need a PostgreSQL server).");
  } else {
    if (!hasCaddy)
      console.log(
        `\nDeployment test left out: Caddy is missing (${caddy}); install it with apt-get install -y caddy. The workers, database-blink, disk-fault, newer-release and open-tab tests run.`,
      );
    const deployReport = path.join(results, "deploy.json");
    fs.rmSync(deployReport, { force: true });
    run(
      hasCaddy
        ? "Deployment tests (two instances, PostgreSQL, S3, Caddy with HTTPS; two workers; PostgreSQL stopped under load)"
        : "Workers and database-blink tests (PostgreSQL)",
      path.join(root, "node_modules", ".bin", "playwright"),
      [
        "test",
        "-c",
        "playwright.deploy.config.ts",
        // The dev server's spec ran above.
        ...(hasCaddy
          ? fs
              .readdirSync(path.join(root, "tests", "deploy"))
              .filter((file) => file.endsWith(".spec.ts") && file !== "dev-server.spec.ts")
              .map((file) => `tests/deploy/${file}`)
          : [
              "tests/deploy/workers.spec.ts",
              "tests/deploy/database-blink.spec.ts",
              "tests/deploy/disk-faults.spec.ts",
              "tests/deploy/newer-release.spec.ts",
              "tests/deploy/open-tab-across-a-release.spec.ts",
            ]),
      ],
    );
    countPlaywright(deployReport);
  }
}

console.log(`\nTime per step (whole run ${Math.round((Date.now() - started) / 1000)} s):\n${timings.join("\n")}`);
console.log("");
if (failedSteps.length) console.log(`Failed: ${failedSteps.join("; ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
