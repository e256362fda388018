import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A small file system of its own (tmpfs) for tests of a full or read-only disk: mounted on a fresh
 * folder, filled, emptied, remounted read-only and back. Needs root (CI runs as root); elsewhere
 * `tinyDiskUnavailable()` gives the reason the tests are left out.
 */
export interface TinyDisk {
  /** The mounted folder. */
  dir: string;
  /** Fills the disk until at most `leaveBytes` are free (0: until a write is refused). */
  fill(leaveBytes?: number): void;
  /** Removes what `fill` wrote. */
  empty(): void;
  /** Bytes free now. */
  freeBytes(): number;
  readOnly(): void;
  writable(): void;
  /** Unmounts and removes the folder (also when the test failed). */
  remove(): void;
}

let checked: string | null | undefined;

/** Why tiny disks cannot be mounted here, or null when they can. */
export function tinyDiskUnavailable(): string | null {
  if (checked !== undefined) return checked;
  if (process.platform !== "linux" || process.getuid?.() !== 0) return (checked = "mounting a small test disk (tmpfs) needs root on Linux");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-disk-check-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir], { encoding: "utf8" });
  if (mounted.status === 0) spawnSync("umount", [dir]);
  fs.rmSync(dir, { recursive: true, force: true });
  checked = mounted.status === 0 ? null : `mount -t tmpfs failed: ${(mounted.stderr || mounted.error?.message || "").trim()}`;
  return checked;
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr || result.error?.message}`);
}

export function mountTinyDisk(megabytes: number): TinyDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-tiny-disk-"));
  run("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m,mode=0755`, "tmpfs", dir]);
  const filler = path.join(dir, "filler");
  let mounted = true;
  const disk: TinyDisk = {
    dir,
    freeBytes: () => {
      const stats = fs.statfsSync(dir);
      return stats.bavail * stats.bsize;
    },
    fill: (leaveBytes = 0) => {
      const fd = fs.openSync(filler, "a");
      try {
        const chunk = Buffer.alloc(1024 * 1024);
        for (;;) {
          const room = disk.freeBytes() - leaveBytes;
          if (room <= 0) break;
          fs.writeSync(fd, chunk, 0, Math.min(chunk.length, room));
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        fs.closeSync(fd);
      }
    },
    empty: () => fs.rmSync(filler, { force: true }),
    readOnly: () => run("mount", ["-o", "remount,ro", dir]),
    writable: () => run("mount", ["-o", "remount,rw", dir]),
    remove: () => {
      if (mounted) {
        // A server still holding a file open there keeps the disk busy: unmount it lazily.
        const result = spawnSync("umount", [dir]);
        if (result.status !== 0) spawnSync("umount", ["-l", dir]);
        mounted = false;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return disk;
}
