// The Chromium the browser tests drive (playwright.config.ts, playwright.deploy.config.ts, scripts/test.mjs):
// Debian's packages only, never a downloaded browser. Decision 0043.
import fs from "node:fs";

/** Debian's `chromium-headless-shell`: the same Chromium without the desktop browser around it, about a third of the CPU per test. */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/** Debian's `chromium`: the whole browser (Lighthouse's, and the tests' when the headless shell is not installed). */
export const FULL_CHROMIUM = "/usr/bin/chromium";

/** CHROMIUM_PATH if set, else the headless shell if installed, else the whole browser. */
export function chromiumForTests() {
  return process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
}

/** What every browser test launches Chromium with: no sandbox (CI runs as root), no GPU, nothing phoning home. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];
