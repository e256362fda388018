// `npm run restore -- <file> [--replace]`: the shop from a backup, into the configured database and storage (docs/decisions/0050).
import { getEnv, type Env } from "../app/config.server";
import { restoreCommand } from "../app/modules/backup/backup-command.server";

const shopSettings = (env: Env) => ({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, backupDir: env.backupDir, storage: env.storage });
const result = await restoreCommand(process.argv.slice(2), shopSettings(getEnv()), (line) => console.error(line));
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exit(result.exitCode);
