import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 33, goal 1: each screen readable in one sitting. A route file holds its loader, its action
 * and the composition of its screen in at most 300 lines (its parts live in app/components/); no
 * file under app/ or server/ is over 400 lines, tests included (a long test file is split by
 * subject). Data is the exception: the demo catalogue is a list, not code to read.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const ROUTE_LIMIT = 300;
const FILE_LIMIT = 400;
/** Issue 33, goal 2: the server's entry composes named middlewares, in at most this many lines. */
const ENTRY_LIMIT = 150;
const DATA = new Set(["app/modules/catalog/demo-catalogue.server.ts"]);
/** Written by tools, not by us: React Router's route types. */
const GENERATED_FOLDERS = new Set(["+types", ".react-router", "node_modules"]);

function filesUnder(folder: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!GENERATED_FOLDERS.has(entry.name)) out.push(...filesUnder(relative));
    } else if (entry.isFile()) {
      out.push(relative);
    }
  }
  return out;
}

/** Lines as `wc -l` counts them for a file ending in a newline. */
function lineCount(file: string): number {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const over = (files: string[], limit: number) =>
  files
    .map((file) => ({ file, lines: lineCount(file) }))
    .filter(({ lines }) => lines > limit)
    .map(({ file, lines }) => `${file} (${lines} lines)`);

describe("file sizes (issue 33, goal 1)", () => {
  const files = [...filesUnder("app"), ...filesUnder("server")].sort();

  it("finds the files it checks", () => {
    expect(files).toContain("app/routes.ts");
    expect(files).toContain("server/app.ts");
    expect(files.filter((file) => file.startsWith("app/routes/")).length).toBeGreaterThan(20);
  });

  it(`keeps every route file (not its tests) to ${ROUTE_LIMIT} lines: a screen's parts go to app/components/`, () => {
    const routes = files.filter((file) => file.startsWith("app/routes/") && !isTest(file));
    expect(over(routes, ROUTE_LIMIT), `route files over ${ROUTE_LIMIT} lines`).toEqual([]);
  });

  it(`keeps every file under app/ and server/ to ${FILE_LIMIT} lines, tests too (data excepted)`, () => {
    expect(
      over(
        files.filter((file) => !DATA.has(file)),
        FILE_LIMIT,
      ),
      `files over ${FILE_LIMIT} lines`,
    ).toEqual([]);
  });

  it(`keeps the server's entry (server/app.ts) to ${ENTRY_LIMIT} lines: its steps are named middlewares in server/middleware/ (goal 2)`, () => {
    expect(over(["server/app.ts"], ENTRY_LIMIT)).toEqual([]);
    expect(files.filter((file) => file.startsWith("server/middleware/") && !isTest(file)).length).toBeGreaterThan(5);
  });

  it("excepts only data that exists", () => {
    for (const file of DATA) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });
});
