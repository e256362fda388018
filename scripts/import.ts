// `npm run import -- <export.json | folder> [--dry-run] [--media keep|download] [--invite]`: moves the
// original shop's records into the configured database (docs/decisions/0028).
import { getEnv } from "../app/config.server";
import { openDatabase } from "../app/lib/db.server";
import { openStorage } from "../app/modules/media/storage-factory.server";
import { importCommand } from "../app/modules/import/import-command.server";

const result = await importCommand(
  process.argv.slice(2),
  async () => {
    const env = getEnv();
    const storage = await openStorage(env.storage);
    return { database: await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir }), storage };
  },
  (message) => console.error(message),
  { publicUrl: getEnv().PUBLIC_URL },
);
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exit(result.exitCode);
