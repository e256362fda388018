// scripts/audit-taps.mjs: taps on a slow phone, for `npm run audit` (issue 35, goal 3).
//
// A phone 412 px wide in Playwright, its CPU slowed 4× (CDP Emulation.setCPUThrottlingRate) and
// its network at Slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up). Each control is
// tapped once, as soon as it is painted (the moment Playwright first sees it visible), and never
// again. The page itself records, from a script added before any of its own:
//   - the tap's time (the pointerdown's event timestamp, when the finger touched the glass);
//   - the first animation frame in which the control's change is in the page (the menu open, the
//     colour pressed, Add to Cart's status saying something, the search box focused): `answerMs`
//     is that frame's time less the tap's;
//   - the Event Timing entries of the interaction: `inpMs` is the longest of them (from the tap
//     to the next paint after its handlers ran), as INP counts it.
// Figures only, never a pass or fail of a test (the audit prints them against their targets).

/* global document, window, Element, requestAnimationFrame -- functions run in the page */
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumForTests } from "./chromium.mjs";

const PHONE = {
  viewport: { width: 412, height: 839 },
  screen: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36",
};
const CPU_SLOWDOWN = 4;
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const WAIT_FOR_ANSWER_MS = 15_000;

/** The controls tapped: where, how found, and what shows that the tap was answered. */
export const TAP_CONTROLS = [
  { name: "Add to Cart", page: "product", selector: "button:has-text('Add to Cart')", answer: "add-to-cart" },
  { name: "phone menu", page: "home", selector: "button[aria-controls='mobile-menu']", answer: "menu" },
  { name: "colour swatch", page: "product", selector: "[role=group][aria-labelledby] button[aria-pressed='false']", answer: "pressed" },
  { name: "search box", page: "shop", selector: "input[type=search]:visible", answer: "focused" },
];

/**
 * Runs in the page before its own scripts: remembers the first tap and its target, watches every
 * frame for the answer, and keeps the Event Timing entries.
 */
function recorder(answer) {
  const w = window;
  const found = { tapAt: null, answeredAt: null, events: [] };
  w.__tap = found;
  let target = null;
  const answered = () => {
    if (!target) return false;
    if (answer === "menu") {
      const menu = document.getElementById("mobile-menu");
      return Boolean(menu && !menu.hidden && menu.getClientRects().length > 0);
    }
    if (answer === "pressed") return target.getAttribute("aria-pressed") === "true";
    if (answer === "focused") return document.activeElement === target;
    if (answer === "add-to-cart") {
      const box = target.closest("div");
      const status = box && box.querySelector("[role=status]");
      return Boolean((status && status.textContent.trim()) || target.getAttribute("aria-busy") === "true");
    }
    return false;
  };
  document.addEventListener(
    "pointerdown",
    (e) => {
      if (found.tapAt !== null) return;
      found.tapAt = e.timeStamp;
      target = e.target instanceof Element ? e.target.closest("button,input,a,select") : null;
      const frame = () => {
        if (found.answeredAt !== null) return;
        if (answered()) found.answeredAt = performance.now();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    true,
  );
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.interactionId) found.events.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch {
    /* no Event Timing: no INP */
  }
}

/** One tap on one control of one page of one server: { answerMs, inpMs, paintedMs, hydratedMs, jsBytes }. */
async function tapOnce(browser, url, control) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(recorder, control.answer);
    const scripts = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() === "script") scripts.push(request.sizes().then((x) => x.responseBodySize + x.responseHeadersSize));
    });
    const started = Date.now();
    await page.goto(url, { waitUntil: "commit" });
    const locator = page.locator(control.selector).first();
    await locator.waitFor({ state: "visible", timeout: 30_000 });
    const paintedMs = Date.now() - started;
    // Below the fold on a phone (Add to Cart): in sight first, as a shopper scrolls to it.
    await locator.evaluate((e) => e.scrollIntoView({ block: "center" }));
    const box = await locator.boundingBox();
    if (!box) throw new Error(`${control.name}: no box on ${url}`);
    // The finger, not Playwright's actions: those wait for a control held until the scripts run.
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const result = await page
      .waitForFunction(() => window.__tap && window.__tap.answeredAt !== null, null, { timeout: WAIT_FOR_ANSWER_MS, polling: 50 })
      .then(() => page.evaluate(() => window.__tap))
      .catch(() => page.evaluate(() => window.__tap));
    // The page's scripts have taken over (and done the tap): when, and how much script that took.
    const hydratedMs = await page
      .waitForFunction(() => document.querySelector("[data-held]") === null && !document.getElementById("page-module"), null, {
        timeout: 30_000,
        polling: 50,
      })
      .then(() => page.evaluate(() => Math.round(performance.now() - window.__tap.tapAt)))
      .catch(() => null);
    // Let the interaction's Event Timing entries arrive, and any script loaded last.
    await page.waitForTimeout(500);
    const events = (await page.evaluate(() => window.__tap.events)) ?? [];
    return {
      paintedMs,
      hydratedMs,
      jsBytes: (await Promise.all(scripts)).reduce((a, b) => a + b, 0),
      answerMs: result && result.tapAt !== null && result.answeredAt !== null ? Math.round(result.answeredAt - result.tapAt) : null,
      inpMs: events.length ? Math.round(Math.max(...events.map((e) => e.duration))) : null,
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const v = values.filter((x) => typeof x === "number").sort((a, b) => a - b);
  return v.length ? v[Math.floor((v.length - 1) / 2)] : null;
};

/**
 * Every control on every build, `runs` times, the builds alternating: { [build]: { [control]: {answerMs, inpMs, paintedMs, runs} } }.
 * `builds`: [{ label, pages: { home, shop, product } }].
 */
export async function measureTaps(builds, runs, log) {
  const browser = await chromium.launch({ executablePath: chromiumForTests(), args: CHROMIUM_ARGS });
  const raw = Object.fromEntries(builds.map((b) => [b.label, Object.fromEntries(TAP_CONTROLS.map((c) => [c.name, []]))]));
  try {
    for (let run = 0; run < runs; run++) {
      for (const control of TAP_CONTROLS) {
        for (const build of builds) {
          const url = build.pages[control.page];
          if (!url) continue;
          try {
            const r = await tapOnce(browser, url, control);
            raw[build.label][control.name].push(r);
            log(
              `  tap ${build.label} ${control.name} #${run + 1}: painted ${r.paintedMs} ms, answered ${r.answerMs ?? "never"} ms after the tap, INP ${r.inpMs ?? "-"} ms`,
            );
          } catch (err) {
            log(`  tap ${build.label} ${control.name} #${run + 1}: failed: ${err.message.split("\n")[0]}`);
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
  const out = {};
  for (const [label, controls] of Object.entries(raw)) {
    out[label] = {};
    for (const [name, list] of Object.entries(controls)) {
      // A tap never answered counts as the longest wait.
      const answers = list.map((r) => r.answerMs ?? WAIT_FOR_ANSWER_MS);
      out[label][name] = {
        runs: list.length,
        answerMs: list.length ? median(answers) : null,
        inpMs: median(list.map((r) => r.inpMs ?? 0)),
        paintedMs: median(list.map((r) => r.paintedMs)),
        hydratedMs: median(list.map((r) => r.hydratedMs)),
        jsBytes: median(list.map((r) => r.jsBytes)),
      };
    }
  }
  return out;
}
