import { describe, expect, it } from "vitest";
import { imageSrcSet, imageUrl, mediaOrigins, PLACEHOLDER_IMAGE, videoUrl } from "./media-url";
import { storageKeysOf } from "./media-files.server";

describe("media URLs", () => {
  it("serves stored files from /media at the nearest width", () => {
    expect(imageUrl({ key: "products/1-a", widths: [320, 640, 960] }, 500)).toBe("/media/products/1-a-640.webp");
    expect(imageSrcSet({ key: "products/1-a", widths: [640, 320] })).toBe("/media/products/1-a-320.webp 320w, /media/products/1-a-640.webp 640w");
    expect(imageUrl(null)).toBe(PLACEHOLDER_IMAGE);
    expect(videoUrl("products/1-a.mp4")).toBe("/media/products/1-a.mp4");
  });

  it("shows media kept at a web address as it is, with no srcset, and never deletes it from storage", () => {
    const kept = "https://firebasestorage.googleapis.com/v0/b/x/o/a.jpg?alt=media&token=1";
    expect(imageUrl({ key: kept, widths: [] }, 320)).toBe(kept);
    expect(imageSrcSet({ key: kept, widths: [] })).toBeUndefined();
    expect(videoUrl("https://cdn.example.pk/v.mp4")).toBe("https://cdn.example.pk/v.mp4");
    expect(storageKeysOf({ kind: "image", storageKey: kept, widths: [] })).toEqual([]);
    expect(storageKeysOf({ kind: "image", storageKey: "products/1-a", widths: [320] })).toEqual(["products/1-a-320.webp"]);
  });

  it("lists each origin of kept media once, sorted", () => {
    expect(mediaOrigins(["https://b.pk/1.jpg", "products/1-a", "https://a.pk:8443/x", "https://b.pk/2.jpg", "https://"])).toEqual([
      "https://a.pk:8443",
      "https://b.pk",
    ]);
  });
});
