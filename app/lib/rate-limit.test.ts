import { describe, expect, it } from "vitest";
import { addressBucket } from "./rate-limit.server";

describe("addressBucket", () => {
  it("keeps IPv4 addresses, also when written IPv4-mapped", () => {
    expect(addressBucket("198.51.100.7")).toBe("198.51.100.7");
    expect(addressBucket("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressBucket("::FFFF:198.51.100.7")).toBe("198.51.100.7");
  });

  it("groups IPv6 addresses by their /64, however they are written", () => {
    const bucket = "2001:db8:a:b::/64";
    expect(addressBucket("2001:db8:a:b::1")).toBe(bucket);
    expect(addressBucket("2001:0DB8:000a:000b:ffff:1:2:3")).toBe(bucket);
    expect(addressBucket("[2001:db8:a:b:1::9]")).toBe(bucket);
    expect(addressBucket("2001:db8:a:b::1%eth0")).toBe(bucket);
    expect(addressBucket("2001:db8:a:c::1")).not.toBe(bucket);
    expect(addressBucket("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("puts clients without an address into one shared bucket", () => {
    expect(addressBucket(undefined)).toBe("unknown");
    expect(addressBucket("")).toBe("unknown");
    expect(addressBucket("  ")).toBe("unknown");
  });
});
