import { describe, expect, it } from "vitest";
import { parseJsonField } from "./json-field";

describe("parseJsonField", () => {
  it("reads JSON as JSON.parse does", () => {
    expect(parseJsonField('[{"productID":"abc","productQuantity":2}]')).toEqual([{ productID: "abc", productQuantity: 2 }]);
    expect(parseJsonField('"a\\\\u0000b"')).toBe("a\\u0000b");
    expect(() => parseJsonField("[")).toThrow(SyntaxError);
  });

  it("refuses a NUL byte spelt \\u0000 in any string or key, however deep", () => {
    for (const text of ['"\\u0000"', '["a\\u0000"]', '{"name":"x\\u0000y"}', '{"a\\u0000":1}', '[{"stock":[{"size":"\\u0000"}]}]']) {
      expect(() => parseJsonField(text), text).toThrow(SyntaxError);
    }
  });
});
