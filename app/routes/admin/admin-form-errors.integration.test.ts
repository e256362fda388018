import { beforeAll, describe, expect, it } from "vitest";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { testContext } from "../../../tests/support/test-context";
import { requestAs, setUpVisitors, type Visitors } from "../../../tests/support/staff";
import { answer, dataWith } from "../../../tests/support/route-answer";
import { action as createAction } from "./createadmin";
import { action as listAction } from "./adminlist";
import { action as settingsAction } from "./settings";
import { action as ordersAction } from "./orders";
import { action as trashAction } from "./trash";
import { routeArgs, type RouteFunction } from "../../../tests/support/route-args";
import { anInstanceOf } from "../../../tests/support/matchers";

/*
 * Issue 33, goal 4: the back office's forms answer a refused value through the one form path
 * (refuseForm/parseForm, decision 0063): the first problem at the top, in the words the page has
 * always shown, and each field's problem by the field's name, so the page can show it under the field.
 */
const testDb = useTestDatabase();
let visitors: Visitors;

beforeAll(async () => {
  visitors = await setUpVisitors(testDb());
});

const args = (request: Request) => routeArgs({ request, params: {}, context: testContext(testDb(), { auth: visitors.auth }) });
const post = <R>(action: RouteFunction<R>, path: string, form: Record<string, string>) =>
  answer(() => action(args(requestAs(visitors.mainAdmin, path, form))));

describe(`the back office's refused forms (${testTarget()})`, () => {
  it("Create Admin names each refused field, keeps what was typed but never the password", async () => {
    const result = await post(createAction, "/admin/createadmin", {
      firstName: "",
      lastName: "Raza",
      gender: "female",
      role: "admin",
      numberCode: "+92",
      number: "3219876543",
      email: "not-an-email",
      password: "hina-secret-2291",
    });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      error: "Please enter a valid email address.",
      fieldErrors: { email: "Please enter a valid email address.", firstName: anInstanceOf(String) },
    });
    expect(dataWith(result, "values").values).toMatchObject({ lastName: "Raza", email: "not-an-email" });
    expect(JSON.stringify(result.data)).not.toContain("hina-secret-2291");
  });

  it("a staff row's edit answers the message the page shows and the field it is about", async () => {
    const result = await post(listAction, "/admin/adminlist", {
      id: "some-id",
      firstName: "Hina",
      lastName: "Q",
      gender: "",
      role: "user",
      number: "",
    });
    expect(result).toMatchObject({
      status: 400,
      data: {
        message: "Please choose a role: Admin or Main Admin.",
        error: "Please choose a role: Admin or Main Admin.",
        fieldErrors: { role: "Please choose a role: Admin or Main Admin." },
        id: "some-id",
      },
    });
  });

  it("the first-order threshold is refused on its field", async () => {
    const result = await post(settingsAction, "/admin/settings", { intent: "first-order-threshold", threshold: "lots" });
    expect(result).toMatchObject({
      status: 400,
      data: {
        ok: false,
        message: "Please enter the amount in whole rupees, e.g. 25000.",
        intent: "first-order-threshold",
        fieldErrors: { threshold: "Please enter the amount in whole rupees, e.g. 25000." },
      },
    });
  });

  it("an order's status change keeps its message and names the field", async () => {
    const result = await post(ordersAction, "/admin/orders", { orderId: "no-such-order", status: "lost" });
    expect(result).toMatchObject({
      status: 400,
      data: { ok: false, message: "Error updating order status: Please choose a status.", fieldErrors: { status: "Please choose a status." } },
    });
  });

  it("the Trash refuses an unknown intent through the same path", async () => {
    const result = await post(trashAction, "/admin/trash", { intent: "shred", id: "x" });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, error: anInstanceOf(String), fieldErrors: anInstanceOf(Object) });
  });
});
