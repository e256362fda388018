// `npm run check-data`: the database against the shop's rules; exits 1 on any problem (docs/decisions/0050).
import { getEnv, type Env } from "../app/config.server";
import { checkDataCommand } from "../app/modules/backup/backup-command.server";

const shopSettings = (env: Env) => ({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, backupDir: env.backupDir, storage: env.storage });
const result = await checkDataCommand(process.argv.slice(2), shopSettings(getEnv()));
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exit(result.exitCode);
