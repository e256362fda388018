import { describe, expect, it } from "vitest";
import { jsonValue } from "./json-value";

describe("json values of raw rows", () => {
  it("takes a value the driver parsed as it is, and parses one it left as text", () => {
    const parsed = { key: "demo/belt", widths: [320, 640] };
    expect(jsonValue(parsed)).toBe(parsed);
    expect(jsonValue('{"key":"demo/belt","widths":[320,640]}')).toEqual(parsed);
    expect(jsonValue(null)).toBeNull();
  });
});
