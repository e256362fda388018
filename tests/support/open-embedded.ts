// A second shop process for folder-lock tests: opens the embedded database in the folder given as
// the first argument, prints 'opened', then answers one command per stdin line:
//   count         → prints 'count <n>' (rows in subscribers)
//   add <email>   → inserts a subscriber, prints 'added'
//   close         → closes the database (releasing the lock), prints 'closed' and exits.
import readline from "node:readline";
import { count } from "drizzle-orm";
import { openDatabase } from "../../app/lib/db.server";
import { subscribers } from "../../app/lib/db/tables/messages.server";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: open-embedded.ts <dataDir>");

const database = await openDatabase({ dataDir });
const { db } = database;
console.log("opened");

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const [command, arg] = line.trim().split(/\s+/, 2);
  if (command === "count") {
    const [row] = await db.select({ n: count() }).from(subscribers);
    console.log(`count ${Number(row.n)}`);
  } else if (command === "add") {
    await db.insert(subscribers).values({ email: arg });
    console.log("added");
  } else if (command === "close") {
    break;
  }
}
await database.close();
console.log("closed");
process.exit(0);
