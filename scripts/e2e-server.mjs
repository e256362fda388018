// The production server on a fresh, throw-away data folder, for the browser tests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
process.env.DATA_DIR = dir;
process.env.NODE_ENV = "production";
process.env.LOG_LEVEL ??= "warn";
process.env.ADMIN_EMAIL ??= "owner@example.pk";
process.env.ADMIN_PASSWORD ??= "Owner-Stitch-Ledger-2604";
const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
process.on("exit", cleanup);
await import("../server.mjs");
