import { describe, expect, it } from "vitest";
import { COURIERS, courierNamed, parcelTracking } from "./couriers";

describe("couriers", () => {
  it("recognises each courier by id, name or a common spelling", () => {
    expect(courierNamed("TCS")?.id).toBe("tcs");
    expect(courierNamed("leopards courier")?.id).toBe("leopards");
    expect(courierNamed("Post-Ex")?.id).toBe("postex");
    expect(courierNamed("M & P")?.id).toBe("mnp");
    expect(courierNamed("trax")?.id).toBe("trax");
    expect(courierNamed("Call Courier")?.id).toBe("callcourier");
    expect(courierNamed("Bykea")).toBeUndefined();
    expect(courierNamed("")).toBeUndefined();
  });

  it("links a known courier's CN to its own tracking page, the CN encoded", () => {
    for (const courier of COURIERS) {
      const url = new URL(courier.trackingUrl("AB 12/34"));
      expect(url.protocol).toBe("https:");
      expect(url.href).toContain("AB%2012%2F34");
    }
    expect(parcelTracking("tcs", " 7731234567 ")).toEqual({ courier: "TCS", cn: "7731234567", url: "https://www.tcsexpress.com/track/7731234567" });
  });

  it("shows an unknown courier by its name with the CN only, and nothing when neither was recorded", () => {
    expect(parcelTracking("Bykea", "BK-77")).toEqual({ courier: "Bykea", cn: "BK-77", url: null });
    expect(parcelTracking("TCS", "")).toEqual({ courier: "TCS", cn: "", url: null });
    expect(parcelTracking(null, null)).toBeNull();
  });
});
