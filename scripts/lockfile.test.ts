import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * `npm ci` installs exactly what package-lock.json records, and refuses a lockfile that lacks a
 * package the install needs. Packages with a native build for each platform (Rollup, esbuild,
 * Tailwind's oxide, lightningcss, sharp …) name every platform's build as an optional dependency;
 * a lockfile written on one machine may record only that machine's, and then `npm ci` fails on
 * every other (macOS, Windows, arm64). So every optional dependency that any recorded package
 * names must be recorded too, whatever its platform.
 */
interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lockfile = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "..", "package-lock.json"), "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

/** Where npm would find `name` from the package at `from` (its own node_modules, then each one above). */
function resolve(from: string, name: string): string | undefined {
  for (let at = from; ;) {
    const candidate = `${at ? `${at}/` : ""}node_modules/${name}`;
    if (candidate in lockfile.packages) return candidate;
    if (!at) return undefined;
    const up = at.lastIndexOf("/node_modules/");
    at = up === -1 ? "" : at.slice(0, up);
  }
}

describe("package-lock.json", () => {
  it("records every platform's build of each package that has one, so npm ci works on Linux, macOS and Windows, x64 and arm64", () => {
    expect(lockfile.lockfileVersion).toBeGreaterThanOrEqual(2);
    const missing: string[] = [];
    for (const [at, entry] of Object.entries(lockfile.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolve(at, name)) missing.push(`${name} (optional dependency of ${at || "the shop"})`);
      }
    }
    expect(missing, "run `npm install` with npm 11 or later and commit package-lock.json").toEqual([]);
  });
});
