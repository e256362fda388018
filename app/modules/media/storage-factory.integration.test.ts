import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError } from "~/lib/config-error";
import { freePort } from "../../../tests/support/free-port";
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from "../../../tests/support/test-s3";
import { S3Storage } from "./s3-storage.server";
import { createStorage, openStorage } from "./storage-factory.server";
import { LocalDiskStorage } from "./storage.server";
import type { S3StorageConfig } from "./storage-url";

let s3: TestS3;
let bucket: S3StorageConfig;
const opened: S3Storage[] = [];

beforeAll(async () => {
  s3 = await startTestS3();
  bucket = await s3.createBucket("shop-media", "uploads/");
});
afterEach(() => {
  vi.unstubAllEnvs();
  for (const storage of opened.splice(0)) storage.destroy();
});
afterAll(async () => {
  await s3?.stop();
});

async function refusal(config: S3StorageConfig, options = {}): Promise<string[]> {
  const error = await openStorage(config, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).problems;
}

describe("createStorage", () => {
  it("gives a local folder or a bucket, as configured", () => {
    expect(createStorage({ kind: "local", root: "/srv/shop/uploads" })).toBeInstanceOf(LocalDiskStorage);
    const storage = createStorage(bucket);
    expect(storage).toBeInstanceOf(S3Storage);
    opened.push(storage as S3Storage);
  });
});

describe("openStorage", () => {
  it("opens a bucket that answers, signing with the keys of the environment", async () => {
    vi.stubEnv("AWS_ACCESS_KEY_ID", TEST_S3_CREDENTIALS.accessKeyId);
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", TEST_S3_CREDENTIALS.secretAccessKey);
    const storage = await openStorage(bucket);
    expect(storage).toBeInstanceOf(S3Storage);
    opened.push(storage as S3Storage);
    await storage.put("products/p1-320.webp", Buffer.from("webp"));
    expect(await storage.list("products")).toEqual(["products/p1-320.webp"]);
  });

  it("refuses to start on a bucket that does not exist", async () => {
    expect(await refusal({ ...bucket, bucket: "shop-madia" }, { credentials: TEST_S3_CREDENTIALS })).toEqual([
      `STORAGE_URL: bucket shop-madia cannot be reached at ${s3.endpoint}: there is no such bucket`,
    ]);
  });

  it("refuses to start with keys the service does not accept", async () => {
    expect(await refusal(bucket, { credentials: { accessKeyId: "WRONG", secretAccessKey: "WRONG" } })).toEqual([
      `STORAGE_URL: bucket shop-media cannot be reached at ${s3.endpoint}: access denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and what they may do with the bucket)`,
    ]);
  });

  it("refuses to start when nothing answers at the endpoint", async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    const [problem] = await refusal({ ...bucket, endpoint }, { credentials: TEST_S3_CREDENTIALS });
    expect(problem).toMatch(new RegExp(`^STORAGE_URL: bucket shop-media cannot be reached at ${endpoint}: .*ECONNREFUSED`));
  });

  it("says so in the message an operator reads", async () => {
    const error = await openStorage({ ...bucket, bucket: "shop-madia" }, { credentials: TEST_S3_CREDENTIALS }).catch((e: Error) => e);
    expect((error as Error).message).toBe(
      `The shop cannot start; fix its configuration:\n  - STORAGE_URL: bucket shop-madia cannot be reached at ${s3.endpoint}: there is no such bucket`,
    );
  });
});
