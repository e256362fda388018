import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";

/**
 * Small modules nearly every storefront page needs, bundled as one file instead of a dozen tiny
 * ones: fewer requests and better compression for shoppers on mobile networks.
 */
const STOREFRONT_SHARED =
  /\/app\/(lib\/(brand|seo|ids)|components\/ui\/(img|icons|stars|price|route-error)|components\/storefront\/(product-card|nav-links|use-cart-count)|modules\/(catalog\/(pricing|product-rules)|cart\/(cart-line|cart-storage)|media\/media-url))\.tsx?$/;

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    // The server build's entry is the Hono app, which hands pages to React Router.
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)\//, priority: 2 },
                { name: "storefront", test: STOREFRONT_SHARED, priority: 1 },
              ],
            },
          },
        },
  },
  ssr: {
    // Native or WASM packages stay external and load from node_modules at run time.
    external: ["sharp", "@electric-sql/pglite", "pg", "pino", "nodemailer"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
