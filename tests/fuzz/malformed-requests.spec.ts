import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { changedTables, fuzzPrerequisites, snapshotTables, startFuzzShop, type FuzzShop, type TableSnapshot } from "../support/fuzz-shop";
import { cookieHeader, cookiesSet, rawRequest, type RawResponse } from "../support/raw-http";
import { plan, ROLES, type FuzzRequest, type Role, type ShopFacts } from "./malformed-requests";
import { regressionCases } from "./regression-cases";
import { checkoutForm } from "../support/test-customer";

/*
 * Malformed requests to every route and action, as every role, against the production build on a
 * scratch PostgreSQL database: none may get a server error (5xx, or no answer), those whose shape
 * decides the answer must get it (400, 403, 404, 413, 415, 302), and no business table may change.
 * FUZZ_SEED and FUZZ_RUNS choose other requests: `FUZZ_SEED=7 FUZZ_RUNS=3000 npx playwright test -c playwright.fuzz.config.ts`.
 */
const missing = fuzzPrerequisites();
test.skip(missing !== null, `Malformed-request fuzz left out: ${missing}`);

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const PARALLEL = 4;
const OWNER = { email: "owner@example.pk", password: "Fuzz-Owner-Saddle-9183" };
const STAFF = { email: "staff@example.pk", password: "Fuzz-Staff-Bridle-4406" };
const CUSTOMER = { email: "customer@example.pk", password: "Fuzz-Customer-Welt-5528" };

let shop: FuzzShop;
let agent: http.Agent;
const sessions = Object.fromEntries(ROLES.map((r) => [r, new Map<string, string>()])) as Record<Role, Map<string, string>>;

function form(fields: Record<string, string>): Buffer {
  return Buffer.from(new URLSearchParams(fields).toString());
}

/** A form post as the shop's own pages send it. */
function post(to: string, fields: Record<string, string>, role: Role = "anonymous", headers: Record<string, string> = {}): Promise<RawResponse> {
  const cookie = cookieHeader(sessions[role]);
  return rawRequest(
    shop.port,
    {
      method: "POST",
      path: to,
      headers: { Origin: shop.origin, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...headers },
      body: form(fields),
    },
    agent,
  );
}

function get(to: string, role: Role): Promise<RawResponse> {
  const cookie = cookieHeader(sessions[role]);
  return rawRequest(shop.port, { method: "GET", path: to, headers: cookie ? { Cookie: cookie } : {} }, agent);
}

async function logIn(role: Role, account: { email: string; password: string }) {
  const response = await post("/login", account);
  expect(response.status, `log in as ${role}: ${response.body.slice(0, 300)}`).toBe(302);
  for (const [name, value] of cookiesSet(response)) if (name !== "flash") sessions[role].set(name, value);
}

/** Orders (one shipped), contact messages and subscribers, so that the back office has data to show. */
async function addShopData() {
  const { rows: lines } = await shop.db.query<{ product_id: string; variant_id: string; size: string }>(
    `select p.id as product_id, v.id as variant_id, s.size
       from products p join variants v on v.product_id = p.id join stock s on s.variant_id = v.id
      where s.qty >= 5 order by p.id, v.position, s.position limit 3`,
  );
  expect(lines.length).toBe(3);
  for (const [i, line] of lines.entries()) {
    const cart = JSON.stringify([
      { productID: line.product_id, productVariantKey: `${line.variant_id}_${line.size}`, productSize: line.size, productQuantity: 1 + i },
    ]);
    const response = await post("/checkout", checkoutForm({ email: `buyer${i}@example.pk`, cart, idempotencyKey: `fuzz-setup-order-${i}-0000` }));
    expect(response.status, `order ${i}: ${response.body.slice(0, 300)}`).toBe(200);
  }
  const { rows: orders } = await shop.db.query<{ id: string }>("select id from orders order by created_at");
  expect(orders.length).toBe(3);
  const shipped = await post("/admin/orders", { orderId: orders[0].id, status: "shipped", courier: "TCS", trackingNumber: "CN-1001" }, "main admin");
  expect(shipped.status, shipped.body.slice(0, 300)).toBe(200);
  for (const i of [0, 1, 2]) {
    const response = await post("/contact", {
      name: `Sender ${i}`,
      email: `sender${i}@example.pk`,
      phone: "",
      subject: "wholesale",
      message: `Message ${i}`,
    });
    expect(response.status, response.body.slice(0, 300)).toBe(200);
    const subscribed = await post("/subscribe", { email: `reader${i}@example.pk` }, "anonymous", { Accept: "application/json" });
    expect(subscribed.status, subscribed.body.slice(0, 300)).toBe(200);
  }
  // Mail queued by orders goes out in the background: let it settle before the "before" snapshot.
  const until = Date.now() + 60_000;
  for (;;) {
    const { rows } = await shop.db.query<{ n: number }>("select count(*)::int as n from mail_outbox where status = 'pending'");
    if (rows[0].n === 0) break;
    if (Date.now() > until) throw new Error("queued mail was not sent within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function readFacts(): Promise<ShopFacts> {
  const column = async (sql: string) => (await shop.db.query<Record<string, unknown>>(sql)).rows.map((r) => String(Object.values(r)[0]));
  const stock = (
    await shop.db.query<{ product_id: string; variant_id: string; stock_id: string; size: string; qty: number }>(
      "select v.product_id, v.id as variant_id, s.id as stock_id, s.size, s.qty from variants v join stock s on s.variant_id = v.id order by v.product_id, v.position, s.position",
    )
  ).rows;
  const stockOf: Record<string, string[]> = {};
  const variantsOf: Record<string, string[]> = {};
  const stockRows: ShopFacts["stockRows"] = {};
  for (const row of stock) {
    (stockOf[row.product_id] ??= []).push(row.stock_id);
    if (!(variantsOf[row.product_id] ??= []).includes(row.variant_id)) variantsOf[row.product_id].push(row.variant_id);
    (stockRows[row.product_id] ??= []).push({ id: row.stock_id, variantId: row.variant_id, size: row.size, qty: row.qty });
  }
  const line = stock.find((r) => r.qty >= 5)!;
  const soldOut = stock.find((r) => r.qty === 0);
  const cartLineOf = (r: { product_id: string; variant_id: string; size: string }) => ({
    productID: r.product_id,
    productVariantKey: `${r.variant_id}_${r.size}`,
    productSize: r.size,
  });
  const image = (
    await shop.db.query<{ storage_key: string; widths: number[] }>("select storage_key, widths from media where kind = 'image' order by id limit 1")
  ).rows[0];
  const assets = fs.readdirSync(path.resolve(import.meta.dirname, "../../build/client/assets")).filter((name) => name.endsWith(".js"));
  const taken = new Set<string>();
  for (const table of [
    "products",
    "variants",
    "stock",
    "media",
    "categories",
    "orders",
    "order_items",
    "order_history",
    "stock_movements",
    "contact_submissions",
    "subscribers",
    "mail_outbox",
    "user",
    "account",
    "session",
  ]) {
    for (const id of await column(`select id from "${table}"`)) taken.add(id);
  }
  for (const number of await column("select order_number from orders")) taken.add(number);
  return {
    origin: shop.origin,
    ownerEmail: OWNER.email,
    productIds: await column("select id from products order by id"),
    categoryIds: await column("select id from categories order by id"),
    orderIds: await column("select id from orders order by id"),
    submissionIds: await column("select id from contact_submissions order by id"),
    subscriberIds: await column("select id from subscribers order by id"),
    staffIds: await column(`select id from "user" where role in ('admin', 'main-admin') order by id`),
    stockOf,
    variantsOf,
    stockRows,
    cartLine: cartLineOf(line),
    cartLineLeft: line.qty,
    soldOutLine: soldOut && cartLineOf(soldOut),
    mediaKey: `${image.storage_key}-${image.widths[0]}.webp`,
    assetPath: `/assets/${assets[0]}`,
    taken,
  };
}

/** The Cookie header a request sends: its role's session, unless it forges or mangles one. */
function cookieOf(request: FuzzRequest): string | undefined {
  const own = sessions[request.role];
  const mode = request.cookie?.mode;
  let value: string;
  if (mode === "replace") value = request.cookie!.value;
  else if (mode === "add") value = [cookieHeader(own), request.cookie!.value].filter(Boolean).join("; ");
  else if (mode === "truncate-session") value = cookieHeader(new Map([...own].map(([k, v]) => [k, v.slice(0, Math.floor(v.length / 2))])));
  else value = cookieHeader(own);
  return value || undefined;
}

/** The one-time message a response sets, if any. */
function flashOf(response: RawResponse): string | null {
  const value = cookiesSet(response).get("flash");
  if (value === undefined) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Whether a response clears (or replaces with nothing) the cookie `name`. */
function clears(response: RawResponse, name: string): boolean {
  return (response.headers["set-cookie"] ?? []).some((line) => line.startsWith(`${name}=`) && !cookiesSet(response).has(name));
}

interface Outcome {
  request: FuzzRequest;
  response: RawResponse;
}

async function sendAll(requests: FuzzRequest[]): Promise<Outcome[]> {
  const outcomes = new Array<Outcome>(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      const request = requests[i];
      const cookie = cookieOf(request);
      const response = await rawRequest(
        shop.port,
        {
          method: request.method,
          path: request.path,
          headers: { ...request.headers, ...(cookie ? { Cookie: cookie } : {}) },
          body: request.body,
          chunked: request.chunked,
        },
        agent,
      );
      outcomes[i] = { request, response };
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return outcomes;
}

/** One request as it was sent and answered, for a failure report. */
function describe({ request, response }: Outcome): string {
  const headers = Object.entries(request.headers).map(([k, v]) => `${k}: ${v.slice(0, 120)}`);
  if (request.cookie) headers.push(`Cookie: (${request.cookie.mode}) ${request.cookie.value.slice(0, 80)}`);
  const body = request.body
    ? JSON.stringify(request.body.subarray(0, 300).toString("latin1")) + (request.body.length > 300 ? ` … (${request.body.length} bytes)` : "")
    : "(none)";
  return [
    `${request.method} ${request.path.slice(0, 400)}${request.path.length > 400 ? ` … (${request.path.length} characters)` : ""}`,
    `  as ${request.role}; target ${request.target}; ${request.why}`,
    `  headers: ${headers.join(" | ") || "(none)"}${request.chunked ? " | (chunked)" : ""}`,
    `  body: ${body}`,
    `  answer: ${response.status || `none (${response.error})`}${request.expect !== undefined ? `, expected ${request.expect}` : ""} ${JSON.stringify(response.body.slice(0, 200))}`,
  ].join("\n");
}

let before: TableSnapshot;
let facts: ShopFacts;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  shop = await startFuzzShop({ adminEmail: OWNER.email, adminPassword: OWNER.password });
  // A connection per request: a kept-alive one the server closes as it is reused would look like a request that got no answer.
  agent = new http.Agent({ keepAlive: false });
  await logIn("main admin", OWNER);
  await shop.script("scripts/admin-create.ts", [
    "--email",
    STAFF.email,
    "--password",
    STAFF.password,
    "--role",
    "admin",
    "--first-name",
    "Staff",
    "--last-name",
    "Member",
  ]);
  await logIn("admin", STAFF);
  const signup = await post("/signup", {
    email: CUSTOMER.email,
    password: CUSTOMER.password,
    firstName: "Zara",
    lastName: "Iqbal",
    gender: "female",
    numberCode: "+92",
    number: "3001234567",
  });
  expect(signup.status, `sign up: ${signup.body.slice(0, 300)}`).toBe(200);
  // The account is made by the link the shop mails (decision 0045), read here from its outbox table.
  const { rows: mails } = await shop.db.query<{ text: string }>('select text from mail_outbox where "to" = $1 order by created_at desc limit 1', [
    CUSTOMER.email,
  ]);
  const token = /\/signup\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? "")?.[1];
  expect(token, "the signup link in the customer's mail").toBeTruthy();
  const confirmed = await post("/signup/confirm", { token: token! });
  expect(confirmed.status, `finish signing up: ${confirmed.body.slice(0, 300)}`).toBe(302);
  await logIn("customer", CUSTOMER);
  await addShopData();
  facts = await readFacts();
  before = await snapshotTables(shop.db);
});

test.afterAll(async () => {
  agent?.destroy();
  await shop?.stop();
});

test(`malformed requests to every route and action as every role: no server error, no data changed`, async () => {
  test.setTimeout(600_000);
  const report = path.resolve(import.meta.dirname, "../../test-results/fuzz-failures.txt");
  const serverLog = path.resolve(import.meta.dirname, "../../test-results/fuzz-server.log");
  for (const file of [report, serverLog]) fs.rmSync(file, { force: true });
  const realImage = new Uint8Array(
    await sharp({ create: { width: 24, height: 16, channels: 3, background: "#8b5a2b" } })
      .png()
      .toBuffer(),
  );
  const generated = plan(facts, realImage, { seed: SEED, runs: RUNS });
  const requests = [...regressionCases(facts, realImage), ...generated];
  const started = Date.now();
  const outcomes = await sendAll(requests);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);

  const serverErrors = outcomes.filter((o) => o.response.status >= 500 || o.response.status === 0);
  const unexpected = outcomes.filter(
    (o) => o.response.status < 500 && o.response.status !== 0 && o.request.expect !== undefined && o.response.status !== o.request.expect,
  );
  // What the shop said it did: a success message, or a session cookie cleared (signed out).
  const accepted = outcomes.filter((o) => /success|deleted|updated|created|added|removed/i.test(flashOf(o.response) ?? ""));
  const signedOut = outcomes.filter((o) => [...sessions[o.request.role].keys()].some((name) => clears(o.response, name)));
  const offSite = outcomes.filter((o) => !staysOnTheShop(o.response.headers.location));
  const after = await snapshotTables(shop.db);
  const changed = changedTables(before, after);

  // Every role still has its session: no request logged anyone out, so every role was really tried.
  const stillSignedIn = [
    (await get("/admin/adminlist", "main admin")).status === 200 ? "" : "the main admin was signed out",
    (await get("/admin", "admin")).status === 200 ? "" : "the admin was signed out",
    (await get("/login", "customer")).headers.location === "/" ? "" : "the customer was signed out",
  ].filter(Boolean);

  const statuses = new Map<number, number>();
  for (const o of outcomes) statuses.set(o.response.status, (statuses.get(o.response.status) ?? 0) + 1);
  const routes = new Set(generated.filter((r) => r.kind === "route").map((r) => r.target)).size;
  const actions = new Set(generated.filter((r) => r.kind === "action").map((r) => r.target)).size;
  const n = (x: number) => x.toLocaleString("en-US");
  console.log(
    `fuzz: ${n(requests.length)} malformed requests (seed ${SEED}: ${n(generated.length)} generated + ${n(requests.length - generated.length)} regression cases) ` +
      `as ${ROLES.length} roles across ${routes} routes and ${actions} actions in ${seconds} s: ` +
      `${serverErrors.length} server errors, ${unexpected.length} unexpected answers, ${changed.length ? `data CHANGED in ${changed.join(", ")}` : "data unchanged"}`,
  );
  console.log(
    `fuzz: answers ${[...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, c]) => `${s}×${c}`)
      .join(", ")}`,
  );

  if (serverErrors.length || unexpected.length || changed.length || accepted.length || signedOut.length || stillSignedIn.length || offSite.length) {
    fs.mkdirSync(path.dirname(report), { recursive: true });
    const section = (title: string, list: Outcome[]) => (list.length ? [`## ${title} (${list.length})`, ...list.map(describe)] : []);
    fs.writeFileSync(
      report,
      [
        `seed ${SEED}, ${RUNS} runs`,
        ...section("Server errors", serverErrors),
        ...section("Other answers than their shape decides", unexpected),
        ...section("Accepted (a success message)", accepted),
        ...section("Signed a role out", signedOut),
        ...section("Redirected off the shop", offSite),
        `The server's log: ${path.relative(process.cwd(), serverLog)}`,
      ].join("\n\n"),
    );
    fs.writeFileSync(serverLog, shop.log.join(""));
    console.log(`fuzz: every failing request is in ${path.relative(process.cwd(), report)}`);
  }
  expect(serverErrors.map(describe).slice(0, 25), `${serverErrors.length} requests got a server error (seed ${SEED})`).toEqual([]);
  expect(unexpected.map(describe).slice(0, 25), `${unexpected.length} requests got another answer than their shape decides (seed ${SEED})`).toEqual(
    [],
  );
  expect(accepted.map(describe).slice(0, 25), `${accepted.length} malformed requests were accepted (seed ${SEED})`).toEqual([]);
  expect(changed, `malformed requests changed stored data (seed ${SEED})`).toEqual([]);
  expect([...stillSignedIn, ...signedOut.map(describe).slice(0, 25)], `requests signed a role out (seed ${SEED})`).toEqual([]);
  expect(offSite.map(describe).slice(0, 25), `${offSite.length} requests were redirected off the shop (seed ${SEED})`).toEqual([]);
});

/**
 * Whether a Location (if any) sends the browser to a page of the shop: a path of its origin, with
 * no `//host` or `/\host` however often it is decoded (mailto: is the one other place the back
 * office sends staff, to their own mail program: decision 0045).
 */
function staysOnTheShop(location: string | string[] | undefined): boolean {
  if (location === undefined || (typeof location === "string" && location.startsWith("mailto:"))) return true;
  if (typeof location !== "string" || new URL(location, shop.origin).origin !== shop.origin) return false;
  // The path alone: a query may hold anything, it never names a host.
  let path = location.split(/[?#]/, 1)[0];
  for (let round = 0; ; round++) {
    if (!/^\/(?![/\\])/.test(path) || /[\\\t\n\r]/.test(path)) return false;
    if (round === 3) return true;
    try {
      path = decodeURIComponent(path);
    } catch {
      return true;
    }
  }
}
