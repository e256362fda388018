// `npm run admin:create -- --email owner@example.pk --password '…' --role main-admin`
import { getEnv } from "../app/config.server";
import { openDatabase } from "../app/lib/db.server";
import { adminCreateCommand } from "../app/modules/accounts/admin-command.server";

const result = await adminCreateCommand(process.argv.slice(2), () => {
  const env = getEnv();
  return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
});
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exit(result.exitCode);
