import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addresses, mailOutbox, orderHistory, orders, products, stock, user, variants } from "~/lib/db/tables.server";
import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/session.server";
import { confirmSignup, requestSignup } from "~/modules/accounts/signup.server";
import { signupMailSent } from "~/modules/accounts/signup-link";
import { ACCOUNT_ORDER_NOT_FOUND } from "~/modules/orders/account-orders.server";
import { action as checkoutAction, loader as checkoutLoader } from "./checkout";
import { action as confirmAction } from "./confirm-order";
import { loader as ordersLoader } from "./account-orders";
import { action as orderAction, loader as orderLoader } from "./account-order";
import { action as accountAction, loader as accountLoader } from "./account";
import { action as addressesAction, loader as addressesLoader } from "./account-addresses";
import { insertProduct } from "../../tests/support/fixtures";
import { signupTokenMailedTo } from "../../tests/support/signup-mail";
import { testTarget, useTestDatabase } from "../../tests/support/test-db";
import { testContext } from "../../tests/support/test-context";
import { answer } from "../../tests/support/route-answer";
import { routeArgs } from "../../tests/support/route-args";

/*
 * A customer's account through its pages' loaders and actions, as the server calls them
 * (docs/decisions/0057): My orders for two customers and for nobody, reorder, the profile, the
 * address book, checkout filled in, the password, and "Save my details" after a guest order.
 */

const testDb = useTestDatabase();
let auth: Auth;
const ORIGIN = "http://localhost:3000";

let product: Awaited<ReturnType<typeof insertProduct>>;
let other: Awaited<ReturnType<typeof insertProduct>>;
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
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");

async function signedIn(email: string, password: string): Promise<string> {
  return cookieOf((await signIn(testDb().db, { email, password, address: `192.0.2.${Math.floor(Math.random() * 200)}` }, auth)).headers);
}

const ctx = (address = "198.51.100.7") => testContext(testDb(), { auth, clientAddress: address });
const get = (path: string, cookie?: string) => new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: cookie ? { cookie } : {} });

let seq = 0;
/** Places an order through the checkout form, signed in with `cookie` or as a guest. */
async function placeOrder(cookie: string | undefined, fields: Record<string, string> = {}, cart = cartOf(product)) {
  const n = seq++;
  const form = {
    firstName: "Ayesha",
    lastName: "Khan",
    email: `guest${n}@example.pk`,
    phone: `0333${String(n).padStart(7, "0")}`,
    streetAddress: "12 Mall Road",
    city: "Lahore",
    state: "Punjab",
    zipCode: "54000",
    cart,
    idempotencyKey: randomUUID(),
    ...fields,
  };
  const a = await answer<{ ok: boolean; orderId: string; receipt: string; message?: string }>(() =>
    checkoutAction(routeArgs({ request: post("/checkout", form, cookie), params: {}, context: ctx(`203.0.113.${n % 250}`) })),
  );
  expect(a.data, a.data.message).toMatchObject({ ok: true });
  return { orderNumber: a.data.orderId, receipt: a.data.receipt };
}

const listOf = async (cookie?: string) =>
  answer<{ orders: { orderNumber: string; status: string; timeline: unknown[] }[] }>(() =>
    ordersLoader(routeArgs({ request: get("/account/orders", cookie), params: {}, context: ctx() })),
  );
const openOrder = (orderNumber: string, cookie?: string) =>
  answer<{ order: { orderNumber: string; items: { productName: string }[] } }>(() =>
    orderLoader(routeArgs({ request: get(`/account/orders/${orderNumber}`, cookie), params: { orderNumber }, context: ctx() })),
  );
const reorderOf = (orderNumber: string, cookie?: string) =>
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

let amna: string; // verified (signed up by link)
let bilal: string; // made by staff tools: e-mail not verified
const AMNA_PASSWORD = "saddle-stitch-4417";
const BILAL_PASSWORD = "walnut-ledger-8210";

beforeAll(async () => {
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

describe(`My orders, as two customers and as nobody (${testTarget()})`, () => {
  it("lists the orders placed signed in and those with the verified e-mail, newest first; never another's", async () => {
    const first = await placeOrder(amna, { email: "someone-else@example.pk" });
    const asGuest = await placeOrder(undefined, { email: "Amna@Example.PK" });
    const bilalsOwn = await placeOrder(bilal, { email: "bilal@example.pk" });
    // A guest order with Bilal's e-mail: his address was never verified, so it is not his to see.
    const withBilalsEmail = await placeOrder(undefined, { email: "bilal@example.pk" });
    const third = await placeOrder(amna, { email: "amna@example.pk" });

    const amnas = await listOf(amna);
    expect(amnas.status).toBe(200);
    expect(amnas.data.orders.map((o) => o.orderNumber)).toEqual([third.orderNumber, asGuest.orderNumber, first.orderNumber]);
    expect(amnas.data.orders[0]).toMatchObject({ status: "confirmed", timeline: [{ status: "confirmed", label: "Confirmed" }] });

    const bilals = await listOf(bilal);
    expect(bilals.data.orders.map((o) => o.orderNumber)).toEqual([bilalsOwn.orderNumber]);
    expect(bilals.data.orders.map((o) => o.orderNumber)).not.toContain(withBilalsEmail.orderNumber);

    expect((await openOrder(first.orderNumber, amna)).data.order.items[0].productName).toBe("Travel Wallet");
    // Guessing another's order number reads as no order at all.
    for (const guess of [first.orderNumber, third.orderNumber, withBilalsEmail.orderNumber, "ORD-0000000000000"]) {
      const a = await openOrder(guess, bilal);
      expect(a.status, guess).toBe(404);
      expect(a.data).toBe(ACCOUNT_ORDER_NOT_FOUND);
      const r = await reorderOf(guess, bilal);
      expect(r.status, guess).toBe(404);
      expect(r.data).toMatchObject({ ok: false, message: ACCOUNT_ORDER_NOT_FOUND });
    }
    for (const junk of ["ORD-1", "../admin", "ORD-12345678901234", "%00"]) expect((await openOrder(junk, amna)).status, junk).toBe(404);
  });

  it("anonymous: every account page and action sends the browser to /login, and reads nothing", async () => {
    const { orderNumber } = await placeOrder(amna);
    for (const a of [
      await listOf(),
      await openOrder(orderNumber),
      await reorderOf(orderNumber),
      await answer(() => accountLoader(routeArgs({ request: get("/account"), params: {}, context: ctx() }))),
      await answer(() =>
        accountAction(routeArgs({ request: post("/account", { intent: "profile", firstName: "X", lastName: "Y" }), params: {}, context: ctx() })),
      ),
      await answer(() => addressesLoader(routeArgs({ request: get("/account/addresses"), params: {}, context: ctx() }))),
      await answer(() => addressesAction(routeArgs({ request: post("/account/addresses", { intent: "add" }), params: {}, context: ctx() }))),
      // A cookie that is no session is nobody.
      await listOf("better-auth.session_token=forged.signature"),
    ]) {
      expect(a.status).toBe(302);
      expect(a.location).toBe("/login");
    }
  });

  it("shows a shipped order's courier link and every step of its timeline", async () => {
    const { db } = testDb();
    const { orderNumber } = await placeOrder(amna);
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
    await db.update(orders).set({ status: "shipped", courier: "TCS", trackingNumber: "779912345678" }).where(eq(orders.id, row.id));
    await db.insert(orderHistory).values({ orderId: row.id, fromStatus: "confirmed", toStatus: "shipped", note: "" });
    const a = await answer<{ order: { status: string; timeline: { status: string }[]; parcel: { courier: string; url: string | null } } }>(() =>
      orderLoader(routeArgs({ request: get(`/account/orders/${orderNumber}`, amna), params: { orderNumber }, context: ctx() })),
    );
    expect(a.data.order.status).toBe("shipped");
    expect(a.data.order.timeline.map((s) => s.status)).toEqual(["confirmed", "shipped"]);
    expect(a.data.order.parcel.courier).toBe("TCS");
    expect(a.data.order.parcel.url).toContain("779912345678");
  });
});

describe(`Reorder (${testTarget()})`, () => {
  it("puts the order's lines back at today's prices and stock, and says what changed: price, fewer left, gone", async () => {
    const { db } = testDb();
    const cart = JSON.stringify([
      { productID: other.productId, productVariantKey: `${other.variants[0].id}_`, productSize: "", productQuantity: 3 },
      { productID: other.productId, productVariantKey: `${other.variants[1].id}_`, productSize: "", productQuantity: 1 },
      { productID: product.productId, productVariantKey: `${product.variants[0].id}_`, productSize: "", productQuantity: 2 },
    ]);
    const { orderNumber } = await placeOrder(amna, {}, cart);
    // Nothing changed yet (but the 3 black bags were the last): the black bag is sold out.
    const same = await reorderOf(orderNumber, amna);
    expect(same.data.changes).toEqual([{ kind: "sold-out", item: "Office Bag (black)" }]);

    await db.update(stock).set({ qty: 2 }).where(eq(stock.id, other.variants[0].stock[0].id));
    await db.update(variants).set({ price: 950_000 }).where(eq(variants.id, other.variants[0].id));
    await db.delete(variants).where(eq(variants.id, other.variants[1].id));
    const changed = await reorderOf(orderNumber, amna);
    expect(changed.status).toBe(200);
    expect(changed.data.changes).toEqual(
      expect.arrayContaining([
        { kind: "fewer", item: "Office Bag (black)", ordered: 3, left: 2 },
        { kind: "price", item: "Office Bag (black)", paid: 900_000, now: 950_000 },
        { kind: "gone", item: "Office Bag (brown)" },
      ]),
    );
    expect(changed.data.changes).toHaveLength(3);
    expect(changed.data.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productID: other.productId, productQuantity: 2, productPrice: 9_500, productDiscountPrice: null }),
        expect.objectContaining({ productID: product.productId, productQuantity: 2, productPrice: 2_500 }),
      ]),
    );
    expect(changed.data.lines).toHaveLength(2);

    await db.delete(products).where(eq(products.id, other.productId));
    const gone = await reorderOf(orderNumber, amna);
    expect(gone.data.changes.filter((c) => c.kind === "gone")).toHaveLength(2);
    expect(gone.data.lines).toHaveLength(1);
    // An unknown intent is refused, and nothing is read.
    const odd = await answer(() =>
      orderAction(
        routeArgs({ request: post(`/account/orders/${orderNumber}`, { intent: "cancel" }, amna), params: { orderNumber }, context: ctx() }),
      ),
    );
    expect(odd.status).toBe(400);
  });
});

describe(`profile, address book and checkout filled in (${testTarget()})`, () => {
  it("a saved profile and default address fill checkout; a guest's checkout is empty", async () => {
    const profile = await answer(() =>
      accountAction(
        routeArgs({
          request: post("/account", { intent: "profile", firstName: "Amna", lastName: "Siddiqui", numberCode: "+92", number: "321 4445566" }, amna),
          params: {},
          context: ctx(),
        }),
      ),
    );
    expect(profile).toMatchObject({ status: 302, location: "/account" });
    const add = (fields: Record<string, string>, cookie = amna) =>
      answer(() =>
        addressesAction(routeArgs({ request: post("/account/addresses", { intent: "add", ...fields }, cookie), params: {}, context: ctx() })),
      );
    expect(await add({ streetAddress: "7 Canal View", city: "Lahore", state: "Punjab", zipCode: "54000" })).toMatchObject({ status: 302 });
    expect(
      await add({
        streetAddress: "House 3, Street 9, F-7/2",
        city: "Islamabad",
        state: "ICT",
        zipCode: "44000",
        landmark: "Near Jinnah Super",
        makeDefault: "on",
      }),
    ).toMatchObject({
      status: 302,
    });
    const bad = await add({ streetAddress: "", city: "Lahore", state: "Punjab", zipCode: "54000" });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ error: "Street address is required" });

    const prefill = await answer<{ prefill: Record<string, string> }>(() =>
      checkoutLoader(routeArgs({ request: get("/checkout", amna), params: {}, context: ctx() })),
    );
    expect(prefill.data.prefill).toEqual({
      firstName: "Amna",
      lastName: "Siddiqui",
      email: "amna@example.pk",
      phone: "03214445566",
      streetAddress: "House 3, Street 9, F-7/2",
      apartment: "",
      city: "Islamabad",
      state: "ICT",
      zipCode: "44000",
      country: "Pakistan",
      landmark: "Near Jinnah Super",
    });
    expect((await answer(() => checkoutLoader(routeArgs({ request: get("/checkout"), params: {}, context: ctx() })))).data).toEqual({
      prefill: null,
    });

    // Bilal cannot touch Amna's addresses, whatever id he sends.
    const list = await answer<{ addresses: { id: string; isDefault: boolean }[] }>(() =>
      addressesLoader(routeArgs({ request: get("/account/addresses", amna), params: {}, context: ctx() })),
    );
    expect(list.data.addresses.map((a) => a.isDefault)).toEqual([true, false]);
    for (const intent of ["default", "remove"]) {
      const a = await answer(() =>
        addressesAction(
          routeArgs({
            request: post("/account/addresses", { intent, addressId: list.data.addresses[0].id }, bilal),
            params: {},
            context: ctx(),
          }),
        ),
      );
      expect(a.status).toBe(404);
    }
    expect(await testDb().db.select().from(addresses).where(eq(addresses.id, list.data.addresses[0].id))).toHaveLength(1);

    // Removing the default makes the remaining address the default.
    await answer(() =>
      addressesAction(
        routeArgs({
          request: post("/account/addresses", { intent: "remove", addressId: list.data.addresses[0].id }, amna),
          params: {},
          context: ctx(),
        }),
      ),
    );
    const after = await answer<{ addresses: { streetAddress: string; isDefault: boolean }[] }>(() =>
      addressesLoader(routeArgs({ request: get("/account/addresses", amna), params: {}, context: ctx() })),
    );
    expect(after.data.addresses).toMatchObject([{ streetAddress: "7 Canal View", isDefault: true }]);
  });

  it("an address book holds at most 10 addresses, even when 15 are added at once; exactly one is the default", async () => {
    const { db } = testDb();
    await upsertAccount(db, { email: "chand@example.pk", password: "copper-rivet-5512", role: "user" });
    const chand = await signedIn("chand@example.pk", "copper-rivet-5512");
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        answer(() =>
          addressesAction(
            routeArgs({
              request: post(
                "/account/addresses",
                { intent: "add", streetAddress: `${i} Mall Road`, city: "Lahore", state: "Punjab", zipCode: "54000", makeDefault: "on" },
                chand,
              ),
              params: {},
              context: ctx(),
            }),
          ),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 302)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    const [{ id }] = await db.select({ id: user.id }).from(user).where(eq(user.email, "chand@example.pk"));
    const rows = await db.select().from(addresses).where(eq(addresses.userId, id));
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it("changing the password needs the current one, follows the rule, and signs out every other device", async () => {
    const { db } = testDb();
    await upsertAccount(db, { email: "dua@example.pk", password: "linen-thread-3391", role: "user" });
    const here = await signedIn("dua@example.pk", "linen-thread-3391");
    const elsewhere = await signedIn("dua@example.pk", "linen-thread-3391");
    const change = (fields: Record<string, string>) =>
      answer<{ error: string }>(() =>
        accountAction(routeArgs({ request: post("/account", { intent: "password", ...fields }, here), params: {}, context: ctx() })),
      );
    expect(await change({ currentPassword: "wrong-one", newPassword: "amber-buckle-7720" })).toMatchObject({
      status: 400,
      data: { error: "Your current password is not right." },
    });
    expect(await change({ currentPassword: "linen-thread-3391", newPassword: "password1" })).toMatchObject({ status: 400 });
    const done = await change({ currentPassword: "linen-thread-3391", newPassword: "amber-buckle-7720" });
    expect(done).toMatchObject({ status: 302, location: "/account" });
    const renewed = cookieOf(done.headers);
    expect((await listOf(elsewhere)).location).toBe("/login");
    expect((await listOf(here)).location).toBe("/login");
    expect((await listOf(renewed)).status).toBe(200);
    await expect(signIn(db, { email: "dua@example.pk", password: "amber-buckle-7720", address: "192.0.2.250" }, auth)).resolves.toBeTruthy();
  });
});

describe(`Save my details after a guest order (${testTarget()})`, () => {
  const save = (fields: Record<string, string>) =>
    answer<{ sent?: string; error?: string }>(() =>
      confirmAction(routeArgs({ request: post("/confirmorder", { intent: "save-details", ...fields }), params: {}, context: ctx("198.51.100.99") })),
    );

  it("mails a link to the order's e-mail; the link makes the account with the order's details, and the order is in My orders", async () => {
    const { db } = testDb();
    const { orderNumber, receipt } = await placeOrder(undefined, {
      email: "Erum@Example.pk",
      firstName: "Erum",
      lastName: "Baig",
      landmark: "Opposite the park",
    });
    const a = await save({ receipt, password: "indigo-satchel-6603" });
    expect(a).toMatchObject({ status: 200, data: { sent: signupMailSent("erum@example.pk") } });
    const token = await signupTokenMailedTo(db, "erum@example.pk");
    expect(token).toBeTruthy();
    await confirmSignup(db, token!);
    const [made] = await db.select().from(user).where(eq(user.email, "erum@example.pk"));
    expect(made).toMatchObject({ firstName: "Erum", lastName: "Baig", emailVerified: true, role: "user" });
    expect(
      await db
        .select({ street: addresses.streetAddress, landmark: addresses.landmark, isDefault: addresses.isDefault })
        .from(addresses)
        .where(eq(addresses.userId, made.id)),
    ).toEqual([{ street: "12 Mall Road", landmark: "Opposite the park", isDefault: true }]);
    const erum = await signedIn("erum@example.pk", "indigo-satchel-6603");
    expect((await listOf(erum)).data.orders.map((o) => o.orderNumber)).toEqual([orderNumber]);
  });

  it("an e-mail that has an account gets the same answer, and its owner a mail that someone tried; nothing changes", async () => {
    const { db } = testDb();
    const { receipt } = await placeOrder(undefined, { email: "bilal@example.pk" });
    const before = await db.select().from(mailOutbox);
    const a = await save({ receipt, password: "indigo-satchel-6603" });
    expect(a).toMatchObject({ status: 200, data: { sent: signupMailSent("bilal@example.pk") } });
    const mails = (await db.select().from(mailOutbox)).filter((m) => !before.some((b) => b.id === m.id));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([["bilal@example.pk", "Signing up at Chamra Leather"]]);
    expect(await signIn(db, { email: "bilal@example.pk", password: BILAL_PASSWORD, address: "192.0.2.251" }, auth)).toBeTruthy();
  });

  it("refuses a forged or missing receipt and a weak password with a 4xx, and mails nothing", async () => {
    const { db } = testDb();
    const { receipt } = await placeOrder(undefined);
    const before = (await db.select().from(mailOutbox)).length;
    expect((await save({ receipt: "order.9999999999999.c2ln", password: "indigo-satchel-6603" })).status).toBe(403);
    expect((await save({ receipt: `${receipt}x`, password: "indigo-satchel-6603" })).status).toBe(403);
    expect((await save({ password: "indigo-satchel-6603" })).status).toBe(400);
    expect((await save({ receipt, password: "short" })).status).toBe(400);
    expect((await save({ receipt, password: "password123" })).status).toBe(400);
    expect((await db.select().from(mailOutbox)).length).toBe(before);
  });
});
