import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The shop's tree: the folder with its package.json. */
export const TREE = path.resolve(import.meta.dirname, "../..");

/**
 * Whether a name at the top of the tree is left out of a copy: git's own folder, and what
 * .gitignore leaves out (its lines are names, folders ending in "/", or "*.ext").
 */
function leftOut(): (name: string) => boolean {
  const lines = fs
    .readFileSync(path.join(TREE, ".gitignore"), "utf8")
    .split("\n")
    .map((line) => line.trim().replace(/\/$/, ""))
    .filter((line) => line && !line.startsWith("#"));
  return (name) => name === ".git" || lines.some((line) => (line.startsWith("*") ? name.endsWith(line.slice(1)) : name === line));
}

/**
 * A copy of the tree in a new temporary folder named after `prefix`, as a clone would hold it,
 * with the installed packages linked rather than copied: the whole node_modules folder, or with
 * `ownViteCache` a folder of links to each package, so that Vite keeps its cache (node_modules/.vite)
 * apart from the tree's. The caller removes the folder.
 */
export function copyOfTheTree(prefix: string, { ownViteCache = false } = {}): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const skip = leftOut();
  for (const entry of fs.readdirSync(TREE)) if (!skip(entry)) fs.cpSync(path.join(TREE, entry), path.join(copy, entry), { recursive: true });
  const packages = path.join(TREE, "node_modules");
  if (!ownViteCache) {
    fs.symlinkSync(packages, path.join(copy, "node_modules"));
    return copy;
  }
  fs.mkdirSync(path.join(copy, "node_modules"));
  for (const entry of fs.readdirSync(packages)) {
    if (entry !== ".vite") fs.symlinkSync(path.join(packages, entry), path.join(copy, "node_modules", entry));
  }
  return copy;
}
