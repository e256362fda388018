import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { count } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db.server";
import { acquireFolderLock, FolderLockedError, type FolderLock } from "./folder-lock.server";
import { subscribers } from "./db/tables/messages.server";
import { mountTinyDisk, tinyDiskUnavailable, type TinyDisk } from "../../tests/support/tiny-disk";

const root = path.resolve(import.meta.dirname, "../..");
const tempDirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-lock-"));
  tempDirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has certainly ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  const pid = child.pid!;
  await new Promise((resolve) => child.once("exit", resolve));
  return pid;
}

describe("acquireFolderLock", () => {
  const held: FolderLock[] = [];
  afterEach(() => {
    for (const lock of held.splice(0)) lock.release();
  });

  it("creates the lock file with this process's pid and removes it on release", async () => {
    const dir = tempDir();
    const lock = await acquireFolderLock(dir);
    expect(lock.file).toBe(path.join(dir, "shop.lock"));
    expect(fs.readFileSync(lock.file, "utf8").split("\n").slice(0, 2)).toEqual([String(process.pid), os.hostname()]);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    // Neither its liveness socket nor anything else of the lock stays behind.
    expect(fs.readdirSync(dir).filter((name) => name.startsWith("shop.lock"))).toEqual([]);
    // Released: the folder can be locked again.
    held.push(await acquireFolderLock(dir));
  });

  it("creates a missing data folder", async () => {
    const dir = path.join(tempDir(), "nested", "data");
    held.push(await acquireFolderLock(dir));
    expect(fs.existsSync(path.join(dir, "shop.lock"))).toBe(true);
  });

  it("refuses a second lock on a folder that is held, naming the folder, the owner and what to do", async () => {
    const dir = tempDir();
    held.push(await acquireFolderLock(dir));
    let error: unknown;
    try {
      await acquireFolderLock(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FolderLockedError);
    expect((error as FolderLockedError).ownerPid).toBe(process.pid);
    expect((error as Error).message).toBe(
      `The data folder ${dir} is in use by another running shop process (pid ${process.pid}). ` +
        "Stop that process first, or start this one with a different DATA_DIR.",
    );
    // The holder's lock is still in place.
    expect(fs.readFileSync(path.join(dir, "shop.lock"), "utf8").startsWith(`${process.pid}\n`)).toBe(true);
  });

  it("takes over a lock left by a process that died", async () => {
    const dir = tempDir();
    const pid = await deadPid();
    fs.writeFileSync(path.join(dir, "shop.lock"), `${pid}\n${os.hostname()}\n2024-01-01T00:00:00.000Z\n`);
    const lock = await acquireFolderLock(dir);
    held.push(lock);
    expect(fs.readFileSync(lock.file, "utf8").startsWith(`${process.pid}\n`)).toBe(true);
  });

  it("takes over a lock naming this very pid left by an earlier process (a restart with the same pid)", async () => {
    const dir = tempDir();
    const boot = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    // What a container's PID 1 finds after a kill -9 and a restart: its own pid, a socket nobody
    // listens on any more.
    fs.writeFileSync(
      path.join(dir, "shop.lock"),
      `${process.pid}\n${os.hostname()}\n2024-01-01T00:00:00.000Z\nboot=${boot}\nsocket=${path.join(dir, "shop.lock.sock")}\ntoken=old\n`,
    );
    fs.writeFileSync(path.join(dir, "shop.lock.sock"), "");
    const lock = await acquireFolderLock(dir);
    held.push(lock);
    expect(fs.readFileSync(lock.file, "utf8")).not.toContain("token=old");
  });

  it("takes over a lock written before the machine restarted, and never one written on another machine", async () => {
    const rebooted = tempDir();
    fs.writeFileSync(path.join(rebooted, "shop.lock"), `1\n${os.hostname()}\nboot=an-earlier-boot\nsocket=/nowhere\n`);
    held.push(await acquireFolderLock(rebooted));
    const shared = tempDir();
    fs.writeFileSync(path.join(shared, "shop.lock"), `1\nanother-host.example\nboot=another-machine\nsocket=/nowhere\n`);
    await expect(acquireFolderLock(shared)).rejects.toThrow(FolderLockedError);
  });

  it("takes over at once a lock file left empty or cut off by a start that failed (a full disk)", async () => {
    for (const text of ["", "12", "\n\n", "not a pid\nhost\n"]) {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, "shop.lock"), text);
      const lock = await acquireFolderLock(dir);
      expect(fs.readFileSync(lock.file, "utf8").startsWith(`${process.pid}\n`)).toBe(true);
      lock.release();
    }
  });

  describe("on a disk of its own", () => {
    const unavailable = tinyDiskUnavailable();
    const disks: TinyDisk[] = [];
    afterAll(() => {
      for (const disk of disks) disk.remove();
    });

    it.skipIf(unavailable)(
      `leaves no lock behind when the disk is full, and the next start takes the folder${unavailable ? ` (left out: ${unavailable})` : ""}`,
      async () => {
        const disk = mountTinyDisk(2);
        disks.push(disk);
        const dir = path.join(disk.dir, "data");
        fs.mkdirSync(dir);
        disk.fill();
        const error = await acquireFolderLock(dir).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect((error as NodeJS.ErrnoException)?.code).toBe("ENOSPC");
        expect(fs.readdirSync(dir)).toEqual([]);
        // Space again: a start straight after takes the folder.
        disk.empty();
        const lock = await acquireFolderLock(dir);
        expect(fs.readFileSync(lock.file, "utf8").startsWith(`${process.pid}\n`)).toBe(true);
        lock.release();
      },
    );

    it.skipIf(unavailable)(`leaves nothing behind on a read-only disk${unavailable ? ` (left out: ${unavailable})` : ""}`, async () => {
      const disk = mountTinyDisk(2);
      disks.push(disk);
      const dir = path.join(disk.dir, "data");
      fs.mkdirSync(dir);
      disk.readOnly();
      await expect(acquireFolderLock(dir)).rejects.toMatchObject({ code: "EROFS" });
      disk.writable();
      expect(fs.readdirSync(dir)).toEqual([]);
    });
  });

  it("does not take over a lock of a live process on this host", async () => {
    const dir = tempDir();
    // pid 1 always exists.
    fs.writeFileSync(path.join(dir, "shop.lock"), `1\n${os.hostname()}\n`);
    await expect(acquireFolderLock(dir)).rejects.toThrow(FolderLockedError);
    expect(fs.readFileSync(path.join(dir, "shop.lock"), "utf8")).toBe(`1\n${os.hostname()}\n`);
  });

  it("never takes over a lock held from another host (a shared folder)", async () => {
    const dir = tempDir();
    const pid = await deadPid();
    fs.writeFileSync(path.join(dir, "shop.lock"), `${pid}\nanother-host.example\n`);
    await expect(acquireFolderLock(dir)).rejects.toThrow(FolderLockedError);
  });

  it("release leaves alone a lock file that another process took over", async () => {
    const dir = tempDir();
    const lock = await acquireFolderLock(dir);
    fs.writeFileSync(lock.file, `1\n${os.hostname()}\n`);
    lock.release();
    expect(fs.readFileSync(lock.file, "utf8")).toBe(`1\n${os.hostname()}\n`);
    // Even when the new owner has the same pid as this process (a restart in a container).
    const again = await acquireFolderLock(tempDir());
    fs.writeFileSync(again.file, `${process.pid}\n${os.hostname()}\ntoken=another\n`);
    again.release();
    expect(fs.existsSync(again.file)).toBe(true);
  });
});

describe("two shop processes on one data folder", () => {
  let dataDir: string;
  let child: ChildProcessWithoutNullStreams | undefined;
  let replies: AsyncIterator<string>;

  async function reply(): Promise<string> {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("the other shop process did not answer within 30 s")), 30_000).unref(),
    );
    const next = await Promise.race([replies.next(), timeout]);
    if (next.done) throw new Error("the other shop process ended");
    return next.value;
  }
  async function ask(command: string): Promise<string> {
    child!.stdin.write(`${command}\n`);
    return reply();
  }

  beforeAll(async () => {
    dataDir = tempDir();
    child = spawn(process.execPath, ["--import", "tsx", path.join(root, "tests/support/open-embedded.ts"), dataDir], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "test" },
    });
    children.push(child);
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    replies = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const first = await reply().catch((error) => {
      throw new Error(`${(error as Error).message}\n${stderr}`);
    });
    expect(first).toBe("opened");
    expect(await ask("add first@example.pk")).toBe("added");
  });

  it("the second process refuses to open the folder and leaves the first one working", async () => {
    const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FolderLockedError);
    expect((error as FolderLockedError).ownerPid).toBe(child!.pid);
    expect((error as Error).message).toContain(`in use by another running shop process (pid ${child!.pid})`);

    // The first process still reads and writes its data.
    expect(await ask("count")).toBe("count 1");
    expect(await ask("add second@example.pk")).toBe("added");
    expect(await ask("count")).toBe("count 2");
    expect(fs.readFileSync(path.join(dataDir, "shop.lock"), "utf8").startsWith(`${child!.pid}\n`)).toBe(true);
  });

  it("once the first process has closed, the folder opens with all its data", async () => {
    expect(await ask("close")).toBe("closed");
    await new Promise((resolve) => (child!.exitCode !== null ? resolve(null) : child!.once("exit", resolve)));
    expect(child!.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "shop.lock"))).toBe(false);

    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db.select({ n: count() }).from(subscribers);
      expect(Number(row.n)).toBe(2);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, "shop.lock"))).toBe(false);
  });

  it("a folder left locked by a killed process opens again with its data", async () => {
    const dir = tempDir();
    const victim = spawn(process.execPath, ["--import", "tsx", path.join(root, "tests/support/open-embedded.ts"), dir], { cwd: root });
    children.push(victim);
    const lines = readline.createInterface({ input: victim.stdout })[Symbol.asyncIterator]();
    const next = async () => {
      const line = await lines.next();
      return line.done ? undefined : line.value;
    };
    expect(await next()).toBe("opened");
    victim.stdin.write("add kept@example.pk\n");
    expect(await next()).toBe("added");
    const exited = new Promise((resolve) => victim.once("exit", resolve));
    victim.kill("SIGKILL");
    await exited;
    expect(fs.existsSync(path.join(dir, "shop.lock"))).toBe(true);

    const database = await openDatabase({ dataDir: dir });
    try {
      const [row] = await database.db.select({ n: count() }).from(subscribers);
      expect(Number(row.n)).toBe(1);
    } finally {
      await database.close();
    }
  });
});

/** Whether this machine lets us start a process in a PID namespace of its own (root on Linux). */
function canUnshare(): boolean {
  const probe = spawnSync("unshare", ["-pf", "--mount-proc", "true"], { stdio: "ignore" });
  return probe.status === 0;
}

describe.skipIf(!canUnshare())("a shop restarted as PID 1 after kill -9 (as in a container)", () => {
  function startAsPid1(dir: string) {
    const child = spawn(
      "unshare",
      ["-pf", "--mount-proc", process.execPath, "--import", "tsx", path.join(root, "tests/support/open-embedded.ts"), dir],
      { cwd: root },
    );
    children.push(child);
    const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const next = async () => {
      const line = await lines.next();
      if (line.done) throw new Error(`the shop process ended: ${stderr}`);
      return line.value;
    };
    return { child, next };
  }

  /** The host pid of the namespace's PID 1: the only child of `unshare -f`. */
  function namespaceInit(unsharePid: number): number {
    return Number(fs.readFileSync(`/proc/${unsharePid}/task/${unsharePid}/children`, "utf8").trim().split(/\s+/)[0]);
  }

  it("takes its own stale lock over and opens with its data, and a live PID 1 still holds the folder", async () => {
    const dir = tempDir();
    const first = startAsPid1(dir);
    expect(await first.next()).toBe("opened");
    first.child.stdin.write("add kept@example.pk\n");
    expect(await first.next()).toBe("added");
    expect(fs.readFileSync(path.join(dir, "shop.lock"), "utf8").split("\n")[0]).toBe("1");

    // While it runs, another PID 1 in another namespace is refused.
    const rival = startAsPid1(dir);
    const rivalExit = new Promise<number | null>((resolve) => rival.child.once("exit", (code) => resolve(code)));
    expect(await rivalExit).not.toBe(0);

    const exited = new Promise((resolve) => first.child.once("exit", resolve));
    process.kill(namespaceInit(first.child.pid!), "SIGKILL");
    await exited;
    expect(fs.readFileSync(path.join(dir, "shop.lock"), "utf8").split("\n")[0]).toBe("1");

    const second = startAsPid1(dir);
    expect(await second.next()).toBe("opened");
    second.child.stdin.write("count\n");
    expect(await second.next()).toBe("count 1");
    second.child.stdin.write("close\n");
    await new Promise((resolve) => second.child.once("exit", resolve));
  });
});
