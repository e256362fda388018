import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addresses, user } from "~/lib/db/tables/accounts.server";
import { mailOutbox } from "~/lib/db/tables/messages.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/session.server";
import { confirmSignup } from "~/modules/accounts/signup.server";
import { signupMailSent } from "~/modules/accounts/signup-link";
import { loader as checkoutLoader } from "./checkout";
import { action as confirmAction } from "./confirm-order";
import { action as accountAction } from "./account";
import { action as addressesAction, loader as addressesLoader } from "./account-addresses";
import { signupTokenMailedTo } from "../../tests/support/signup-mail";
import { testTarget } from "../../tests/support/test-db";
import { answer } from "../../tests/support/route-answer";
import {
  testDb,
  auth,
  cookieOf,
  signedIn,
  ctx,
  get,
  post,
  placeOrder,
  listOf,
  amna,
  bilal,
  BILAL_PASSWORD,
  useAccountPages,
} from "../../tests/support/account-pages";
import { routeArgs } from "../../tests/support/route-args";
import { aStringMatching } from "../../tests/support/matchers";

useAccountPages();

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

    const prefill = await answer(() => checkoutLoader(routeArgs({ request: get("/checkout", amna), params: {}, context: ctx() })));
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
      cart: null,
      // Every checkout page has an idempotency key of its own, so Place Order works without scripts.
      idempotencyKey: aStringMatching(/^[A-Za-z0-9-]{16,64}$/),
    });

    // Bilal cannot touch Amna's addresses, whatever id he sends.
    const list = await answer(() => addressesLoader(routeArgs({ request: get("/account/addresses", amna), params: {}, context: ctx() })));
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
    const after = await answer(() => addressesLoader(routeArgs({ request: get("/account/addresses", amna), params: {}, context: ctx() })));
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
      answer(() => accountAction(routeArgs({ request: post("/account", { intent: "password", ...fields }, here), params: {}, context: ctx() })));
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
    answer(() =>
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
