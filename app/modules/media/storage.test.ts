import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSafeKey, LocalDiskStorage } from "./storage.server";

// Made at once (not in a hook): the unsafe keys below name a file in it.
const parent = fs.mkdtempSync(path.join(os.tmpdir(), "shop-storage-"));
const secret = path.join(parent, "secret.txt");
let root: string;
let storage: LocalDiskStorage;

/** Every file under the temporary folder, storage root included, with its content. */
function everything(dir = parent): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) files[path.join(entry.parentPath, entry.name)] = fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8");
  }
  return files;
}

beforeAll(() => {
  root = path.join(parent, "uploads");
  fs.mkdirSync(root);
  // A file next to the storage root that no key may reach.
  fs.writeFileSync(secret, "do not serve");
  storage = new LocalDiskStorage(root);
});
afterAll(() => {
  fs.rmSync(parent, { recursive: true, force: true });
});

describe("LocalDiskStorage", () => {
  it("a file deleted once it is opened is still sent whole, and a stream let go unread leaves no error behind", async () => {
    // The trash's purge or a replaced picture can delete a file between a request opening it and
    // its bytes going out: the answer it started must still be whole, and a HEAD's stream, let go
    // unread, must not throw an error no one hears (which stops the server process).
    await storage.put("products/going-320.webp", Buffer.from("going bytes"));
    const read = await storage.open("products/going-320.webp");
    const ranged = await storage.openRange("products/going-320.webp", { start: 6 });
    const head = await storage.open("products/going-320.webp");
    fs.rmSync(path.join(root, "products", "going-320.webp"));
    const closed = once(head!.stream, "close");
    head!.stream.destroy();
    expect(await text(read!.stream)).toBe("going bytes");
    expect(await text(ranged!.stream!)).toBe("bytes");
    await closed;
  });

  it("stores a file under its key and streams it back", async () => {
    await storage.put("products/abc-320.webp", Buffer.from("webp bytes"));
    expect(fs.readFileSync(path.join(root, "products", "abc-320.webp"), "utf8")).toBe("webp bytes");
    const file = await storage.open("products/abc-320.webp");
    expect(file?.size).toBe(10);
    expect(await text(file!.stream)).toBe("webp bytes");
  });

  it("replaces a file put again under the same key and leaves no temporary files", async () => {
    await storage.put("categories/c1-640.webp", Buffer.from("first"));
    await storage.put("categories/c1-640.webp", Buffer.from("second"));
    expect(await text((await storage.open("categories/c1-640.webp"))!.stream)).toBe("second");
    expect(fs.readdirSync(path.join(root, "categories"))).toEqual(["c1-640.webp"]);
  });

  it("gives null for a missing file or a folder", async () => {
    expect(await storage.open("products/missing.webp")).toBeNull();
    expect(await storage.open("products")).toBeNull();
  });

  it("deletes a file, and deleting a missing one is no error", async () => {
    await storage.put("tmp/gone.webp", Buffer.from("x"));
    await storage.delete("tmp/gone.webp");
    expect(await storage.open("tmp/gone.webp")).toBeNull();
    expect(fs.existsSync(path.join(root, "tmp", "gone.webp"))).toBe(false);
    await expect(storage.delete("tmp/gone.webp")).resolves.toBeUndefined();
  });

  // The first four reach the file next to the root if followed: relatively, or by its absolute path.
  const unsafe = [
    "../secret.txt",
    secret,
    "a/../../secret.txt",
    "products/../../secret.txt",
    "..",
    "",
    ".hidden",
    "a//b",
    "a\\..\\b",
    "a/./b",
    "products/%2e%2e/x",
  ];

  it.each(unsafe)("refuses to open the unsafe key %j", async (key) => {
    expect(isSafeKey(key)).toBe(false);
    expect(await storage.open(key)).toBeNull();
  });

  it.each(unsafe)("refuses to write or delete under the unsafe key %j, touching no file anywhere", async (key) => {
    await storage.put("products/kept.webp", Buffer.from("kept"));
    const before = everything();
    await expect(storage.put(key, Buffer.from("overwritten"))).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
    expect(everything()).toEqual(before);
    expect(before[secret]).toBe("do not serve");
  });

  it("accepts the keys the shop makes", () => {
    expect(isSafeKey("demo/wallet-brown-a1B2c3-320.webp")).toBe(true);
    expect(isSafeKey("products/1718000000000-abcDEF12-960.webp")).toBe(true);
  });
});
