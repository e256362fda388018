import { describe, expect, it, vi } from "vitest";
import { QueryMemo } from "./query-memo.server";

describe("QueryMemo", () => {
  it("reads every time until enabled, then once until a change drops the value", async () => {
    const memo = new QueryMemo();
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
    const memo = new QueryMemo();
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
    memo.get("cards", tags, load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("does not keep a failed read, nor values older than its age limit, nor more than its size", async () => {
    const memo = new QueryMemo(2, 50);
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
});
