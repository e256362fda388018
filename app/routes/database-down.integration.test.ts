import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { isRouteErrorResponse, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { schema } from "~/lib/db/schema.server";
import type { Db } from "~/lib/db.server";
import { isDatabaseUnreachable } from "~/lib/database-faults";
import { toHttp } from "~/lib/errors";
import { createAuth, type Auth } from "~/modules/accounts/auth.server";
import { createStorage } from "~/modules/media/storage-factory.server";
import { freePort } from "../../tests/support/free-port";
import { setUpVisitors } from "../../tests/support/staff";
import { testContext } from "../../tests/support/test-context";
import { useTestDatabase } from "../../tests/support/test-db";

/*
 * Every loader and action of every route, with a database that cannot be reached (a port nothing
 * listens on): none may leave a promise failing with nobody to handle it (that stopped a worker
 * when PostgreSQL restarted), none may hang, and each answers in a way the server turns into a
 * 503 (an error that says the database is unreachable, or an answer of its own), never a 500.
 * Once anonymous, once with a session the database cannot look up, and once as the main admin
 * (sign-in on a working database, everything else on the unreachable one) so that the back
 * office's loaders get past their guard.
 */

interface RouteFile {
  file: string;
  path: string;
}

type RouteEntry = { file: string; path?: string; index?: boolean; children?: readonly RouteEntry[] };

function routeFiles(entries: readonly RouteEntry[], parent = ""): RouteFile[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent;
    const concrete = (here || "/").replace(/:[A-Za-z]+/g, "x").replace(/\*$/, "no-such-page");
    return [{ file: entry.file, path: concrete }, ...routeFiles(entry.children ?? [], here)];
  });
}

const files = [{ file: "root.tsx", path: "/" }, ...routeFiles(routes)];

const testDb = useTestDatabase();
let unreachable: pg.Pool;
let db: Db;
let unreachableAuth: Auth;
let mainAdmin: { cookie: string; auth: Auth };
let storageDir: string;

/** Promises that failed with nobody to handle them while this file ran. */
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  unreachable = new pg.Pool({ connectionString: `postgres://shop:shop@127.0.0.1:${await freePort()}/shop`, connectionTimeoutMillis: 2000 });
  unreachable.on("error", () => {});
  db = drizzle(unreachable, { schema });
  unreachableAuth = createAuth(db, { secret: "x".repeat(32), baseURL: "http://shop.test" });
  const visitors = await setUpVisitors(testDb());
  mainAdmin = { cookie: visitors.mainAdmin, auth: visitors.auth };
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-db-down-"));
});

afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  await unreachable.end();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

/** Waits for `value` and every promise one level inside it (deferred loader data), whether each succeeds or fails. */
async function settled(value: unknown): Promise<void> {
  const inner = value && typeof value === "object" ? Object.values((value as { data?: object }).data ?? value) : [];
  await Promise.allSettled(inner.filter((v): v is Promise<unknown> => v instanceof Promise));
}

/** What a failure of a loader or action becomes, or null when it is one the server answers 503 to (or a refusal or redirect of its own). */
function problemWith(thrown: unknown): string | null {
  if (thrown instanceof Response) return thrown.status === 500 ? `a Response with status 500` : null;
  if (isRouteErrorResponse(thrown)) return thrown.status === 500 ? `an error response with status 500` : null;
  const init = (thrown as { init?: { status?: number } })?.init;
  if (init && typeof init.status === "number") return init.status === 500 ? "data with status 500" : null;
  if (isDatabaseUnreachable(thrown) || toHttp(thrown).status === 503) return null;
  return `${thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)}`;
}

async function call(role: "anonymous" | "stale session" | "main admin", kind: "loader" | "action", { file, path: at }: RouteFile) {
  const module = (await import(`../${file}`)) as Record<string, unknown>;
  const run = module[kind] as undefined | ((args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => Promise<unknown>);
  if (!run) return;
  const cookie = role === "main admin" ? mainAdmin.cookie : role === "stale session" ? "better-auth.session_token=abc.def" : "";
  const request =
    kind === "loader"
      ? new Request(`http://shop.test${at}`, { headers: cookie ? { cookie } : {} })
      : new Request(`http://shop.test${at}`, {
          method: "POST",
          headers: { ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded", origin: "http://shop.test" },
          body: new URLSearchParams({ intent: "x", email: "someone@example.pk", id: "x" }),
        });
  const context = testContext(
    { db },
    {
      auth: role === "main admin" ? mainAdmin.auth : unreachableAuth,
      storage: createStorage({ kind: "local", root: storageDir }),
      backups: { kind: "postgres", schedule: null },
      clientAddress: "127.0.0.1",
    },
  );
  const before = unhandled.length;
  let problem: string | null = null;
  try {
    const result = await run({ request, params: { id: "x", categoryId: "x", "*": "no-such-page" }, context });
    // React Router takes a loader's deferred promises a moment later: wait as long before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await settled(result);
  } catch (error) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    problem = problemWith(error);
  }
  expect(unhandled.slice(before).map(String), `${role}: the ${kind} of ${file} left a promise failing with nobody to handle it`).toEqual([]);
  expect(problem, `${role}: the ${kind} of ${file} failed in a way the server would answer with 500`).toBeNull();
}

describe.each(["anonymous", "stale session", "main admin"] as const)("with the database out of reach, %s", (role) => {
  it.each(files)("the loader of $file", (route) => call(role, "loader", route));
  it.each(files)("the action of $file", (route) => call(role, "action", route));
});
