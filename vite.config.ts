import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import path from "node:path";

/**
 * Small modules nearly every storefront page needs, bundled as one file instead of a dozen tiny
 * ones: fewer requests and better compression for shoppers on mobile networks.
 */
const STOREFRONT_SHARED =
  /\/app\/(lib\/(brand|seo|ids|paging)|components\/ui\/(img|icons|stars|price|route-error)|components\/storefront\/(product-card|nav-links|use-cart-count)|modules\/(catalog\/(pricing|product-rules|size-label)|cart\/(cart-line|cart-storage)|media\/media-url))\.tsx?$/;

/**
 * Small modules the root and both layouts load on every page (storefront and back office alike),
 * bundled as one file: each file costs a request and its headers, about as much as these modules.
 */
const SHELL_SHARED =
  /\/app\/(lib\/(unanswered|needs-script|db\/value-lists)|modules\/accounts\/roles|components\/ui\/(flash-banner|navigate-button))\.tsx?$/;

/**
 * React Router's package names only its development build (warnings written on every render) for
 * every environment (remix-run/react-router#14102): a production build uses its production build,
 * for the browser and the server alike. Both of its entries point into the same folder, so the
 * bundles hold one copy of it (docs/decisions/0040).
 */
const routerBuild = (file: string) => path.resolve(import.meta.dirname, "node_modules/react-router/dist/production", file);
const PRODUCTION_ROUTER = [
  { find: /^react-router$/, replacement: routerBuild("index.mjs") },
  { find: /^react-router\/dom$/, replacement: routerBuild("dom-export.mjs") },
];

/**
 * A built page's browser renders with preact/compat; the server keeps React, and so does the dev
 * server's browser, for React's Fast Refresh (docs/decisions/0071, app/lib/browser-renderer.ts).
 */
const PREACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};
const preactInTheBrowser: Plugin = {
  name: "preact-in-the-browser",
  enforce: "pre",
  resolveId(id, importer, options) {
    const to = PREACT[id];
    if (!to || options?.ssr) return null;
    return this.resolve(to, importer, { skipSelf: true });
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: [{ find: "~", replacement: path.resolve(import.meta.dirname, "app") }, ...(command === "build" ? PRODUCTION_ROUTER : [])],
  },
  build: {
    // The browser's bundles keep source maps, without naming them in the files; the build moves them
    // out of what is served (scripts/precompress.mjs) to build/client-sources, where
    // tests/e2e/storefront-chunks.spec.ts reads which modules each chunk holds.
    sourcemap: isSsrBuild ? false : "hidden",
    // The server build's entry is the Hono app, which hands pages to React Router; the cluster's
    // primary (server/cluster.ts) is an entry of its own, so it loads nothing of the shop.
    rollupOptions: isSsrBuild
      ? { input: { index: "./server/app.ts", cluster: "./server/cluster.ts" } }
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules\/(preact|react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)\//,
                  priority: 2,
                },
                { name: "storefront", test: STOREFRONT_SHARED, priority: 1 },
                { name: "shell", test: SHELL_SHARED, priority: 1 },
              ],
            },
          },
        },
  },
  ssr: {
    // Native or WASM packages stay external and load from node_modules at run time.
    external: ["sharp", "@electric-sql/pglite", "pg", "pino", "nodemailer"],
  },
  plugins: [
    command === "build" && preactInTheBrowser,
    tailwindcss(),
    reactRouter(),
    // React Router names every server entry after its build file (index.js): the cluster's gets its own name.
    isSsrBuild && {
      name: "server-entry-names",
      outputOptions: (output) => ({ ...output, entryFileNames: (chunk: { name: string }) => (chunk.name === "cluster" ? "cluster.js" : "index.js") }),
    },
  ],
}));
