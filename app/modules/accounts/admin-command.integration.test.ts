import { eq } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { account, user } from "~/lib/db/tables/accounts.server";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { adminCreateCommand } from "./admin-command.server";

const testDb = useTestDatabase();
let opened = 0;
/** The test database as the command opens it (closing it is left to the test file). */
const open = async () => {
  opened++;
  return { ...testDb(), close: async () => {} };
};
const run = (...args: string[]) => adminCreateCommand(args, open);
const accountOf = async (email: string) => (await testDb().db.select().from(user).where(eq(user.email, email)))[0];

describe(`npm run admin:create (${testTarget()})`, () => {
  it("refuses staff passwords under 12 characters, only spaces, or common, before opening the database", async () => {
    const refused: [password: string, output: string][] = [
      ["123456", "--password: Staff passwords must be at least 12 characters."],
      ["owner-pass1", "--password: Staff passwords must be at least 12 characters."],
      [" ".repeat(12), "--password: Password cannot be only spaces."],
      ["password1234", "--password: This password is too common. Please choose another."],
      ["qwertyuiop12", "--password: This password is too common. Please choose another."],
      ["aaaaaaaaaaaa", "--password: This password is too common. Please choose another."],
    ];
    for (const [password, output] of refused) {
      expect(await run("--email", "cli-owner@example.pk", "--password", password, "--role", "main-admin"), JSON.stringify(password)).toEqual({
        exitCode: 1,
        output,
      });
    }
    expect(opened).toBe(0);
    expect(await accountOf("cli-owner@example.pk")).toBeUndefined();
  });

  it("creates a main admin with a strong password, and updates it with another", async () => {
    expect(await run("--email", "cli-owner@example.pk", "--password", "Chamra-Owner-Key-5581", "--role", "main-admin")).toEqual({
      exitCode: 0,
      output: "Created main-admin cli-owner@example.pk.",
    });
    expect(await run("--email", "CLI-owner@example.pk", "--password", "walnut ledger monsoon kettle", "--role", "main-admin")).toEqual({
      exitCode: 0,
      output: "Updated main-admin CLI-owner@example.pk.",
    });
    const row = await accountOf("cli-owner@example.pk");
    expect(row.role).toBe("main-admin");
    const [credential] = await testDb().db.select().from(account).where(eq(account.userId, row.id));
    expect(await verifyPassword({ hash: credential.password!, password: "walnut ledger monsoon kettle" })).toBe(true);
  });

  it("says what is wrong with the other options", async () => {
    expect(await run("--email", "nope", "--password", "Chamra-Owner-Key-5581", "--role", "owner")).toEqual({
      exitCode: 1,
      output: "--email must be an e-mail address\n--role must be admin or main-admin",
    });
    expect((await run("--bogus")).exitCode).toBe(1);
  });
});
