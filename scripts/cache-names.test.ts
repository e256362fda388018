import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 33, goal 5: one vocabulary for caching. What the shop keeps to answer faster lives in
 * app/modules/cache/ under the names docs/architecture.md explains (page cache, read cache,
 * catalogue read cache, markup cache, cache policy); the old names for the same ideas are gone.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const CACHE_FOLDER = "app/modules/cache";
const OLD_NAMES = /query-?memo|kept-?catalog|kept-?markup|queryMemo|keptCatalog|keptMarkup/i;
/** A file named for keeping answers: cache, memo, kept. */
const CACHE_NAMED = /cache|memo|kept/i;
/** The server's step that answers from the page cache is middleware; it names the cache it reads. */
const USES_THE_CACHE = new Set(["server/middleware/from-page-cache.ts"]);

function codeUnder(folder: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== "+types") out.push(...codeUnder(relative));
    else if (entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name)) out.push(relative);
  }
  return out;
}

const code = ["app", "server", "scripts", "tests"].flatMap(codeUnder);

describe("caching goes by one set of names (issue 33, goal 5)", () => {
  it("keeps every module named for caching in app/modules/cache (tests name the cache they test)", () => {
    const astray = code.filter((file) => CACHE_NAMED.test(path.basename(file)) && !file.startsWith(`${CACHE_FOLDER}/`));
    expect(astray.filter((file) => !USES_THE_CACHE.has(file) && !/\.(test|spec)\.tsx?$/.test(file))).toEqual([]);
  });

  it("uses none of the old names (query memo, kept catalogue, kept markup) in code or in docs/architecture.md", () => {
    const found = [...code.filter((file) => file !== "scripts/cache-names.test.ts"), "docs/architecture.md"].filter((file) =>
      OLD_NAMES.test(fs.readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("explains the caches in docs/architecture.md, each module by name", () => {
    const architecture = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    const modules = fs
      .readdirSync(path.join(ROOT, CACHE_FOLDER))
      .filter((name) => !/\.test\.tsx?$/.test(name))
      .map((name) => name.replace(/(\.server)?\.tsx?$/, ""));
    expect(modules.filter((name) => !architecture.includes(name))).toEqual([]);
  });
});
