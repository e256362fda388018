import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { products } from "~/lib/db/tables/catalogue.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/session.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { useTestDatabase, type TestDatabase } from "./test-db";
import { testContext } from "./test-context";
import { insertCategory } from "./fixtures";
import { answer, dataWith } from "./route-answer";
import { action as uploadAction, type UploadResult } from "../../app/routes/admin/uploads";
import { png } from "./images";
import { routeArgs, type RouteFunction } from "./route-args";

/*
 * The product editor's integration tests (products-new*.integration.test.ts): a test database with a
 * member of staff and a customer signed in, two categories, media storage in a folder of its own,
 * and the requests the editor's routes take.
 */

let database: () => TestDatabase;
/** The database of the test file running (useProductEditor). */
export const testDb = () => database();
export const BASE = "http://localhost:3000";
let auth: Auth;
let root: string;
let storage: LocalDiskStorage;
export let adminCookie: string;
export let customerCookie: string;
export let wallets: string;
export let belts: string;

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/**
 * Registers the file's own database, staff and customer, categories and storage: called once at
 * the top of each test file, so that every file gets its own whether or not the test runner gives
 * it its own copy of this module (docs/testing.md).
 */
export function useProductEditor() {
  const own = useTestDatabase();
  beforeAll(async () => {
    database = own;
    const db = testDb().db;
    auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: BASE });
    root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-product-form-"));
    storage = new LocalDiskStorage(root);
    await upsertAccount(db, { email: "staff@example.pk", password: "staff-pass", role: "admin" });
    await upsertAccount(db, { email: "buyer@example.pk", password: "buyer-pass", role: "user" });
    adminCookie = cookieOf((await signIn(db, { email: "staff@example.pk", password: "staff-pass" }, auth)).headers);
    customerCookie = cookieOf((await signIn(db, { email: "buyer@example.pk", password: "buyer-pass" }, auth)).headers);
    wallets = await insertCategory(db, "Wallets");
    belts = await insertCategory(db, "Belts");
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });
}

// ------------------------------------------------------------------ helpers

export const filesUnder = (folder: string) => (fs.existsSync(path.join(root, folder)) ? fs.readdirSync(path.join(root, folder)).sort() : []);
export const exists = (key: string) => fs.existsSync(path.join(root, key));

/** `file` followed by zero bytes up to `size` bytes in all (image readers ignore what follows the image). */
export const padded = (file: Buffer, size: number) => Buffer.concat([file, Buffer.alloc(size - file.length)]);

/** The first bytes of an MP4 file: an 'ftyp' box, then some payload. */
export const tinyMp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom", "ascii"), Buffer.alloc(12), Buffer.alloc(2048, 7)]);

const argsFor = (request: Request, params: Record<string, string> = {}) =>
  routeArgs({ request, params, context: testContext(testDb(), { auth, storage }) });

/** What the upload route answered: its JSON body is an `UploadResult`. */
export async function upload(kind: string, body: Buffer, cookie = adminCookie) {
  const request = new Request(`${BASE}/admin/uploads?kind=${kind}`, {
    method: "POST",
    body: new Uint8Array(body),
    headers: { cookie, "content-type": "application/octet-stream" },
  });
  return answer<UploadResult>(() => uploadAction(argsFor(request)));
}

/** What a loader or action answered (tests/support/route-answer.ts), typed from what it returns. */
export function call<R>(fn: RouteFunction<R>, request: Request, params: Record<string, string> = {}) {
  return answer(() => fn(argsFor(request, params)));
}

export function formRequest(url: string, product: unknown, cookie = adminCookie) {
  const form = new FormData();
  form.set("product", JSON.stringify(product));
  return new Request(`${BASE}${url}`, { method: "POST", body: form, headers: cookie ? { cookie } : {} });
}

export function getRequest(url: string, cookie = adminCookie) {
  return new Request(`${BASE}${url}`, { headers: cookie ? { cookie } : {} });
}

export async function stagedImage() {
  const uploaded = await upload("image", await png());
  expect(uploaded.status).toBe(200);
  return dataWith(uploaded, "upload").upload;
}

/** Stock rows as the edit form sends them back: each with the quantity it was loaded with. */
export const asLoaded = (rows: { id: string; size: string; qty: number }[]) => rows.map((s) => ({ ...s, loadedQty: s.qty }));

export const productCount = async () => Number((await testDb().db.select({ n: count() }).from(products))[0].n);
