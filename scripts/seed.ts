// `npm run db:seed`: load the demo catalogue into the configured database when it has no catalogue.
import { getEnv } from "../app/config.server";
import { openDatabase } from "../app/lib/db.server";
import { openStorage } from "../app/modules/media/storage-factory.server";
import { isCatalogueEmpty, seedDemoCatalogue } from "../app/modules/catalog/demo-catalogue.server";

const env = getEnv();
const storage = await openStorage(env.storage);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
try {
  if (!(await isCatalogueEmpty(database.db))) {
    console.log("The catalogue already has categories or products: nothing was seeded.");
  } else {
    const count = await seedDemoCatalogue(database.db, storage);
    console.log(`Demo catalogue loaded: ${count} products in 6 categories (${database.kind}).`);
  }
} finally {
  await database.close();
}
