// Production entry: the Hono server and the pages are both in the React Router server build.
import { existsSync } from "node:fs";

if (!existsSync(new URL("./build/server/index.js", import.meta.url))) {
  console.error("The shop is not built yet: run `npm start` (it builds first) or `npm run build`.");
  process.exit(1);
}
// React and React Router pick their production builds only when told so, before they load.
process.env.NODE_ENV ??= "production";
const { start } = await import("./build/server/index.js");
await start();
