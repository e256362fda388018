import { describe, expect, it } from "vitest";
import { DomainError } from "~/lib/errors";
import { signStagedUpload, STALE_UPLOAD_MESSAGE, verifyStagedUpload, type StagedUpload } from "./staged-uploads.server";

const SECRET = "the-shop-secret";
const upload: StagedUpload = {
  kind: "image",
  storageKey: "products/1718000000000-abcDEF12",
  widths: [320, 640],
  width: 800,
  height: 600,
  contentType: "image/webp",
};
/** A day, written out here rather than imported, so that a changed lifetime is noticed. */
const DAY_MS = 24 * 60 * 60 * 1000;
const signedAt = Date.UTC(2026, 10, 23, 12, 0, 0);

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected the reference to be refused");
}

describe("a staged upload's reference", () => {
  it("names its upload for a day after it was signed", () => {
    const token = signStagedUpload(SECRET, upload, signedAt);
    expect(verifyStagedUpload(SECRET, token, signedAt)).toEqual(upload);
    expect(verifyStagedUpload(SECRET, token, signedAt + DAY_MS - 1)).toEqual(upload);
  });

  it("has expired a day after it was signed, and later", () => {
    const token = signStagedUpload(SECRET, upload, signedAt);
    for (const now of [signedAt + DAY_MS, signedAt + DAY_MS + 1, signedAt + 30 * DAY_MS]) {
      const error = refusal(() => verifyStagedUpload(SECRET, token, now));
      expect(error.code).toBe("INVALID");
      expect(error.message).toBe(STALE_UPLOAD_MESSAGE);
    }
  });

  it("cannot be given a longer life by the browser: a changed expiry breaks the signature", () => {
    const token = signStagedUpload(SECRET, upload, signedAt);
    const [payload, mac] = token.split(".");
    const stretched = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), expiresAt: signedAt + 365 * DAY_MS }),
    ).toString("base64url");
    expect(refusal(() => verifyStagedUpload(SECRET, `${stretched}.${mac}`, signedAt + 2 * DAY_MS)).message).toBe(STALE_UPLOAD_MESSAGE);
  });
});
