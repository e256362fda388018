import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError } from "./config-error";
import { folderProblemsAtStart, FolderWatch, inspectFolder } from "./data-folder.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { createTransport, MAIL_FROM } from "~/modules/mail/mail.server";
import { mountTinyDisk, tinyDiskUnavailable, type TinyDisk } from "../../tests/support/tiny-disk";

const MB = 1024 * 1024;
const unavailable = tinyDiskUnavailable();
const leftOut = unavailable ? ` (left out: ${unavailable})` : "";
const disks: TinyDisk[] = [];
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "shop-folders-"));
afterAll(() => {
  for (const disk of disks) disk.remove();
  fs.rmSync(temp, { recursive: true, force: true });
});

function disk(megabytes: number) {
  const made = mountTinyDisk(megabytes);
  disks.push(made);
  return made;
}

describe("the shop's folders", () => {
  it("a folder with room takes writes, and one that is missing is made", async () => {
    const folder = path.join(temp, "new", "data");
    expect(await inspectFolder({ folder, label: "data folder" }, MB)).toBeUndefined();
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it("a data folder that is a file cannot be written, and says so at start", async () => {
    const folder = path.join(temp, "a-file");
    fs.writeFileSync(folder, "");
    const problems = await folderProblemsAtStart([{ folder, label: "data folder" }], folder, MB);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^DATA_DIR: The shop's data folder ${folder} cannot be written`));
  });

  it.skipIf(unavailable)(`a full folder is a listed problem at start naming the folder, what is free and what is needed${leftOut}`, async () => {
    const tiny = disk(4);
    const folder = path.join(tiny.dir, "data");
    fs.mkdirSync(folder);
    tiny.fill(MB / 2);
    const problems = await folderProblemsAtStart(
      [
        { folder, label: "data folder" },
        { folder: path.join(folder, "uploads"), label: "media folder" },
      ],
      folder,
      MB,
    );
    expect(new ConfigError(problems).message).toBe(
      [
        "The shop cannot start; fix its configuration:",
        `  - DATA_DIR: The shop's data folder ${folder} is full (0 MB free; the shop needs at least 1 MB free there). Free some space or fix the folder, then start the shop again.`,
        `  - DATA_DIR: The shop's media folder ${folder}/uploads is full (0 MB free; the shop needs at least 1 MB free there). Free some space or fix the folder, then start the shop again.`,
      ].join("\n"),
    );
  });

  it.skipIf(unavailable)(`a read-only folder is a listed problem at start${leftOut}`, async () => {
    const tiny = disk(4);
    const folder = path.join(tiny.dir, "data");
    fs.mkdirSync(folder);
    tiny.readOnly();
    expect(await folderProblemsAtStart([{ folder, label: "data folder" }], folder, MB)).toEqual([
      `DATA_DIR: The shop's data folder ${folder} is read-only (its file system is mounted read-only). Free some space or fix the folder, then start the shop again.`,
    ]);
    // Below a read-only folder nothing can be made either.
    expect(await inspectFolder({ folder: path.join(folder, "outbox"), label: "mail outbox folder" }, MB)).toMatchObject({ fault: "read-only" });
    tiny.writable();
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it.skipIf(unavailable)(`a running shop's watch sees a folder fill up, turn read-only, and take writes again, by itself${leftOut}`, async () => {
    const tiny = disk(4);
    const folder = path.join(tiny.dir, "data");
    const changes: (string | undefined)[] = [];
    const watch = new FolderWatch([{ folder, label: "data folder" }], { reserve: MB, everyMs: 0, onChange: (fault) => changes.push(fault?.fault) });
    expect(await watch.check()).toBeUndefined();
    tiny.fill(MB / 2);
    expect(await watch.check()).toMatchObject({ folder, fault: "full" });
    expect(watch.fault()).toMatchObject({ fault: "full" });
    tiny.empty();
    expect(await watch.check()).toBeUndefined();
    tiny.readOnly();
    expect(await watch.check()).toMatchObject({ fault: "read-only" });
    tiny.writable();
    expect(await watch.check()).toBeUndefined();
    expect(changes).toEqual(["full", undefined, "read-only", undefined]);
    // The checks leave nothing behind.
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it.skipIf(unavailable)(`a file or a mail the disk cannot hold leaves no part of it behind${leftOut}`, async () => {
    const tiny = disk(4);
    const storage = new LocalDiskStorage(path.join(tiny.dir, "uploads"));
    const outbox = path.join(tiny.dir, "outbox");
    const transport = createTransport({ outboxDir: outbox });
    await storage.put("products/fits.webp", Buffer.alloc(1000));
    tiny.fill(64 * 1024);
    await expect(storage.put("products/too-big.webp", Buffer.alloc(MB))).rejects.toMatchObject({ code: "ENOSPC" });
    expect(fs.readdirSync(path.join(tiny.dir, "uploads", "products"))).toEqual(["fits.webp"]);
    const mail = { id: "m1", from: MAIL_FROM, to: { name: "Ayesha", address: "ayesha@example.pk" }, subject: "Your order", text: "x".repeat(MB) };
    await expect(transport.send(mail)).rejects.toMatchObject({ code: "ENOSPC" });
    expect(fs.readdirSync(outbox)).toEqual([]);
  });
});
