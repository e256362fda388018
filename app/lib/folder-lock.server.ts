import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";

/**
 * An exclusive lock on a data folder. The lock file is created exclusively and whole (written
 * under a name of its own, then linked to its name, atomic like PostgreSQL's O_EXCL postmaster.pid)
 * and names its owner; while the owner runs it also listens on a Unix socket beside the file. The kernel closes that socket the moment its process ends — however it ends, whatever
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

/**
 * The owner a lock file names. A lock file is written whole before it takes its name (see
 * `acquireFolderLock`), so one without a pid and a host (empty, cut off) was left by an earlier
 * version's start that failed part-way, and names no owner: it is stale.
 */
function readOwner(file: string): Owner | undefined {
  try {
    const text = fs.readFileSync(file, "utf8");
    const lines = text.split("\n");
    const pid = Number(lines[0]);
    if (!/^\d+$/.test(lines[0] ?? "") || !Number.isSafeInteger(pid) || !lines[1]) return undefined;
    const field = (name: string) => lines.find((l) => l.startsWith(`${name}=`))?.slice(name.length + 1) || undefined;
    return { pid, host: lines[1], boot: field("boot"), socket: field("socket"), token: field("token") };
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

/** Link codes of file systems without hard links (some network and FUSE folders). */
const NO_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV", "EMLINK"]);

/**
 * Creates `file` holding `text`, only if it does not exist yet (EEXIST otherwise), and whole or not
 * at all: the text is written to a file of its own, which then takes the lock's name with link(2),
 * atomic and exclusive. A full disk leaves nothing behind. Where hard links are not supported the
 * file is created with O_EXCL and written, and removed again if writing fails.
 */
function createWhole(file: string, text: string, token: string) {
  const temp = `${file}.${token}.tmp`;
  try {
    fs.writeFileSync(temp, text, { flag: "wx", mode: 0o600 });
    try {
      fs.linkSync(temp, file);
      return;
    } catch (error) {
      if (!NO_LINKS.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
  const fd = fs.openSync(file, "wx", 0o600);
  try {
    fs.writeSync(fd, text);
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  } finally {
    fs.closeSync(fd);
  }
}

/** Removes a dead owner's socket file, when it is one of this folder's lock sockets. */
function removeStaleSocket(folder: string, owner: Owner | undefined) {
  if (owner?.socket && path.dirname(owner.socket) === folder && path.basename(owner.socket).startsWith(`${LOCK_FILE}.`)) {
    fs.rmSync(owner.socket, { force: true });
  }
}

export async function acquireFolderLock(dir: string): Promise<FolderLock> {
  const folder = path.resolve(dir);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, LOCK_FILE);
  const token = randomBytes(12).toString("hex");
  // The liveness socket is opened first, under a name of this process's own (a process that then
  // loses the race for the lock removes only its own), so the lock file names it from its birth.
  const socketFile = path.join(folder, `${LOCK_FILE}.${token.slice(0, 8)}.sock`);
  const server = Buffer.byteLength(socketFile) <= MAX_SOCKET_PATH ? await listen(socketFile) : undefined;
  const closeSocket = () => {
    if (!server) return;
    server.close();
    fs.rmSync(socketFile, { force: true });
  };
  const boot = bootId();
  const lines = [
    String(process.pid),
    os.hostname(),
    new Date().toISOString(),
    boot && `boot=${boot}`,
    server && `socket=${socketFile}`,
    `token=${token}`,
  ];
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        createWhole(file, `${lines.filter(Boolean).join("\n")}\n`, token);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const owner = readOwner(file);
        if (owner && (await ownerIsRunning(owner))) throw new FolderLockedError(folder, owner.pid);
        // The owner is gone (a crash, kill -9, or a restart with the same pid), or the file names
        // none: take the lock over.
        removeStaleSocket(folder, owner);
        fs.rmSync(file, { force: true });
        continue;
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const owner = readOwner(file);
        if (owner?.token === token) fs.rmSync(file, { force: true });
        closeSocket();
        process.off("exit", release);
      };
      process.on("exit", release);
      return { file, release };
    }
  } catch (error) {
    closeSocket();
    throw error;
  }
  closeSocket();
  throw new Error(`Could not lock the data folder ${folder}`);
}
