import { expect, test } from "@playwright/test";
import { OWNER } from "../support/e2e";
import { FORM_ACTIONS as ACTIONS } from "../support/form-actions";
import { checkoutForm } from "../support/test-customer";

/*
 * Input no page can use gets a clear 4xx at one boundary, never a server error: NUL bytes in
 * addresses and fields, bodies that are not forms, multipart bodies that cannot be read. Anonymous
 * and as the main admin, since admin actions check the role only after the body is read.
 */

test.describe("malformed requests", () => {
  test("a NUL byte anywhere in an address is refused with 400", async ({ request }) => {
    for (const address of ["/product/%00", "/shop?q=%00", "/shop/category/a%00", "/shop?q=wallet%00", "/admin/orders?q=%00", "/product/%E0%A4%A"]) {
      const response = await request.get(address);
      expect(response.status(), address).toBe(400);
      expect(await response.text()).toBe("The address contains characters the shop cannot read.");
    }
  });

  for (const role of ["anonymous", "main admin"] as const) {
    test(`every action refuses bodies that are not readable forms with 415 or 400 (${role})`, async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
      try {
        if (role === "main admin") {
          const login = await request.post("/login", { form: { email: OWNER.email, password: OWNER.password }, maxRedirects: 0 });
          expect(login.status()).toBe(302);
        }
        for (const action of ACTIONS) {
          const bodies: { headers: Record<string, string>; data: string | undefined; status: number }[] = [
            { headers: { "Content-Type": "application/json" }, data: '{"email":"a@b.pk"}', status: 415 },
            { headers: { "Content-Type": "text/plain" }, data: "email=a@b.pk", status: 415 },
            { headers: {}, data: undefined, status: 415 },
            {
              headers: { "Content-Type": "multipart/form-data; boundary=zz" },
              data: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
              status: 400,
            },
            { headers: { "Content-Type": "application/x-www-form-urlencoded" }, data: "firstName=a%00b&email=a%40b.pk&name=x", status: 400 },
          ];
          for (const body of bodies) {
            const response = await request.post(action, { headers: body.headers, data: body.data, maxRedirects: 0 });
            expect(response.status(), `${action} ${JSON.stringify(body.headers)}`).toBe(body.status);
          }
        }
      } finally {
        await request.dispose();
      }
    });
  }

  test("checkout with a NUL byte in a field says so and stores nothing", async ({ request, baseURL }) => {
    const response = await request.post("/checkout", {
      headers: { Origin: baseURL! },
      form: checkoutForm({ firstName: "a\0b", email: "nul@example.pk", cart: "[]", idempotencyKey: "0123456789abcdef0123" }),
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toBe("The form contains a character that is not allowed (a NUL byte).");
  });
});
