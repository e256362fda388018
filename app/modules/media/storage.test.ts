import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSafeKey, LocalDiskStorage } from "./storage.server";

let parent: string;
let root: string;
let storage: LocalDiskStorage;

beforeAll(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), "shop-storage-"));
  root = path.join(parent, "uploads");
  fs.mkdirSync(root);
  // A file next to the storage root that no key may reach.
  fs.writeFileSync(path.join(parent, "secret.txt"), "do not serve");
  storage = new LocalDiskStorage(root);
});
afterAll(() => {
  fs.rmSync(parent, { recursive: true, force: true });
});

describe("LocalDiskStorage", () => {
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

  const unsafe = ["../secret.txt", "/etc/passwd", "a/../../secret.txt", "products/../../secret.txt", "..", "", ".hidden", "a//b", "a\\..\\b", "a/./b", "products/%2e%2e/x"];

  it.each(unsafe)("refuses to open the unsafe key %j", async (key) => {
    expect(isSafeKey(key)).toBe(false);
    expect(await storage.open(key)).toBeNull();
  });

  it.each(unsafe)("refuses to write or delete under the unsafe key %j", async (key) => {
    await expect(storage.put(key, Buffer.from("overwritten"))).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
    expect(fs.readFileSync(path.join(parent, "secret.txt"), "utf8")).toBe("do not serve");
    expect(fs.existsSync("/etc/passwd")).toBe(true);
  });

  it("accepts the keys the shop makes", () => {
    expect(isSafeKey("demo/wallet-brown-a1B2c3-320.webp")).toBe(true);
    expect(isSafeKey("products/1718000000000-abcDEF12-960.webp")).toBe(true);
  });
});
