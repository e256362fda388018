import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAuth, loadAuthSecret } from "./auth.server";
import { user } from "~/lib/db/tables/accounts.server";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";

const testDb = useTestDatabase();

describe(`accounts made by better-auth's own sign-up endpoint (${testTarget()})`, () => {
  it("are customers whatever role the request names", async () => {
    const db = testDb().db;
    const auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: "http://localhost:3000" });
    for (const [i, role] of ["admin", "main-admin", "mainadmin", "user"].entries()) {
      const email = `climber-${i}@example.pk`;
      const response = await auth.handler(
        new Request("http://localhost:3000/api/auth/sign-up/email", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "saddle-stitch-4417", name: "Climber Test", role }),
        }),
      );
      expect(response.status, role).toBe(200);
      const [row] = await db.select({ role: user.role }).from(user).where(eq(user.email, email));
      expect(row?.role, role).toBe("user");
    }
  });
});
