import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "~/modules/media/storage-url";

/** The keys s3rver accepts. */
export const TEST_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface TestS3 {
  /** Address of the server, as STORAGE_URL's `endpoint` gives it. */
  endpoint: string;
  /** A client signed with TEST_S3_CREDENTIALS, for looking at buckets behind a storage's back. */
  client: S3Client;
  /** Creates an empty bucket and gives the storage configuration of it. */
  createBucket(bucket: string, prefix?: string): Promise<S3StorageConfig>;
  stop(): Promise<void>;
}

// Runs in the child: starts s3rver, says its port, and stops when the test process goes away.
const RUNNER = `
const S3rver = require(process.argv[1]);
new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: process.argv[2] })
  .run()
  .then(({ port }) => process.stdout.write(JSON.stringify({ port }) + "\\n"));
process.stdin.on("end", () => process.exit(0)).resume();
`;

/**
 * An S3-speaking server (s3rver) on 127.0.0.1, on a free port, keeping its objects in a temporary
 * folder. It runs in a process of its own: its listing continuation tokens are DES-encrypted, which
 * OpenSSL 3 offers only with the legacy provider, and that is no flag for the tests' own process.
 */
export async function startTestS3(): Promise<TestS3> {
  // The SDK warns once per process that its 2027 versions will need Node 22: noise in test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "shop-s3-"));
  const entry = createRequire(import.meta.url).resolve("s3rver");
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "-e", RUNNER, entry, directory], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve((JSON.parse(out) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited with code ${code} before it listened`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: TEST_S3_CREDENTIALS });
  return {
    endpoint,
    client,
    async createBucket(bucket, prefix = "") {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { kind: "s3", bucket, prefix, region: "us-east-1", endpoint, forcePathStyle: true };
    },
    async stop() {
      client.destroy();
      child.kill();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
