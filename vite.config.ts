import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    // The server build's entry is the Hono app, which hands pages to React Router.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  ssr: {
    // Native or WASM packages stay external and load from node_modules at run time.
    external: ["sharp", "@electric-sql/pglite", "pg", "pino", "nodemailer"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
