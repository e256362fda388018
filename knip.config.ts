// knip: files, exports and dependencies nothing uses (docs/testing.md). Its plugins read the entries of
// React Router (app/routes.ts, app/root.tsx, app/entry.server.tsx), Vite, Vitest, Playwright, ESLint and
// package.json's scripts; the entries below are the ones no plugin can see.
import type { KnipConfig } from "knip";

export default {
  entry: [
    // The server `npm start` and `npm run dev` run (scripts/start.mjs, scripts/dev.mjs load it by path).
    "server/start.ts",
    "scripts/*.{ts,mjs}",
    // Started as a child process by path (app/lib/folder-lock.integration.test.ts).
    "tests/support/open-embedded.ts",
    // Run with `playwright test -c <file>` from scripts/test.mjs.
    "playwright.{deploy,fuzz}.config.ts",
  ],
  project: ["**/*.{ts,tsx,js,mjs}", "app/**/*.css"],
  compilers: {
    // The stylesheet's `@import "tailwindcss"` and the typeface's `url("@fontsource/…")` are imports.
    css: (text: string) =>
      [...text.matchAll(/@import\s+"([^"]+)"|url\("(@[^"]+)"\)/g)].map((match) => `import "${match[1] ?? match[2]}";`).join("\n"),
  },
  ignoreDependencies: [
    // Resolved by path with createRequire and run in a child process (tests/support/test-s3.ts).
    "s3rver",
    // lighthouse's own dependencies, which scripts/audit.mjs drives directly (they come with lighthouse).
    "chrome-launcher",
    "puppeteer-core",
    // What the browser's build renders with instead of React: vite.config.ts resolves `react` to it by name.
    "preact",
  ],
  // Programs of the system the tests start when present (util-linux, nginx, OpenSSL, PostgreSQL's server).
  ignoreBinaries: ["unshare", "mount", "umount", "nginx", "openssl", "pg_config"],
} satisfies KnipConfig;
