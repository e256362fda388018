import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * An exclusive lock on a data folder, in the way PostgreSQL's own postmaster.pid works: a lock file
 * created with O_EXCL holding the owner's pid. A lock whose owner is gone is taken over; a live one
 * makes the second process refuse to start. See docs/decisions/0004-embedded-database-lock.md.
 */
export class FolderLockedError extends Error {
  constructor(
    public readonly folder: string,
    public readonly ownerPid: number,
  ) {
    super(
      `The data folder ${folder} is in use by another running shop process (pid ${ownerPid}). ` +
        `Stop that process first, or start this one with a different DATA_DIR.`,
    );
    this.name = "FolderLockedError";
  }
}

export interface FolderLock {
  readonly file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): { pid: number; host: string } | undefined {
  try {
    const [pid, host] = fs.readFileSync(file, "utf8").split("\n");
    return { pid: Number(pid), host: host ?? "" };
  } catch {
    return undefined;
  }
}

export function acquireFolderLock(folder: string): FolderLock {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, "shop.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, "wx", 0o600);
      fs.writeSync(fd, `${process.pid}\n${os.hostname()}\n${new Date().toISOString()}\n`);
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const owner = readOwner(file);
        if (owner?.pid === process.pid) fs.rmSync(file, { force: true });
        process.off("exit", release);
      };
      process.on("exit", release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      if (owner && owner.host === os.hostname() && isAlive(owner.pid)) {
        throw new FolderLockedError(folder, owner.pid);
      }
      if (owner && owner.host !== os.hostname()) {
        throw new FolderLockedError(folder, owner.pid);
      }
      // The owner is gone (a crash or kill -9): the lock is stale, take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${folder}`);
}
