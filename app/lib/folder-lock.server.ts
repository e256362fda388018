import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";

/**
 * An exclusive lock on a data folder. The lock file is created with O_EXCL (as PostgreSQL's
 * postmaster.pid) and names its owner; while the owner runs it also listens on a Unix socket beside
 * the file. The kernel closes that socket the moment its process ends — however it ends, whatever
 * pid it had, in whichever container — so "can I connect to it?" tells a live owner from a lock
 * left by a crash even when the restarted shop has the same pid (a container's PID 1 after
 * `kill -9`). See docs/decisions/0004-embedded-database-lock.md.
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

interface Owner {
  pid: number;
  host: string;
  /** The kernel's boot id: the same for every process (and container) of one running machine. */
  boot?: string;
  /** Path of the owner's liveness socket; absent when the folder's path is too long for one. */
  socket?: string;
  /** Random per lock: tells this process's own lock from any other. */
  token?: string;
}

const LOCK_FILE = "shop.lock";
const SOCKET_FILE = "shop.lock.sock";
/** Unix socket paths are limited to 108 bytes on Linux (104 elsewhere). */
const MAX_SOCKET_PATH = 100;

function bootId(): string | undefined {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A lock file still empty this long after it was created belongs to a start that crashed. */
const EMPTY_LOCK_GRACE_MS = 10_000;

function readOwner(file: string): Owner | "starting" | undefined {
  try {
    const text = fs.readFileSync(file, "utf8");
    if (text === "") return Date.now() - fs.statSync(file).mtimeMs < EMPTY_LOCK_GRACE_MS ? "starting" : undefined;
    const lines = text.split("\n");
    const field = (name: string) => lines.find((l) => l.startsWith(`${name}=`))?.slice(name.length + 1) || undefined;
    return { pid: Number(lines[0]), host: lines[1] ?? "", boot: field("boot"), socket: field("socket"), token: field("token") };
  } catch {
    return undefined;
  }
}

/** Whether something listens on the Unix socket at `file`. */
function answers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(file);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Whether the recorded owner still runs, and so still holds the folder. */
async function ownerIsRunning(owner: Owner): Promise<boolean> {
  const boot = bootId();
  if (owner.boot && boot) {
    // Written on another running machine (a shared network folder): never taken over automatically.
    if (owner.boot !== boot) return owner.host !== os.hostname();
    // Same machine, same boot: the socket answers exactly while its process lives.
    if (owner.socket) return answers(owner.socket);
  }
  // Lock files without a socket (or written where /proc is missing): by host and pid.
  if (owner.host !== os.hostname()) return true;
  return isAlive(owner.pid);
}

function listen(file: string): Promise<net.Server | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer((connection) => connection.destroy());
    server.once("error", () => resolve(undefined));
    server.listen(file, () => {
      server.unref();
      resolve(server);
    });
  });
}

export async function acquireFolderLock(dir: string): Promise<FolderLock> {
  const folder = path.resolve(dir);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, LOCK_FILE);
  const token = randomBytes(12).toString("hex");
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(file, "wx", 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      // Another process has just created the file and is still opening its socket.
      if (owner === "starting") throw new FolderLockedError(folder, 0);
      if (owner && (await ownerIsRunning(owner))) throw new FolderLockedError(folder, owner.pid);
      // The owner is gone (a crash, kill -9, or a restart with the same pid): take the lock over.
      fs.rmSync(file, { force: true });
      continue;
    }
    // The lock file is ours: open the liveness socket (a stale one is a dead owner's), then say so.
    const socketFile = path.join(folder, SOCKET_FILE);
    let server: net.Server | undefined;
    if (Buffer.byteLength(socketFile) <= MAX_SOCKET_PATH) {
      fs.rmSync(socketFile, { force: true });
      server = await listen(socketFile);
    }
    const boot = bootId();
    const lines = [
      String(process.pid),
      os.hostname(),
      new Date().toISOString(),
      boot && `boot=${boot}`,
      server && `socket=${socketFile}`,
      `token=${token}`,
    ];
    fs.writeSync(fd, `${lines.filter(Boolean).join("\n")}\n`);
    fs.closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      server?.close();
      const owner = readOwner(file);
      if (typeof owner === "object" && owner.token === token) {
        if (server) fs.rmSync(socketFile, { force: true });
        fs.rmSync(file, { force: true });
      }
      process.off("exit", release);
    };
    process.on("exit", release);
    return { file, release };
  }
  throw new Error(`Could not lock the data folder ${folder}`);
}
