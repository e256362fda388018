// The production server on a fresh, throw-away data folder, for the browser tests.
// With E2E_PREPARE_INTO=<folder> it only prepares that folder as a first start does (the database,
// the demo catalogue, the main admin) and exits: the browser tests' global setup does that once and
// gives each server the folder as E2E_PREPARED, to start from a copy of it (tests/support/e2e-servers.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const prepareInto = process.env.E2E_PREPARE_INTO;
// A server told which main admin to create, or to start as an import, does its own first start.
const preparedFits = !process.env.E2E_IMPORT && !process.env.ADMIN_EMAIL && !process.env.ADMIN_PASSWORD;
const dir = prepareInto ?? fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
process.env.DATA_DIR = dir;
// Backups (scheduled ones included) go with the throw-away folder, never into the checkout.
process.env.BACKUP_DIR = path.join(dir, "backups");
process.env.NODE_ENV = "production";
process.env.LOG_LEVEL ??= "warn";
process.env.ADMIN_EMAIL ??= "owner@example.pk";
process.env.ADMIN_PASSWORD ??= "Owner-Stitch-Ledger-2604";
if (prepareInto) {
  const { prepareFirstStart } = await import("../build/server/index.js");
  await prepareFirstStart();
  process.exit(0);
}
if (process.env.E2E_PREPARED && preparedFits) fs.cpSync(process.env.E2E_PREPARED, dir, { recursive: true });
// Without SMTP_URL mail is written under DATA_DIR/outbox; tests find that folder by the port
// (tests/support/e2e.ts mailTo). Only this test server says where it is.
const pointer = path.join(os.tmpdir(), `shop-e2e-data-${process.env.PORT ?? 3000}`);
fs.writeFileSync(pointer, dir);
const cleanup = () => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(pointer, { force: true });
};
process.on("exit", cleanup);
// E2E_IMPORT: the data folder starts as a shop moved over from the original (`npm run import`).
if (process.env.E2E_IMPORT) {
  const { spawnSync } = await import("node:child_process");
  const tsx = path.join(import.meta.dirname, "..", "node_modules", ".bin", "tsx");
  const imported = spawnSync(tsx, [path.join(import.meta.dirname, "import.ts"), process.env.E2E_IMPORT], { stdio: ["ignore", "ignore", "inherit"] });
  if (imported.status !== 0) {
    console.error(`The import of ${process.env.E2E_IMPORT} failed (exit ${imported.status}).`);
    process.exit(1);
  }
}
await import("../server.mjs");
