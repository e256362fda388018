import { describe, expect, it } from "vitest";
import { bytesOf, rangeAsked, rangeHeader } from "./byte-range";

describe("the byte range a request asks for", () => {
  it("reads one range of bytes: from–to, from onwards, or the last n", () => {
    expect(rangeAsked("bytes=0-99")).toEqual({ start: 0, end: 99 });
    expect(rangeAsked(" bytes=100- ")).toEqual({ start: 100 });
    expect(rangeAsked("bytes=-500")).toEqual({ suffix: 500 });
  });

  it("takes none that is absent, malformed, backwards, empty, of another unit or several at once", () => {
    for (const header of [
      undefined,
      null,
      "",
      "bytes=",
      "bytes=-",
      "bytes=abc",
      "bytes=5-2",
      "bytes=-0",
      "items=0-1",
      "bytes=0-1,5-6",
      "bytes=0-1 junk",
    ]) {
      expect(rangeAsked(header), String(header)).toBeUndefined();
    }
  });

  it("covers the bytes of the file it falls in, cut at its end, and none past it", () => {
    expect(bytesOf({ start: 0, end: 99 }, 1000)).toEqual({ start: 0, end: 99 });
    expect(bytesOf({ start: 900, end: 5000 }, 1000)).toEqual({ start: 900, end: 999 });
    expect(bytesOf({ start: 990 }, 1000)).toEqual({ start: 990, end: 999 });
    expect(bytesOf({ suffix: 10 }, 1000)).toEqual({ start: 990, end: 999 });
    expect(bytesOf({ suffix: 5000 }, 1000)).toEqual({ start: 0, end: 999 });
    expect(bytesOf({ start: 1000 }, 1000)).toBeNull();
    expect(bytesOf({ suffix: 1 }, 0)).toBeNull();
  });

  it("is written back the same way for a bucket", () => {
    expect(rangeHeader({ start: 5, end: 9 })).toBe("bytes=5-9");
    expect(rangeHeader({ start: 5 })).toBe("bytes=5-");
    expect(rangeHeader({ suffix: 7 })).toBe("bytes=-7");
  });
});
