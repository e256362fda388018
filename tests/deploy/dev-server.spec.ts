import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type ConsoleMessage, type Page } from "@playwright/test";
import { freePort } from "../support/free-port";
import { copyOfTheTree } from "../support/tree-copy";

/*
 * `npm run dev` as a developer runs it, on a copy of the tree (so that its edits touch nothing
 * here): its first start creates the embedded database with the demo catalogue, a page serves
 * with its data, and files saved in the copy show without a restart: a component's text and a
 * stylesheet rule in the open page, without reloading it (Vite's hot updates), and a server
 * module's change on the next request. Needs only the embedded database and Chromium.
 */
test.describe.configure({ mode: "serial" });

let copy = "";
let url = "";
let dev: ChildProcess | undefined;
const log: string[] = [];

/** Replaces `from` (which must be there) with `to` in a file of the copy, as an editor saves it. */
function edit(file: string, from: string, to: string) {
  const target = path.join(copy, file);
  const text = fs.readFileSync(target, "utf8");
  expect(text, `${file} holds the text the test changes`).toContain(from);
  fs.writeFileSync(target, text.replace(from, to));
}

async function stopDev() {
  if (!dev || dev.exitCode !== null || dev.signalCode !== null) return;
  const exited = new Promise((resolve) => dev!.once("exit", resolve));
  // npm, its shell, node's file watcher and the shop: the whole group.
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-dev!.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  group("SIGTERM");
  const killer = setTimeout(() => group("SIGKILL"), 15_000);
  await exited;
  clearTimeout(killer);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  copy = copyOfTheTree("shop-dev-", { ownViteCache: true });
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  dev = spawn("npm", ["run", "dev"], {
    cwd: copy,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: "",
      DATABASE_URL: "",
      STORAGE_URL: "",
      SMTP_URL: "",
      PUBLIC_URL: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      WEB_CONCURRENCY: "",
      LOG_LEVEL: "info",
      FORCE_COLOR: "0",
    },
  });
  dev.stdout!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  dev.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  const deadline = Date.now() + 200_000;
  for (;;) {
    const ready = await fetch(`${url}/readyz`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (ready) break;
    if (dev.exitCode !== null || Date.now() > deadline) throw new Error(`npm run dev did not come up:\n${log.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  await stopDev();
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

test("its first start creates the embedded database in ./data with the demo catalogue, and the shop lists it", async () => {
  expect(fs.existsSync(path.join(copy, "data", "pglite", "PG_VERSION"))).toBe(true);
  expect(log.join("")).toContain("demo catalogue loaded into the new embedded database");
  const answer = await fetch(`${url}/shop`);
  expect(answer.status).toBe(200);
  const page = await answer.text();
  expect(page).toContain("Classic Bifold Wallet");
  expect(page).toContain("Urban Leather Backpack");
});

/** Opens `path` and waits until the page's Vite client has connected for hot updates. */
async function openLive(page: Page, path: string) {
  const connected = page.waitForEvent("console", (message) => message.text().includes("[vite] connected"));
  await page.goto(`${url}${path}`);
  await connected;
}

test("a component and a stylesheet saved in the tree change in the open page without a reload", async ({ context, page }) => {
  // Vite bundles the packages the pages import as it starts; when it had to do so twice (a cold
  // cache), it tells the first page that connects to reload. A first visit takes that.
  const first = await context.newPage();
  await openLive(first, "/shop");
  await first.close();

  const refused: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await openLive(page, "/shop");
  await expect(page.getByRole("heading", { name: "Classic Bifold Wallet" })).toBeVisible();
  // Hydrated: the controls held until then are released (held-controls.server.ts).
  await expect(page.locator("[data-held]")).toHaveCount(0);
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  edit("app/components/storefront/footer.tsx", "New collections and offers, once a month.", "Fresh from the dev server.");
  await expect(page.getByText("Fresh from the dev server.")).toBeVisible({ timeout: 30_000 });

  edit("app/app.css", '@import "tailwindcss";', '@import "tailwindcss";\nh1 { outline: 3px solid rgb(1, 2, 3); }');
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("outline-color", "rgb(1, 2, 3)", { timeout: 30_000 });

  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(refused).toEqual([]);
  // The server draws the saved component too.
  expect(await (await fetch(`${url}/shop`)).text()).toContain("Fresh from the dev server.");
});

test("a server module saved in the tree is used by the next request, without a restart", async () => {
  const before = (await (await fetch(`${url}/readyz`)).json()) as { instance: string };
  edit(
    "app/modules/cache/catalog-read-cache.server.ts",
    'catalogReadCache.get("categories", [LISTS_TAG], () => listCategories(db));',
    'catalogReadCache.get("categories", [LISTS_TAG], async () => (await listCategories(db)).map((c) => ({ ...c, name: `${c.name} (saved)` })));',
  );
  await expect(async () => expect(await (await fetch(`${url}/shop`)).text()).toContain("Backpacks (saved)")).toPass({ timeout: 30_000 });
  // The same process answers: nothing restarted.
  expect(((await (await fetch(`${url}/readyz`)).json()) as { instance: string }).instance).toBe(before.instance);
});
