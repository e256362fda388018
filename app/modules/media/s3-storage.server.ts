import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { bytesOf, rangeHeader, type RangeAsked } from "./byte-range";
import { isMediaKey, isSafeKey, type FileStorage, type RangePart } from "./storage.server";
import type { S3StorageConfig } from "./storage-url";

/** Content types of the files the shop stores, by extension; the media route sends the same. */
const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

/** Keys are unique per upload, so a stored file never changes. */
const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf(".");
  return (dot >= 0 && CONTENT_TYPES[key.slice(dot).toLowerCase()]) || "application/octet-stream";
}

export interface S3StorageOptions {
  /** Keys to sign with; by default the SDK's chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Keys asked for per listing page (S3 answers at most 1,000). */
  pageSize?: number;
}

/** What a failed S3 call says about itself. */
interface S3Failure {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as S3Failure | undefined)?.$metadata?.httpStatusCode;

/** The object is not there (the bucket is: a missing bucket is a fault, not a missing file). */
function isMissingObject(error: unknown): boolean {
  const name = (error as S3Failure | undefined)?.name;
  return name === "NoSuchKey" || (statusOf(error) === 404 && name !== "NoSuchBucket");
}

/**
 * Files in a bucket of S3 or an S3-compatible service, every key under the URL's prefix. Each
 * instance of the shop sees the same files. See docs/decisions/0017-shared-media-storage.md.
 */
export class S3Storage implements FileStorage {
  readonly client: S3Client;
  private readonly pageSize: number;

  constructor(
    readonly config: S3StorageConfig,
    options: S3StorageOptions = {},
  ) {
    this.pageSize = options.pageSize ?? 1000;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Services other than AWS S3 do not all know the newer checksum headers; send and check
      // them only where an operation requires them.
      ...(config.endpoint ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } : {}),
      // An open media response holds its connection while the shopper downloads (a video on a
      // phone can take minutes): allow more of them than the SDK's 50.
      requestHandler: { connectionTimeout: 5000, httpAgent: { maxSockets: 256 }, httpsAgent: { maxSockets: 256 } },
    });
  }

  /** Where the bucket is served from, for messages. */
  get address(): string {
    return this.config.endpoint ?? `https://s3.${this.config.region}.amazonaws.com`;
  }

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return `${this.config.prefix}${key}`;
  }

  async put(key: string, data: Buffer) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: contentTypeOf(key),
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  }

  async open(key: string) {
    if (!isSafeKey(key)) return null;
    let result;
    try {
      result = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
    const body = result.Body;
    if (!body || result.ContentLength === undefined) throw new Error(`S3 answered no body or length for ${key}`);
    const stream = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as NodeReadableStream);
    return { stream, size: result.ContentLength };
  }

  async openRange(key: string, wanted: RangeAsked): Promise<RangePart | null> {
    if (!isSafeKey(key)) return null;
    let asked = wanted;
    // The last n bytes are asked for as from–to, from the object's size: not every S3-compatible
    // service reads a suffix range right (some send the first n bytes).
    if ("suffix" in wanted) {
      const size = await this.sizeOf(key);
      if (size === null) return null;
      const part = bytesOf(wanted, size);
      if (!part) return { stream: null, size, part: null };
      asked = part;
    }
    let result;
    try {
      result = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key), Range: rangeHeader(asked) }));
    } catch (error) {
      if (isMissingObject(error)) return null;
      if (statusOf(error) !== 416) throw error;
      // The range covers none of the object: its size, for the answer's Content-Range.
      const size = await this.sizeOf(key);
      return size === null ? null : { stream: null, size, part: null };
    }
    const body = result.Body;
    if (!body || result.ContentLength === undefined) throw new Error(`S3 answered no body or length for ${key}`);
    const stream = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as NodeReadableStream);
    // "bytes 0-99/1000"; a service that sends the whole object instead says nothing of a range.
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(result.ContentRange ?? "");
    if (!range) return { stream, size: result.ContentLength, part: { start: 0, end: result.ContentLength - 1 } };
    return { stream, size: Number(range[3]), part: { start: Number(range[1]), end: Number(range[2]) } };
  }

  /** The object's size in bytes, or null when there is none. */
  private async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible services answer 404.
      if (!isMissingObject(error)) throw error;
    }
  }

  async list(folder: string) {
    const prefix = `${this.objectKey(folder)}/`;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: prefix,
          // Direct children only: deeper keys come back grouped as common prefixes, and are skipped.
          Delimiter: "/",
          MaxKeys: this.pageSize,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        // A key equal to the prefix is a folder marker some tools create, not a file.
        if (object.Key && object.Key.length > prefix.length) keys.push(object.Key.slice(this.config.prefix.length));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async listAll() {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: this.config.prefix, MaxKeys: this.pageSize, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.config.prefix.length);
        // Folder markers (keys ending in '/'), keys the shop could not have written and its backups are not its media.
        if (key && isMediaKey(key)) keys.push(key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /** Resolves when the bucket answers; otherwise throws an error that says where and why. */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (error) {
      throw new Error(`bucket ${this.config.bucket} cannot be reached at ${this.address}: ${this.reasonOf(error)}`, { cause: error });
    }
  }

  private reasonOf(error: unknown): string {
    const status = statusOf(error);
    const { name, message } = (error ?? {}) as S3Failure;
    if (status === 404 || name === "NoSuchBucket") return "there is no such bucket";
    if (status === 401 || status === 403) {
      return "access denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and what they may do with the bucket)";
    }
    if (status === 301) return `the bucket is in another region than ${this.config.region} (add ?region=… to STORAGE_URL)`;
    // Answers to HEAD have no body, so the SDK often knows no better message than this.
    if (message && message !== "UnknownError") return message;
    return status ? `HTTP status ${status}` : (name ?? String(error));
  }

  /** Closes the client's idle connections. */
  destroy() {
    this.client.destroy();
  }
}
