import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";

/*
 * What a shopper's browser is sent on a storefront page's first load holds nothing of the back
 * office and nothing written for the server (issue 35). Read from the build itself: React Router's
 * manifest names each route's module and the chunks it imports, and each chunk's source map
 * (moved out of what is served to build/client-sources by scripts/precompress.mjs) names the
 * modules bundled into it.
 */

const BUILD = path.resolve(import.meta.dirname, "../../build");

interface ManifestEntry {
  module: string;
  imports?: string[];
}
interface RouteEntry extends ManifestEntry {
  id: string;
  parentId?: string;
}

function readManifest(): { entry: ManifestEntry; routes: Record<string, RouteEntry> } {
  const assets = path.join(BUILD, "client/assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  expect(file, "build/client/assets holds React Router's manifest: run `npm run build`").toBeTruthy();
  const text = fs.readFileSync(path.join(assets, file!), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as { entry: ManifestEntry; routes: Record<string, RouteEntry> };
}

/** The modules bundled into a chunk (`/assets/x.js`), as paths from the project's root. */
function modulesOf(chunk: string): string[] {
  // The bundler's own runtime (module helpers) comes from no module and has no map.
  if (/^\/assets\/rolldown-runtime-[\w-]+\.js$/.test(chunk)) return [];
  const map = path.join(BUILD, "client-sources", `${chunk}.map`);
  expect(fs.existsSync(map), `${map} exists (the client build writes source maps)`).toBe(true);
  const { sources } = JSON.parse(fs.readFileSync(map, "utf8")) as { sources: string[] };
  const dir = path.dirname(path.join(BUILD, "client", chunk));
  return sources.map((source) => path.relative(path.resolve(BUILD, ".."), path.resolve(dir, source)).replaceAll(path.sep, "/"));
}

/** Every script a route's page loads first: the entry, and the modules of the route and its parents with their imports. */
function firstLoad(manifest: ReturnType<typeof readManifest>, routeId: string): string[] {
  const chunks = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let route: RouteEntry | undefined = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    chunks.add(route.module);
    for (const chunk of route.imports ?? []) chunks.add(chunk);
  }
  return [...chunks];
}

/** The routes whose pages a shopper sees: those under the storefront's layout. */
function storefrontRoutes(manifest: ReturnType<typeof readManifest>): RouteEntry[] {
  return Object.values(manifest.routes).filter((route) => {
    for (let r: RouteEntry | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      if (r.id === "routes/storefront-layout") return true;
    }
    return false;
  });
}

/** Back-office code, and code that only the server may run (its modules, its packages). */
const NOT_FOR_SHOPPERS = [
  /^app\/routes\/admin\//,
  /^app\/components\/admin\//,
  /\.server\.tsx?$/,
  /^server\//,
  /node_modules\/(pg|pg-[\w-]+|drizzle-orm|better-auth|@better-auth|hono|@hono|sharp|pino|nodemailer|@electric-sql|@aws-sdk|tar-stream)\//,
];

test("the storefront's pages load nothing of the back office or of the server", () => {
  const manifest = readManifest();
  const storefront = storefrontRoutes(manifest);
  // Every page a shopper sees: home, shop, category, product, cart, checkout, track and the rest.
  expect(storefront.map((route) => route.id)).toEqual(
    expect.arrayContaining(["routes/home", "shop", "shop-category", "routes/product", "routes/cart", "routes/checkout", "routes/track"]),
  );

  for (const route of storefront) {
    const modules = firstLoad(manifest, route.id).flatMap(modulesOf);
    // The route's own file is among them: the maps say what the chunks hold.
    expect(modules.some((m) => m.startsWith("app/routes/"))).toBe(true);
    const misplaced = modules.filter((m) => NOT_FOR_SHOPPERS.some((pattern) => pattern.test(m)));
    expect(misplaced, `${route.id} loads ${misplaced.join(", ")}`).toEqual([]);
  }
});

test("no storefront page loads more than 100 KB of JavaScript (gzip) on its first load", () => {
  // Issue 35, goal 4: gzip -9 of each file, as scripts/precompress.mjs writes the .gz copies.
  const manifest = readManifest();
  const storefront = storefrontRoutes(manifest);
  expect(storefront.length).toBeGreaterThanOrEqual(15);
  const weights = storefront.map((route) => {
    const bytes = firstLoad(manifest, route.id).reduce(
      (sum, chunk) => sum + zlib.gzipSync(fs.readFileSync(path.join(BUILD, "client", chunk)), { level: 9 }).length,
      0,
    );
    return { route: route.id, kb: Math.round((bytes / 1024) * 10) / 10 };
  });
  const over = weights.filter((weight) => weight.kb > 100);
  expect(over, `pages over 100 KB: ${JSON.stringify(over)}`).toEqual([]);
  // The sum counts what a page runs: the framework and the route's own module at least.
  for (const weight of weights) expect(weight.kb, weight.route).toBeGreaterThan(40);
});

test("the storefront's pages check their forms with zod/mini, not zod classic", () => {
  // Zod classic (its chainable methods) weighs ~24 KB gzip; the same rules written with zod/mini
  // weigh a few KB, on every form page (docs/architecture.md#schemas-in-the-browser).
  const manifest = readManifest();
  const storefront = storefrontRoutes(manifest);
  const checked = [
    "routes/checkout",
    "routes/track",
    "routes/contact",
    "routes/login",
    "routes/signup",
    "routes/account",
    "routes/account-addresses",
  ];
  expect(storefront.map((route) => route.id)).toEqual(expect.arrayContaining(checked));
  for (const route of storefront) {
    const modules = firstLoad(manifest, route.id).flatMap(modulesOf);
    const classic = modules.filter((m) => m.startsWith("node_modules/zod/v4/classic/"));
    expect(classic, `${route.id} loads zod classic: ${classic.join(", ")}`).toEqual([]);
    // The form pages do check their forms in the browser: with zod/mini.
    if (checked.includes(route.id))
      expect(modules, `${route.id} checks its form with zod/mini`).toEqual(expect.arrayContaining(["node_modules/zod/v4/mini/schemas.js"]));
  }
});

test("the back office's own code is in chunks of its own", () => {
  const manifest = readManifest();
  const admin = firstLoad(manifest, "routes/admin/orders").flatMap(modulesOf);
  // The check above would see back-office modules if they were bundled with the storefront's.
  expect(admin).toEqual(expect.arrayContaining(["app/routes/admin/orders.tsx"]));
});
