import { describe, expect, it } from "vitest";
import { appSettings } from "~/lib/db/tables/site.server";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { insertProduct } from "../../../tests/support/fixtures";
import { media } from "~/lib/db/tables/catalogue.server";
import { MEDIA_ORIGINS_SETTING, readMediaOrigins, saveMediaOrigins } from "./media-origins.server";

const testDb = useTestDatabase();

describe(`media origins (${testTarget()})`, () => {
  it("is empty while every medium is stored here", async () => {
    const p = await insertProduct(testDb().db, { name: "Wallet", variants: [{ name: "Brown", price: 100000, stock: [["", 1]] }] });
    await testDb()
      .db.insert(media)
      .values({ variantId: p.variants[0].id, kind: "image", storageKey: "products/1-abc", widths: [320], contentType: "image/webp" });
    expect(await saveMediaOrigins(testDb().db)).toEqual([]);
    expect(await readMediaOrigins(testDb().db)).toEqual([]);
  });

  it("lists each origin of media kept at a web address once, and is recomputed on every save", async () => {
    const p = await insertProduct(testDb().db, { name: "Belt", variants: [{ name: "Black", price: 100000, stock: [["32", 1]] }] });
    const v = p.variants[0].id;
    await testDb()
      .db.insert(media)
      .values([
        { variantId: v, kind: "image", storageKey: "https://img.example.pk/a.jpg?token=1", widths: [], contentType: "image/jpeg" },
        { variantId: v, kind: "image", storageKey: "https://img.example.pk/b.jpg", widths: [], contentType: "image/jpeg" },
        { variantId: v, kind: "video", storageKey: "http://127.0.0.1:8123/v.mp4", widths: [], contentType: "video/mp4" },
      ]);
    expect(await saveMediaOrigins(testDb().db)).toEqual(["http://127.0.0.1:8123", "https://img.example.pk"]);
    expect(await readMediaOrigins(testDb().db)).toEqual(["http://127.0.0.1:8123", "https://img.example.pk"]);
  });

  it("never hands the security policy anything but a plain origin from the stored list", async () => {
    await testDb()
      .db.insert(appSettings)
      .values({ key: MEDIA_ORIGINS_SETTING, value: JSON.stringify(["https://ok.example.pk", "https://x.pk; script-src *", "*", 42]) })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: JSON.stringify(["https://ok.example.pk", "https://x.pk; script-src *", "*", 42]) },
      });
    expect(await readMediaOrigins(testDb().db)).toEqual(["https://ok.example.pk"]);
  });
});
