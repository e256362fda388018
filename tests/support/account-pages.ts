import { randomUUID } from "node:crypto";
import { beforeAll, expect } from "vitest";
import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/session.server";
import { confirmSignup, requestSignup } from "~/modules/accounts/signup.server";
import { action as checkoutAction } from "../../app/routes/checkout";
import { loader as ordersLoader } from "../../app/routes/account-orders";
import { action as orderAction, loader as orderLoader } from "../../app/routes/account-order";
import { insertProduct } from "./fixtures";
import { signupTokenMailedTo } from "./signup-mail";
import { useTestDatabase, type TestDatabase } from "./test-db";
import { testContext } from "./test-context";
import { answer } from "./route-answer";
import { routeArgs } from "./route-args";
import { checkoutForm } from "./test-customer";

/*
 * A customer's account pages under test (app/routes/account*.integration.test.ts): a test database
 * with two products and two customers signed in, orders placed through the checkout form, and the
 * requests the account's routes take.
 */

let database: () => TestDatabase;
/** The database of the test file running (useAccountPages). */
export const testDb = () => database();
export let auth: Auth;
const ORIGIN = "http://localhost:3000";

export let product: Awaited<ReturnType<typeof insertProduct>>;
export let other: Awaited<ReturnType<typeof insertProduct>>;
const cartOf = (p: typeof product, quantity = 1, v = 0, s = 0) =>
  JSON.stringify([
    {
      productID: p.productId,
      productVariantKey: `${p.variants[v].id}_${p.variants[v].stock[s].size}`,
      productSize: p.variants[v].stock[s].size,
      productQuantity: quantity,
    },
  ]);

/** The cookie header a browser sends after these Set-Cookie headers. */
export const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");

export async function signedIn(email: string, password: string): Promise<string> {
  return cookieOf((await signIn(testDb().db, { email, password, address: `192.0.2.${Math.floor(Math.random() * 200)}` }, auth)).headers);
}

export const ctx = (address = "198.51.100.7") => testContext(testDb(), { auth, clientAddress: address });
export const get = (path: string, cookie?: string) => new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
export const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: cookie ? { cookie } : {} });

let seq = 0;
/** Places an order through the checkout form, signed in with `cookie` or as a guest. */
export async function placeOrder(cookie: string | undefined, fields: Record<string, string> = {}, cart = cartOf(product)) {
  const n = seq++;
  const form = checkoutForm({
    email: `guest${n}@example.pk`,
    phone: `0333${String(n).padStart(7, "0")}`,
    cart,
    idempotencyKey: randomUUID(),
    ...fields,
  });
  const a = await answer<{ ok: boolean; orderId: string; receipt: string; message?: string }>(() =>
    checkoutAction(routeArgs({ request: post("/checkout", form, cookie), params: {}, context: ctx(`203.0.113.${n % 250}`) })),
  );
  expect(a.data, a.data.message).toMatchObject({ ok: true });
  return { orderNumber: a.data.orderId, receipt: a.data.receipt };
}

export const listOf = async (cookie?: string) =>
  answer<{ orders: { orderNumber: string; status: string; timeline: unknown[] }[] }>(() =>
    ordersLoader(routeArgs({ request: get("/account/orders", cookie), params: {}, context: ctx() })),
  );
export const openOrder = (orderNumber: string, cookie?: string) =>
  answer<{ order: { orderNumber: string; items: { productName: string }[] } }>(() =>
    orderLoader(routeArgs({ request: get(`/account/orders/${orderNumber}`, cookie), params: { orderNumber }, context: ctx() })),
  );
export const reorderOf = (orderNumber: string, cookie?: string) =>
  answer<{
    ok: boolean;
    lines: { productQuantity: number; productPrice: number; productDiscountPrice: number | null }[];
    changes: { kind: string }[];
    message?: string;
  }>(() =>
    orderAction(
      routeArgs({ request: post(`/account/orders/${orderNumber}`, { intent: "reorder" }, cookie), params: { orderNumber }, context: ctx() }),
    ),
  );

export let amna: string; // verified (signed up by link)
export let bilal: string; // made by staff tools: e-mail not verified
const AMNA_PASSWORD = "saddle-stitch-4417";
export const BILAL_PASSWORD = "walnut-ledger-8210";

/**
 * Registers the file's own database, products and signed-in customers: called once at the top of
 * each test file, so that every file gets its own whether or not the test runner gives it its own
 * copy of this module (docs/testing.md).
 */
export function useAccountPages() {
  const own = useTestDatabase();
  beforeAll(async () => {
    database = own;
    const { db } = testDb();
    auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: ORIGIN });
    product = await insertProduct(db, { name: "Travel Wallet", variants: [{ name: "Tan", price: 250_000, stock: [["", 500]] }] });
    other = await insertProduct(db, {
      name: "Office Bag",
      variants: [
        { name: "Black", price: 900_000, stock: [["", 3]] },
        { name: "Brown", price: 800_000, stock: [["", 2]] },
      ],
    });
    await requestSignup(db, {
      email: "amna@example.pk",
      password: AMNA_PASSWORD,
      firstName: "Amna",
      lastName: "Riaz",
      gender: "female",
      numberCode: "+92",
      number: "3001112233",
      baseUrl: ORIGIN,
    });
    await confirmSignup(db, (await signupTokenMailedTo(db, "amna@example.pk"))!);
    await upsertAccount(db, { email: "bilal@example.pk", password: BILAL_PASSWORD, role: "user", firstName: "Bilal", lastName: "Ahmed" });
    amna = await signedIn("amna@example.pk", AMNA_PASSWORD);
    bilal = await signedIn("bilal@example.pk", BILAL_PASSWORD);
  });
}
