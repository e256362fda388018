import { describe, expect, it } from "vitest";
import { signToken, verifyToken } from "./signed-token.server";

const SECRET = "a-secret-of-the-shop";

describe("signed tokens", () => {
  it("give their payload back while fresh, and nothing once expired", () => {
    const token = signToken(SECRET, "receipt", "order123", 60_000, 1_000);
    expect(verifyToken(SECRET, "receipt", token, 2_000)).toBe("order123");
    expect(verifyToken(SECRET, "receipt", token, 61_001)).toBeNull();
  });

  it("are refused when tampered with, made for another purpose or with another secret", () => {
    const token = signToken(SECRET, "receipt", "order123", 60_000, 1_000);
    const [, expiry, mac] = token.split(".");
    expect(verifyToken(SECRET, "receipt", `order124.${expiry}.${mac}`, 2_000)).toBeNull();
    expect(verifyToken(SECRET, "receipt", `order123.${Number(expiry) + 1}.${mac}`, 2_000)).toBeNull();
    expect(verifyToken(SECRET, "upload", token, 2_000)).toBeNull();
    expect(verifyToken("another-secret", "receipt", token, 2_000)).toBeNull();
    for (const junk of ["", "a.b", "a.b.c.d", "order123.x.y", "x".repeat(300)]) expect(verifyToken(SECRET, "receipt", junk, 2_000)).toBeNull();
  });
});
