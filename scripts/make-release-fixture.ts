// `npm run make-release-fixture [-- --replace]`: the backup this release keeps in
// tests/fixtures/releases/<release>/ for every later release to restore (docs/decisions/0052).
// Made in a throw-away data folder of its own, whatever DATA_DIR, DATABASE_URL or STORAGE_URL say.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { SHOP_VERSION } from "../app/lib/db/migration-journal.server";
import { makeReleaseFixture, RELEASES_FOLDER } from "../tests/support/release-fixture";

const { values } = parseArgs({ args: process.argv.slice(2), options: { replace: { type: "boolean", default: false } } });
const folder = path.join(RELEASES_FOLDER, SHOP_VERSION);
if (fs.existsSync(folder) && !values.replace) {
  console.error(
    `${path.relative(process.cwd(), folder)} already holds release ${SHOP_VERSION}'s fixture. ` +
      `Add --replace only if release ${SHOP_VERSION} is not out yet; a released fixture stays as it is.`,
  );
  process.exit(1);
}
fs.rmSync(folder, { recursive: true, force: true });
const made = await makeReleaseFixture(folder, { progress: (line) => console.error(line) });
console.log(made.output);
console.log(`Expected contents: ${path.relative(process.cwd(), path.join(folder, "expected.json"))}`);
