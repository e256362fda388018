import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withThousands } from "./thousands";

describe("withThousands", () => {
  it("writes whole numbers as the en-US and en-PK number formats do", () => {
    expect(withThousands(0)).toBe("0");
    expect(withThousands(999)).toBe("999");
    expect(withThousands(1000)).toBe("1,000");
    expect(withThousands(10020)).toBe("10,020");
    expect(withThousands(-1234567)).toBe("-1,234,567");
    const us = new Intl.NumberFormat("en-US");
    const pk = new Intl.NumberFormat("en-PK");
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(withThousands(n)).toBe(us.format(n));
        expect(withThousands(n)).toBe(pk.format(n));
      }),
      { numRuns: 5000 },
    );
  });
});
