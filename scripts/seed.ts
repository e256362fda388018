// `npm run db:seed`: load the demo catalogue into the configured database when it has no catalogue.
import path from "node:path";
import { getEnv } from "../app/lib/env.server";
import { openDatabase } from "../app/lib/db.server";
import { LocalDiskStorage } from "../app/modules/media/storage.server";
import { isCatalogueEmpty, seedDemoCatalogue } from "../app/modules/catalog/demo-catalogue.server";

const env = getEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
try {
  if (!(await isCatalogueEmpty(database.db))) {
    console.log("The catalogue already has categories or products: nothing was seeded.");
  } else {
    const count = await seedDemoCatalogue(database.db, new LocalDiskStorage(path.join(env.dataDir, "uploads")));
    console.log(`Demo catalogue loaded: ${count} products in 6 categories (${database.kind}).`);
  }
} finally {
  await database.close();
}
