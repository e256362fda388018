// `npm run backup -- [file]`: a backup of the shop in one file (docs/decisions/0050).
import { getEnv, type Env } from "../app/config.server";
import { backupCommand } from "../app/modules/backup/backup-command.server";

const shopSettings = (env: Env) => ({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, backupDir: env.backupDir, storage: env.storage });
const result = await backupCommand(process.argv.slice(2), shopSettings(getEnv()), (line) => console.error(line));
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exit(result.exitCode);
