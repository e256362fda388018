// The production server on a fresh, throw-away data folder, for the browser tests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
process.env.DATA_DIR = dir;
// Backups (scheduled ones included) go with the throw-away folder, never into the checkout.
process.env.BACKUP_DIR = path.join(dir, "backups");
process.env.NODE_ENV = "production";
process.env.LOG_LEVEL ??= "warn";
process.env.ADMIN_EMAIL ??= "owner@example.pk";
process.env.ADMIN_PASSWORD ??= "Owner-Stitch-Ledger-2604";
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
