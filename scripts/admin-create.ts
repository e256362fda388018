// `npm run admin:create -- --email owner@example.pk --password secret123 --role main-admin`
import { parseArgs } from "node:util";
import { z } from "zod";
import { getEnv } from "../app/lib/env.server";
import { openDatabase } from "../app/lib/db.server";
import { upsertAccount } from "../app/modules/accounts/accounts.server";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    role: { type: "string", default: "admin" },
    "first-name": { type: "string", default: "" },
    "last-name": { type: "string", default: "" },
  },
});
const input = z
  .object({
    email: z.email("--email must be an e-mail address"),
    password: z.string().min(6, "--password must be at least 6 characters"),
    role: z.enum(["admin", "main-admin"], "--role must be admin or main-admin"),
  })
  .safeParse(values);
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join("\n"));
  process.exit(1);
}
const env = getEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
try {
  const result = await upsertAccount(database.db, {
    ...input.data,
    firstName: values["first-name"],
    lastName: values["last-name"],
  });
  console.log(`${result.created ? "Created" : "Updated"} ${input.data.role} ${input.data.email}.`);
} finally {
  await database.close();
}
