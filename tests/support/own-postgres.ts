import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

/**
 * A PostgreSQL server of the test's own, in a throw-away folder on a free port, that the test may
 * stop and start (the server everything else uses is never touched). Needs PostgreSQL's programs
 * (initdb, pg_ctl: Debian's postgresql-15); as root they run as the `postgres` user, as
 * PostgreSQL requires.
 */
export interface OwnPostgres {
  /** A URL of its `postgres` database (trust authentication, on 127.0.0.1 only). */
  url: string;
  /** Stops the server the way `pg_ctlcluster … stop -m fast` does: every session is cut. */
  stop(): void;
  start(): void;
  /** Stops it if running and removes its folder. */
  destroy(): void;
}

/** Where PostgreSQL's programs are, or null when it is not installed. */
export function postgresPrograms(): string | null {
  const fromPgConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  const candidates = [fromPgConfig.status === 0 ? fromPgConfig.stdout.trim() : "", "/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin"];
  return candidates.find((dir) => dir && fs.existsSync(path.join(dir, "pg_ctl")) && fs.existsSync(path.join(dir, "initdb"))) ?? null;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresPrograms();
  if (!bin) throw new Error("PostgreSQL's programs (initdb, pg_ctl) are not installed");
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-own-postgres-"));
  const data = path.join(dir, "data");
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const [command, commandArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]] : [path.join(bin, program), args];
    const result = spawnSync(command, commandArgs, { encoding: "utf8", cwd: dir });
    if (result.status !== 0) throw new Error(`${program} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  };
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const own: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
      running = true;
    },
    stop() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      running = false;
    },
    destroy() {
      if (running) {
        try {
          own.stop();
        } catch {
          run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  own.start();
  return own;
}
