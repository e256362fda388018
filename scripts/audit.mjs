#!/usr/bin/env node
// scripts/audit.mjs: Lighthouse audit of the shop's key pages (`npm run audit`).
//
// What it does:
//   1. Unless AUDIT_URL is set, it makes sure the production build exists
//      (runs `npm run build` if build/server/index.js is missing). Then it starts
//      `node server.mjs` on a free port with a fresh, empty DATA_DIR (the server
//      seeds its demo catalogue there) and waits for GET /healthz to answer 200.
//      With AUDIT_URL set, it audits that running server and starts nothing.
//   2. It fetches /shop and takes the first product link (href="/product/<id>").
//   3. It runs Lighthouse (default config: mobile, simulated throttling) on
//      /, /shop and that product page in Debian's Chromium. Before each run it
//      sends one plain fetch to the page so the server's caches are warm.
//   4. It prints the scores, the product page's JavaScript transfer size and
//      the failing audits of each page.
//   5. It checks the targets (every page: Performance 100, LCP <= 1.5 s, the other
//      categories 100; the product page: JavaScript <= 110 KB compressed), prints
//      PASS/FAIL and the goal lines met/not met, and writes audit-report.json.
//      The exit code is 0 unless AUDIT_STRICT=1 is set and a target failed.
//   6. It always stops the server and Chrome and removes the temp DATA_DIR.
//
// Environment:
//   AUDIT_URL      base URL of a server that is already running, e.g. http://localhost:3000
//   AUDIT_STRICT   1: exit 1 when a target fails
//   AUDIT_PORT     preferred port for the server this script starts (default 3100)
//   AUDIT_DEBUG    1: print the stack trace when the audit fails
//   AUDIT_LHR_DIR  a folder: also write each page's full Lighthouse result there (<page>.json)

import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CHROME_PATH = "/usr/bin/chromium";
const REPORT_PATH = path.join(ROOT, "audit-report.json");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const CATEGORY_LABELS = {
  performance: "Performance",
  accessibility: "Accessibility",
  "best-practices": "Best Practices",
  seo: "SEO",
};
// Minimum score (0-100, rounded the way the Lighthouse report rounds) per category.
const SCORE_TARGETS = {
  performance: 100,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};
const PRODUCT_JS_TARGET_KB = 110;
/** Largest Contentful Paint of every page, simulated mobile. */
const LCP_TARGET_MS = 1500;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
const HEALTH_TIMEOUT_MS = 60_000;

// Everything that must be cleaned up at the end, whatever happens.
const state = {
  server: null, // ChildProcess of `node server.mjs`
  serverOutput: [], // last lines of the server's stdout/stderr (for error messages)
  dataDir: null, // temp DATA_DIR
  chrome: null, // chrome-launcher instance
};

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

function log(message = "") {
  process.stdout.write(`${message}\n`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** fetch with a timeout; resolves to the Response (body not read). */
async function fetchWithTimeout(url, ms = 10_000) {
  return fetch(url, { signal: AbortSignal.timeout(ms), redirect: "follow" });
}

/** Resolves to true when nothing listens on `port` (checked on all interfaces). */
function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.once("listening", () => probe.close(() => resolve(true)));
    probe.listen(port);
  });
}

/** Port 3100 (or AUDIT_PORT) if it is free, otherwise one the OS hands out. */
async function findFreePort() {
  const preferred = Number(process.env.AUDIT_PORT) || 3100;
  if (await isPortFree(preferred)) return preferred;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Runs a command with inherited stdio; rejects on a non-zero exit. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`\`${command} ${args.join(" ")}\` failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

const serverOutputText = () => state.serverOutput.join("").trimEnd() || "(no output)";

// ---------------------------------------------------------------------------
// Step 1: production build and server
// ---------------------------------------------------------------------------

async function ensureBuild() {
  if (fs.existsSync(path.join(ROOT, "build/server/index.js"))) return;
  log("build/server/index.js is missing: running `npm run build` ...");
  await run("npm", ["run", "build"]);
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("`npm run build` finished but build/server/index.js still does not exist");
  }
}

async function startServer() {
  if (!fs.existsSync(path.join(ROOT, "server.mjs"))) {
    throw new Error(`server.mjs not found in ${ROOT}; cannot start the production server`);
  }
  const port = await findFreePort();
  state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-audit-data-"));

  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: state.dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Own process group, so stopServer() also reaches anything the server spawns.
    detached: true,
  });
  state.server = child;

  // Keep the tail of the server's output for error messages.
  const keep = (chunk) => {
    state.serverOutput.push(chunk.toString());
    if (state.serverOutput.length > 200) state.serverOutput.shift();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  let exited = null;
  child.once("exit", (code, signal) => {
    exited = signal ?? `exit code ${code}`;
  });
  child.once("error", (err) => {
    exited = `spawn error: ${err.message}`;
  });

  const baseUrl = `http://localhost:${port}`;
  log(`Starting the production server on ${baseUrl} (DATA_DIR=${state.dataDir}) ...`);
  const started = Date.now();
  let lastProblem = "no answer yet";
  while (Date.now() - started < HEALTH_TIMEOUT_MS) {
    if (exited) {
      throw new Error(`The server stopped before it became healthy (${exited}). Its output:\n${serverOutputText()}`);
    }
    try {
      const res = await fetchWithTimeout(`${baseUrl}/healthz`, 2_000);
      await res.arrayBuffer();
      if (res.status === 200) {
        log(`Server healthy after ${((Date.now() - started) / 1000).toFixed(1)} s.`);
        return baseUrl;
      }
      lastProblem = `GET /healthz answered ${res.status}`;
    } catch (err) {
      lastProblem = err.cause?.code ?? err.message;
    }
    await sleep(250);
  }
  throw new Error(
    `The server did not answer GET /healthz with 200 within ${HEALTH_TIMEOUT_MS / 1000} s ` +
      `(last: ${lastProblem}). Its output:\n${serverOutputText()}`,
  );
}

async function stopServer() {
  const child = state.server;
  state.server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal); // the whole process group we created
    } catch {
      try {
        child.kill(signal);
      } catch {
        /* already gone */
      }
    }
  };
  signalGroup("SIGTERM");
  const timedOut = await Promise.race([gone.then(() => false), sleep(5_000).then(() => true)]);
  if (timedOut) {
    signalGroup("SIGKILL");
    await Promise.race([gone, sleep(2_000)]);
  }
}

// ---------------------------------------------------------------------------
// Step 2: a product page
// ---------------------------------------------------------------------------

async function findProductUrl(baseUrl) {
  let res;
  let html;
  try {
    res = await fetchWithTimeout(`${baseUrl}/shop`);
    html = await res.text();
  } catch (err) {
    throw new Error(`GET ${baseUrl}/shop failed: ${err.cause?.code ?? err.cause?.message ?? err.message}`);
  }
  if (!res.ok) throw new Error(`GET /shop answered ${res.status}`);
  const match = html.match(/href=["'](\/product\/[^"'?#\s]+)["']/);
  return match ? `${baseUrl}${match[1]}` : null;
}

// ---------------------------------------------------------------------------
// Step 3: Lighthouse
// ---------------------------------------------------------------------------

async function auditPage(lighthouse, name, url) {
  // One warm-up request so the server's caches are filled.
  try {
    const warm = await fetchWithTimeout(url, 30_000);
    await warm.arrayBuffer();
    if (!warm.ok) log(`  warning: warm-up GET ${url} answered ${warm.status}`);
  } catch (err) {
    log(`  warning: warm-up GET ${url} failed: ${err.message}`);
  }

  log(`Lighthouse: ${name} (${url}) ...`);
  // No config = Lighthouse's default config: mobile form factor, simulated throttling.
  const run = () => lighthouse(url, { port: state.chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
  let result = await run();
  // Lighthouse sometimes fails to record the page load's trace (NO_NAVSTART, "Please run
  // Lighthouse again"): such a run says nothing of the page, so it is run once more.
  if (result?.lhr?.runtimeError) {
    log(`  Lighthouse could not measure ${name} (${result.lhr.runtimeError.code}): running it again`);
    result = await run();
  }
  if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (process.env.AUDIT_LHR_DIR) {
    fs.mkdirSync(process.env.AUDIT_LHR_DIR, { recursive: true });
    fs.writeFileSync(path.join(process.env.AUDIT_LHR_DIR, `${name}.json`), JSON.stringify(result.lhr));
  }
  return summarize(name, url, result.lhr);
}

/** Reduces a Lighthouse result to what we print and store. */
function summarize(name, url, lhr) {
  const scores = {};
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    scores[id] = typeof score === "number" ? Math.round(score * 100) : null;
  }

  // JavaScript as transferred over the network (compressed), from 'network-requests'.
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === "Script");
  const jsTransferBytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);

  // Failing audits of the four categories: score < 1, or an audit that errored.
  const failingAudits = [];
  const seen = new Set();
  for (const categoryId of CATEGORIES) {
    for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
      if (seen.has(ref.id)) continue;
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const mode = audit.scoreDisplayMode;
      if (mode === "informative" || mode === "notApplicable" || mode === "manual") continue;
      const failed = mode === "error" || (typeof audit.score === "number" && audit.score < 1);
      if (!failed) continue;
      seen.add(ref.id);
      failingAudits.push({
        category: categoryId,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue ?? null,
        error: mode === "error" ? (audit.errorMessage ?? "audit error") : null,
      });
    }
  }

  // The main metrics, handy when the performance score is off.
  const metricIds = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
  const metrics = Object.fromEntries(metricIds.map((id) => [id, lhr.audits[id]?.displayValue ?? null]));
  const lcpMs = lhr.audits["largest-contentful-paint"]?.numericValue ?? null;

  return {
    name,
    requestedUrl: url,
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl ?? url,
    runtimeError: lhr.runtimeError ?? null,
    runWarnings: lhr.runWarnings ?? [],
    scores,
    metrics,
    lcpMs,
    lcpElement: lcpElementOf(lhr),
    jsTransferBytes,
    scripts: scripts.map((item) => ({ url: item.url, transferSize: item.transferSize ?? 0 })),
    failingAudits,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent ?? null,
  };
}

/** What the LCP was (its element) and where its time went (TTFB, load delay, load, render delay). */
function lcpElementOf(lhr) {
  const parts = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  let element = null;
  const phases = [];
  for (const part of parts) {
    for (const item of part.items ?? []) {
      if (item.node) element = item.node.snippet ?? item.node.nodeLabel ?? null;
      if (item.phase) phases.push(`${item.phase} ${Math.round(item.timing ?? 0)} ms`);
    }
  }
  return element ? { element: element.slice(0, 160), phases } : null;
}

// ---------------------------------------------------------------------------
// Steps 4 and 5: output and targets
// ---------------------------------------------------------------------------

const kb = (bytes) => (bytes / 1024).toFixed(1);

function printScores(pages) {
  const nameWidth = Math.max(12, ...pages.map((p) => p.name.length));
  const header = ["Page".padEnd(nameWidth), ...CATEGORIES.map((id) => CATEGORY_LABELS[id].padStart(15))];
  log();
  log(header.join(" "));
  log("-".repeat(header.join(" ").length));
  for (const page of pages) {
    const cells = CATEGORIES.map((id) => String(page.scores[id] ?? "ERR").padStart(15));
    log([page.name.padEnd(nameWidth), ...cells].join(" "));
  }
  log();
  log("Metrics (simulated mobile):");
  for (const page of pages) {
    const m = page.metrics;
    log(
      `  ${page.name.padEnd(nameWidth)} FCP ${m["first-contentful-paint"] ?? "-"}, ` +
        `LCP ${m["largest-contentful-paint"] ?? "-"}, TBT ${m["total-blocking-time"] ?? "-"}, ` +
        `CLS ${m["cumulative-layout-shift"] ?? "-"}, SI ${m["speed-index"] ?? "-"}`,
    );
    if (page.lcpElement) {
      log(`  ${" ".repeat(nameWidth)} LCP element ${page.lcpElement.element}`);
      if (page.lcpElement.phases.length) log(`  ${" ".repeat(nameWidth)} LCP phases: ${page.lcpElement.phases.join(", ")}`);
    }
  }
}

function printJs(product) {
  log();
  if (!product) {
    log("JavaScript on the product page: not measured (no product page found).");
    return;
  }
  log(`JavaScript on the product page: ${kb(product.jsTransferBytes)} KB transferred (compressed) ` + `in ${product.scripts.length} script(s)`);
  const sorted = [...product.scripts].sort((a, b) => b.transferSize - a.transferSize);
  for (const script of sorted) {
    log(`  ${kb(script.transferSize).padStart(7)} KB  ${script.url}`);
  }
}

function printFailingAudits(pages) {
  log();
  log("Failing audits:");
  for (const page of pages) {
    if (page.runtimeError) {
      log(`  ${page.name}: Lighthouse runtime error ${page.runtimeError.code}: ${page.runtimeError.message}`);
    }
    for (const warning of page.runWarnings) log(`  ${page.name}: warning: ${warning}`);
    if (page.failingAudits.length === 0) {
      log(`  ${page.name}: none`);
      continue;
    }
    log(`  ${page.name}:`);
    for (const audit of page.failingAudits) {
      const score = audit.error ? "error" : `score ${audit.score}`;
      const detail = audit.error ?? audit.displayValue;
      log(`    [${CATEGORY_LABELS[audit.category]}] ${audit.title} (${audit.id}, ${score})` + (detail ? ` - ${detail}` : ""));
    }
  }
}

function checkTargets(pages, product, expectedPages) {
  const targets = [];
  for (const name of expectedPages) {
    const page = pages.find((p) => p.name === name);
    for (const id of CATEGORIES) {
      const actual = page ? page.scores[id] : null;
      const min = SCORE_TARGETS[id];
      targets.push({
        target: `${name}: ${CATEGORY_LABELS[id]} ${min === 100 ? "= 100" : `>= ${min}`}`,
        actual,
        pass: typeof actual === "number" && actual >= min,
      });
    }
    const lcp = page?.lcpMs ?? null;
    targets.push({
      target: `${name}: LCP <= ${(LCP_TARGET_MS / 1000).toFixed(1)} s`,
      actual: lcp === null ? null : `${(lcp / 1000).toFixed(2)} s`,
      pass: typeof lcp === "number" && lcp <= LCP_TARGET_MS,
    });
  }
  const jsKb = product ? product.jsTransferBytes / 1024 : null;
  targets.push({
    target: `product page JS <= ${PRODUCT_JS_TARGET_KB} KB gzip`,
    actual: jsKb === null ? null : Number(jsKb.toFixed(1)),
    pass: jsKb !== null && jsKb <= PRODUCT_JS_TARGET_KB,
  });

  log();
  log("Targets:");
  for (const t of targets) {
    log(`  ${t.pass ? "PASS" : "FAIL"}  ${t.target.padEnd(44)} (actual: ${t.actual ?? "n/a"})`);
  }

  // The goals of the issue, one line each.
  const of = (suffix) => targets.filter((t) => t.target.endsWith(suffix) || t.target.includes(suffix));
  const goal = (text, list) => {
    const met = list.length > 0 && list.every((t) => t.pass);
    log(`Goal: ${text}: ${list.map((t) => `${t.target.split(":")[0]} ${t.actual ?? "n/a"}`).join(", ")} — ${met ? "met" : "not met"}`);
  };
  log();
  goal("Performance 100 on /, /shop and a product page", of(": Performance"));
  goal(`LCP <= ${(LCP_TARGET_MS / 1000).toFixed(1)} s on each`, of(": LCP"));
  goal(`product page JavaScript <= ${PRODUCT_JS_TARGET_KB} KB compressed`, of("page JS"));
  return targets;
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

async function cleanup() {
  if (state.chrome) {
    try {
      state.chrome.kill(); // SIGKILLs Chrome's process group and removes its profile dir
    } catch {
      /* already gone */
    }
    state.chrome = null;
  }
  await stopServer();
  if (state.dataDir) {
    fs.rmSync(state.dataDir, { recursive: true, force: true });
    state.dataDir = null;
  }
}

// Ctrl-C / kill: still clean up.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    log(`\n${signal} received, cleaning up ...`);
    cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  if (!fs.existsSync(CHROME_PATH)) {
    log("Chromium is missing: install Debian's package with `apt-get install -y chromium` (never download a browser)");
    return 1;
  }

  let baseUrl;
  if (process.env.AUDIT_URL) {
    baseUrl = process.env.AUDIT_URL.replace(/\/+$/, "");
    log(`Auditing the running server at ${baseUrl} (AUDIT_URL).`);
  } else {
    await ensureBuild();
    baseUrl = await startServer();
  }

  const productUrl = await findProductUrl(baseUrl);
  if (!productUrl) log('warning: no href="/product/<id>" link found on /shop; the product page is not audited.');

  const pagesToAudit = [
    ["home", `${baseUrl}/`],
    ["shop", `${baseUrl}/shop`],
  ];
  if (productUrl) pagesToAudit.push(["product", productUrl]);

  // Imported here so that a missing Chromium is reported before anything heavy loads.
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  state.chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
    // chrome-launcher's own Ctrl-C handler exits at once; ours also stops the server.
    handleSIGINT: false,
  });

  const pages = [];
  for (const [name, url] of pagesToAudit) {
    pages.push(await auditPage(lighthouse, name, url));
  }
  const product = pages.find((p) => p.name === "product") ?? null;

  printScores(pages);
  printJs(product);
  printFailingAudits(pages);
  const targets = checkTargets(pages, product, ["home", "shop", "product"]);
  const allPass = targets.every((t) => t.pass);

  const report = {
    generatedAt: new Date().toISOString(),
    baseUrl,
    startedServer: !process.env.AUDIT_URL,
    lighthouseVersion: pages[0]?.lighthouseVersion ?? null,
    userAgent: pages[0]?.userAgent ?? null,
    config: "lighthouse default (mobile, simulated throttling)",
    pages,
    productJsTransferKb: product ? Number((product.jsTransferBytes / 1024).toFixed(1)) : null,
    targets,
    allTargetsPass: allPass,
  };
  fs.writeFileSync(REPORT_PATH, `${JSON.stringify(report, null, 2)}\n`);

  log();
  log(`${allPass ? "All targets pass." : `${targets.filter((t) => !t.pass).length} target(s) fail.`} Report: ${path.relative(ROOT, REPORT_PATH)}`);
  if (!allPass && process.env.AUDIT_STRICT === "1") return 1;
  return 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  // The message says what went wrong; AUDIT_DEBUG=1 adds the stack trace.
  console.error(`\naudit failed: ${process.env.AUDIT_DEBUG === "1" ? (err?.stack ?? err) : (err?.message ?? err)}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
