import { ConfigError } from "~/lib/config-error";
import { S3Storage, type S3StorageOptions } from "./s3-storage.server";
import { LocalDiskStorage, type FileStorage } from "./storage.server";
import type { StorageConfig } from "./storage-url";

/** The storage a configuration names (see `Env.storage`), without touching it yet. */
export function createStorage(config: StorageConfig, options: S3StorageOptions = {}): FileStorage {
  return config.kind === "s3" ? new S3Storage(config, options) : new LocalDiskStorage(config.root);
}

/**
 * The storage to run on. A bucket is checked first, so that a shop that cannot reach it refuses to
 * start and says why (a ConfigError naming STORAGE_URL) rather than failing at every image.
 */
export async function openStorage(config: StorageConfig, options: S3StorageOptions = {}): Promise<FileStorage> {
  const storage = createStorage(config, options);
  if (storage instanceof S3Storage) {
    try {
      await storage.checkBucket();
    } catch (error) {
      storage.destroy();
      throw new ConfigError([`STORAGE_URL: ${(error as Error).message}`]);
    }
  }
  return storage;
}
