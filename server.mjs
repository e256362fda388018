// Production entry: the Hono server and the pages are both in the React Router server build.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

if (!existsSync(new URL("./build/server/index.js", import.meta.url))) {
  console.error("The shop is not built yet: run `npm start` (it builds first) or `npm run build`.");
  process.exit(1);
}
// React and React Router pick their production builds only when told so, before they load.
process.env.NODE_ENV ??= "production";
// WEB_CONCURRENCY workers (node:cluster) each run this file again and start the shop; the primary
// only watches them, without loading the shop (server/cluster.ts).
const { runShop } = await import("./build/server/cluster.js");
await runShop({
  script: fileURLToPath(import.meta.url),
  start: async () => (await import("./build/server/index.js")).start(),
});
