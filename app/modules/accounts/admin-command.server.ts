import { parseArgs } from "node:util";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { ADMIN_ROLES } from "~/lib/db/value-lists";
import { upsertAccount } from "./accounts.server";
import { passwordProblem } from "./password-check.server";

/** What `npm run admin:create` prints, and the exit code it ends with. */
export interface CommandResult {
  exitCode: 0 | 1;
  output: string;
}

const optionsSchema = z.object({
  email: z.email("--email must be an e-mail address"),
  password: z.string("--password is required").superRefine((password, ctx) => {
    const problem = passwordProblem(password, "staff");
    if (problem) ctx.addIssue({ code: "custom", message: `--password: ${problem}` });
  }),
  role: z.enum(ADMIN_ROLES, "--role must be admin or main-admin"),
});

/**
 * `npm run admin:create -- --email … --password … [--role admin|main-admin] [--first-name …]
 * [--last-name …]`: creates a staff account, or updates the role and password of the account with
 * that e-mail. The options, the password held to the staff rule, are checked before the database
 * is opened.
 */
export async function adminCreateCommand(args: string[], open: () => Promise<Database>): Promise<CommandResult> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string", default: "admin" },
        "first-name": { type: "string", default: "" },
        "last-name": { type: "string", default: "" },
      },
    }));
  } catch (error) {
    return { exitCode: 1, output: (error as Error).message };
  }
  const input = optionsSchema.safeParse(values);
  if (!input.success) return { exitCode: 1, output: input.error.issues.map((i) => i.message).join("\n") };
  const database = await open();
  try {
    const result = await upsertAccount(database.db, {
      ...input.data,
      firstName: values["first-name"],
      lastName: values["last-name"],
    });
    return { exitCode: 0, output: `${result.created ? "Created" : "Updated"} ${input.data.role} ${input.data.email}.` };
  } finally {
    await database.close();
  }
}
