// `npm run dev`: the shop's own server (server/app.ts: its database, accounts, storage, mail and
// live hub, by the same DATA_DIR / DATABASE_URL rules as `npm start`) with Vite in middleware mode,
// as in React Router's node-custom-server template. Routes, components and styles change in the
// browser as they are saved; loaders and actions run the code as saved. A change under server/
// restarts it (node --watch-path). See docs/decisions/0056-the-dev-server.md.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
process.env.NODE_ENV = "development";
// Vite serves the source files: only to this machine unless HOST says otherwise.
process.env.HOST ||= "localhost";

const { createServer, searchForWorkspaceRoot } = await import("vite");
const server = http.createServer();
// Vite serves files from the project's folder only; packages reached through links (a node_modules,
// or its entries, shared with another checkout) from the folder they really are in as well.
const packages = path.dirname(fs.realpathSync(path.join(root, "node_modules", "react")));
const vite = await createServer({
  root,
  appType: "custom",
  server: {
    middlewareMode: true,
    // Hot updates over the shop's own port: two dev servers never meet on Vite's default one.
    hmr: { server },
    fs: { allow: [searchForWorkspaceRoot(root), packages] },
    // The pages' modules, transformed at start: the packages they import are found and bundled
    // for the browser in one go, instead of as a first page asks for them (which reloads it).
    warmup: { clientFiles: ["./app/root.tsx", "./app/routes/**/*.tsx", "!**/*.test.tsx"] },
  },
});
// React Router's dev hooks, without its critical CSS: that gathers the styles the matched routes
// import for their side effects (this shop's pages have none: root.tsx links app.css), and on the
// way resolves the packages of every server module for the browser, which has Vite bundle them
// for it and reload the open pages, or break one loading meanwhile (504 Outdated Optimize Dep).
const { unstable_setDevServerHooks } = await import("react-router");
unstable_setDevServerHooks({ processRequestError: (error) => error instanceof Error && vite.ssrFixStacktrace(error) });

const { start } = await vite.ssrLoadModule("/server/app.ts");
await start({
  server,
  middlewares: vite.middlewares,
  loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
  close: () => vite.close(),
});
const host = ["0.0.0.0", "::"].includes(process.env.HOST) ? "localhost" : process.env.HOST;
console.log(`\n  Dev server: http://${host}:${server.address().port} (saved changes show at once; Ctrl-C stops it)\n`);
