import { describe, expect, it } from "vitest";
import { compareVersions, newerThanThisBuild, SHOP_VERSION, type ShippedMigration } from "./migration-journal.server";

const shipped = [
  { tag: "0000_init", when: 1000 },
  { tag: "0001_next", when: 2000 },
] as ShippedMigration[];

describe("compareVersions", () => {
  it("orders releases by their numbers, not as text", () => {
    expect(compareVersions("1.10.0", "1.9.2")).toBeGreaterThan(0);
    expect(compareVersions("0.1.0", "0.1.0")).toBe(0);
    expect(compareVersions("0.1.0", "0.2.0")).toBeLessThan(0);
    expect(compareVersions("2.0", "1.99.99")).toBeGreaterThan(0);
  });
});

describe("newerThanThisBuild", () => {
  it("lets this build open data with its migrations or fewer, from its release or an older one", () => {
    expect(newerThanThisBuild({ newestMigration: 2000, version: SHOP_VERSION }, shipped)).toBeNull();
    expect(newerThanThisBuild({ newestMigration: 1000, version: "0.0.1" }, shipped)).toBeNull();
    expect(newerThanThisBuild({ newestMigration: null, version: null }, shipped)).toBeNull();
  });

  it("finds data with a migration it does not ship, or from a newer release", () => {
    expect(newerThanThisBuild({ newestMigration: 3000, version: "9.0.0" }, shipped)).toEqual({ version: "9.0.0" });
    expect(newerThanThisBuild({ newestMigration: 3000, version: null }, shipped)).toEqual({ version: null });
    expect(newerThanThisBuild({ newestMigration: 2000, version: "99.0.0" }, shipped)).toEqual({ version: "99.0.0" });
  });
});
