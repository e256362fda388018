import { describe, expect, it, vi } from "vitest";
import { ReadCache } from "./read-cache.server";

describe("ReadCache", () => {
  it("reads every time until enabled, then once until a change drops the value", async () => {
    const memo = new ReadCache();
    const load = vi.fn(async () => ["Belts"]);
    await memo.get("categories", ["lists"], load);
    await memo.get("categories", ["lists"], load);
    expect(load).toHaveBeenCalledTimes(2);

    memo.enable();
    expect(await memo.get("categories", ["lists"], load)).toEqual(["Belts"]);
    await memo.get("categories", ["lists"], load);
    expect(load).toHaveBeenCalledTimes(3);

    memo.invalidate(["product:p1"]);
    await memo.get("categories", ["lists"], load);
    expect(load).toHaveBeenCalledTimes(3);
    memo.invalidate(["lists"]);
    await memo.get("categories", ["lists"], load);
    expect(load).toHaveBeenCalledTimes(4);
    memo.invalidate("all");
    await memo.get("categories", ["lists"], load);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it("tags a value by what it holds, shares a read in progress, and drops one a change overtook", async () => {
    const memo = new ReadCache();
    memo.enable();
    let release!: (ids: string[]) => void;
    const load = vi.fn(() => new Promise<string[]>((resolve) => (release = resolve)));
    const tags = (ids: string[]) => ids.map((id) => `product:${id}`);
    const first = memo.get("cards", tags, load);
    const second = memo.get("cards", tags, load);
    expect(load).toHaveBeenCalledTimes(1);
    // A change heard while the read runs: the read may predate it, so it is not kept.
    memo.invalidate(["product:zzz"]);
    release(["p1", "p2"]);
    expect(await first).toEqual(["p1", "p2"]);
    expect(await second).toEqual(["p1", "p2"]);
    const again = memo.get("cards", tags, load);
    expect(load).toHaveBeenCalledTimes(2);
    release(["p1", "p2"]);
    await again;
    await memo.get("cards", tags, load);
    expect(load).toHaveBeenCalledTimes(2);
    memo.invalidate(["product:p2"]);
    void memo.get("cards", tags, load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("does not keep a failed read, nor values older than its age limit, nor more than its size", async () => {
    const memo = new ReadCache(2, 50);
    memo.enable();
    await expect(memo.get("a", [], async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await memo.get("a", [], async () => 1)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await memo.get("a", [], async () => 2)).toBe(2);
    await memo.get("b", [], async () => 3);
    await memo.get("c", [], async () => 4);
    expect(memo.size).toBe(2);
    memo.disable();
    expect(memo.size).toBe(0);
  });

  it("reads many values at once: the kept ones from memory, the others in one read, each dropped by its own change", async () => {
    const memo = new ReadCache();
    const rows: Record<string, string> = { p1: "Belt", p2: "Wallet", p3: "Tote" };
    const load = vi.fn(async (ids: string[]) => new Map(ids.filter((id) => id in rows).map((id) => [id, rows[id]])));
    const tags = (id: string) => [`product:${id}`];
    // Not yet enabled: every call reads all it is asked.
    await memo.getMany(["p1", "p2"], tags, load);
    expect(load).toHaveBeenLastCalledWith(["p1", "p2"]);
    memo.enable();
    expect(await memo.getMany(["p1", "p2"], tags, load)).toEqual(
      new Map([
        ["p1", "Belt"],
        ["p2", "Wallet"],
      ]),
    );
    // Kept: only the new one is read, and one that does not exist is left out (and not kept).
    expect(await memo.getMany(["p2", "p3", "gone"], tags, load)).toEqual(
      new Map([
        ["p2", "Wallet"],
        ["p3", "Tote"],
      ]),
    );
    expect(load).toHaveBeenLastCalledWith(["p3", "gone"]);
    expect(memo.size).toBe(3);
    // A change to one product drops that one alone.
    rows.p2 = "Wallet, now cheaper";
    memo.invalidate(["product:p2"]);
    load.mockClear();
    expect(await memo.getMany(["p1", "p2", "p3"], tags, load)).toEqual(
      new Map([
        ["p1", "Belt"],
        ["p2", "Wallet, now cheaper"],
        ["p3", "Tote"],
      ]),
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenLastCalledWith(["p2"]);
    // A failed read is not kept, and says so to its callers.
    const failing = vi.fn(async () => Promise.reject(new Error("down")));
    memo.invalidate(["product:p1"]);
    await expect(memo.getMany(["p1"], tags, failing)).rejects.toThrow("down");
    expect(await memo.getMany(["p1"], tags, load)).toEqual(new Map([["p1", "Belt"]]));
  });

  it("drops by tag without forgetting the other values kept under the same tags", async () => {
    const memo = new ReadCache();
    memo.enable();
    await memo.get("a", ["lists", "product:p1"], async () => 1);
    await memo.get("b", ["lists"], async () => 2);
    await memo.get("c", ["product:p2"], async () => 3);
    memo.invalidate(["product:p1"]);
    expect(memo.size).toBe(2);
    memo.invalidate(["lists"]);
    expect(memo.size).toBe(1);
    const reload = vi.fn(async () => 4);
    expect(await memo.get("c", ["product:p2"], reload)).toBe(3);
    expect(reload).not.toHaveBeenCalled();
    // A value read again after being dropped is dropped again by the same tag.
    await memo.get("a", ["lists", "product:p1"], async () => 5);
    memo.invalidate(["lists"]);
    expect(await memo.get("a", ["lists"], async () => 6)).toBe(6);
  });
});
