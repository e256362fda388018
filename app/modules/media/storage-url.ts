import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where media files live, as STORAGE_URL names it: a local folder, or a bucket of an S3-compatible
 * service shared by every instance of the shop. See docs/decisions/0017-shared-media-storage.md.
 */
export type StorageConfig = LocalStorageConfig | S3StorageConfig;

interface LocalStorageConfig {
  kind: "local";
  /** Absolute path of the folder. */
  root: string;
}

export interface S3StorageConfig {
  kind: "s3";
  bucket: string;
  /** Prepended to every key: empty, or folder names each followed by `/` (`shop/media/`). */
  prefix: string;
  region: string;
  /** Address of an S3-compatible service (MinIO, Ceph…); none for AWS S3 itself. */
  endpoint?: string;
  /** `http://endpoint/bucket/key` rather than `http://bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

const DEFAULT_S3_REGION = "us-east-1";

const FORMS = "use s3://bucket/prefix, file:///absolute/path or an absolute path";
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const REGION = /^[a-z0-9-]+$/;
const OPTIONS = ["endpoint", "region", "forcePathStyle"];

/** Thrown for a STORAGE_URL that names no storage; the message says what is wrong with it. */
export class StorageUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StorageUrlError";
  }
}

/** The storage a STORAGE_URL names; throws StorageUrlError when it is malformed. */
export function parseStorageUrl(value: string): StorageConfig {
  const trimmed = value.trim();
  if (trimmed.startsWith("/")) return { kind: "local", root: path.resolve(trimmed) };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1].toLowerCase();
  if (scheme === "file") return parseFileUrl(trimmed);
  if (scheme === "s3") return parseS3Url(trimmed);
  if (!scheme) throw new StorageUrlError(`a folder must be an absolute path; ${FORMS}`);
  throw new StorageUrlError(`${scheme}: is not a storage we know; ${FORMS}`);
}

function parseFileUrl(value: string): LocalStorageConfig {
  if (!/^file:\/\//i.test(value)) throw new StorageUrlError("a file URL must be file:///absolute/path");
  let root: string;
  try {
    root = fileURLToPath(value);
  } catch {
    throw new StorageUrlError("a file URL must name a folder on this machine: file:///absolute/path");
  }
  return { kind: "local", root: path.resolve(root) };
}

function parseS3Url(value: string): S3StorageConfig {
  if (!/^s3:\/\//i.test(value)) throw new StorageUrlError("an S3 URL must be s3://bucket/optional/prefix");
  // The prefix is taken as written: the URL parser would quietly resolve `..` and `.` segments.
  const [, authority = "", rawPath = ""] = /^s3:\/\/([^/?#]*)([^?#]*)/i.exec(value) ?? [];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorageUrlError("an S3 URL must be s3://bucket/optional/prefix");
  }
  if (authority.includes("@")) {
    throw new StorageUrlError("keys do not go in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
  }
  if (url.port) throw new StorageUrlError("s3://bucket takes no port; give the service's address as ?endpoint=http://host:port");
  const bucket = url.hostname;
  if (!bucket) throw new StorageUrlError("the bucket is missing: s3://bucket/optional/prefix");
  if (!BUCKET.test(bucket)) {
    throw new StorageUrlError(`${bucket} is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`);
  }
  if (url.hash) throw new StorageUrlError("an S3 URL has no #fragment");

  const segments = rawPath.split("/").filter(Boolean);
  const bad = segments.find((s) => !SEGMENT.test(s));
  if (bad !== undefined) {
    throw new StorageUrlError(`the prefix folder ${JSON.stringify(bad)} may hold only letters, digits, '.', '_' and '-', and not start with '.'`);
  }
  const prefix = segments.map((s) => `${s}/`).join("");

  const params = url.searchParams;
  for (const name of params.keys()) {
    if (!OPTIONS.includes(name)) throw new StorageUrlError(`unknown option ${name} (the options are ${OPTIONS.join(", ")})`);
  }
  const endpoint = params.get("endpoint") || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#]+\/?$/i.test(endpoint)) {
    throw new StorageUrlError("endpoint must be the service's address, such as http://127.0.0.1:9000");
  }
  const region = params.get("region") || DEFAULT_S3_REGION;
  if (!REGION.test(region)) throw new StorageUrlError(`${region} is not a region name (such as eu-central-1)`);
  const pathStyle = params.get("forcePathStyle");
  if (pathStyle !== null && pathStyle !== "true" && pathStyle !== "false") {
    throw new StorageUrlError("forcePathStyle must be true or false");
  }
  // S3-compatible services usually answer at one address for every bucket.
  const forcePathStyle = pathStyle === null ? endpoint !== undefined : pathStyle === "true";

  return { kind: "s3", bucket, prefix, region, endpoint: endpoint?.replace(/\/$/, ""), forcePathStyle };
}
