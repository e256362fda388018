import { categories, products, searchWords, productCategories, variants, stock, media, stockMovements } from "./tables/catalogue.server";
import { orders, orderItems, orderHistory } from "./tables/orders.server";
import { contactSubmissions, subscribers, mailOutbox } from "./tables/messages.server";
import { user, session, account, verification } from "./tables/accounts.server";
import { rateLimits, appSettings, importedRecords, backupRuns, trash } from "./tables/site.server";

/*
 * The relational model of the whole shop, one file per area in tables/ (catalogue, orders,
 * messages, accounts, site). This is what the database client is typed with; drizzle-kit reads
 * the table files themselves (drizzle.config.ts).
 */
export const schema = {
  categories,
  products,
  searchWords,
  productCategories,
  variants,
  stock,
  media,
  stockMovements,
  orders,
  orderItems,
  orderHistory,
  contactSubmissions,
  subscribers,
  mailOutbox,
  user,
  session,
  account,
  verification,
  rateLimits,
  appSettings,
  importedRecords,
  backupRuns,
  trash,
};
