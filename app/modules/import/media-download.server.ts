import { DomainError } from "~/lib/errors";
import { storeCategoryImage } from "~/modules/catalog/admin-categories.server";
import { storeImage } from "~/modules/media/images.server";
import { stageUpload, type StagedUpload } from "~/modules/media/staged-uploads.server";
import type { FileStorage } from "~/modules/media/storage.server";
import type { MediaKind } from "~/lib/db/value-lists";
import { MAX_BYTES, tooLargeMessage } from "~/modules/media/upload-limits";

/**
 * Fetches the original shop's media and stores it through the shop's own upload path: images
 * checked and re-encoded as WebP at the shop's widths, videos checked by content. At most
 * `concurrency` downloads at once, each cut off after `timeoutMs` or past the kind's size limit.
 * The same address is fetched once per run for each use (product, category, order line).
 */

export interface DownloadOptions {
  concurrency?: number;
  timeoutMs?: number;
  /** Largest file per kind; the upload limits by default. */
  maxBytes?: Partial<Record<MediaKind, number>>;
  fetch?: typeof fetch;
}

/**
 * Pictures of imported order lines: their own folder, one small width. Not in the product folder,
 * whose files no media row names are swept as abandoned uploads (upload-sweep.server.ts).
 */
const ORDER_IMAGE_FOLDER = "order_images";
const ORDER_IMAGE_WIDTHS = [320];

export type DownloadTarget = { use: "product"; kind: MediaKind } | { use: "category" } | { use: "order" };

export type Downloaded =
  | { ok: true; use: "product"; file: StagedUpload }
  | { ok: true; use: "category" | "order"; key: string; widths: number[] }
  | { ok: false; reason: string };

export class MediaDownloader {
  private readonly results = new Map<string, Promise<Downloaded>>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly maxBytes: Record<MediaKind, number>;
  downloaded = 0;
  readonly failed: { url: string; reason: string }[] = [];

  constructor(
    private readonly storage: FileStorage,
    options: DownloadOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.fetchImpl = options.fetch ?? fetch;
    this.maxBytes = { ...MAX_BYTES, ...options.maxBytes };
  }

  /** The stored file for `url`, or why there is none. Never throws. */
  get(url: string, target: DownloadTarget): Promise<Downloaded> {
    const cacheKey = `${target.use}:${target.use === "product" ? target.kind : "image"}:${url}`;
    let result = this.results.get(cacheKey);
    if (!result) {
      result = this.limited(() => this.fetchAndStore(url, target));
      this.results.set(cacheKey, result);
    }
    return result;
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private async fetchAndStore(url: string, target: DownloadTarget): Promise<Downloaded> {
    const kind: MediaKind = target.use === "product" ? target.kind : "image";
    try {
      const body = await this.fetchBytes(url, kind);
      if (target.use === "category") {
        const key = await storeCategoryImage(this.storage, body);
        this.downloaded++;
        return { ok: true, use: "category", key, widths: [] };
      }
      if (target.use === "order") {
        const image = await storeImage(this.storage, body, ORDER_IMAGE_FOLDER, ORDER_IMAGE_WIDTHS);
        this.downloaded++;
        return { ok: true, use: "order", key: image.key, widths: image.widths };
      }
      const file = await stageUpload(this.storage, kind, body);
      this.downloaded++;
      return { ok: true, use: "product", file };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.failed.push({ url, reason });
      return { ok: false, reason };
    }
  }

  private async fetchBytes(url: string, kind: MediaKind): Promise<Buffer> {
    const limit = this.maxBytes[kind];
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      let response: Response;
      try {
        response = await this.fetchImpl(url, { signal: controller.signal, redirect: "follow" });
      } catch (error) {
        throw new Error(
          controller.signal.aborted ? `no answer within ${this.timeoutMs / 1000} s` : `could not be fetched (${(error as Error).message})`,
        );
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new Error(`the server answered ${response.status}`);
      }
      const declared = Number(response.headers.get("content-length") ?? "");
      if (Number.isFinite(declared) && declared > limit) {
        await response.body?.cancel().catch(() => {});
        throw new DomainError("INVALID", tooLargeMessage(kind));
      }
      if (!response.body) throw new Error("the answer is empty");
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let total = 0;
      for (;;) {
        let part: ReadableStreamReadResult<Uint8Array>;
        try {
          part = await reader.read();
        } catch {
          throw new Error(controller.signal.aborted ? `no answer within ${this.timeoutMs / 1000} s` : "the download broke off");
        }
        if (part.done) break;
        total += part.value.byteLength;
        if (total > limit) {
          await reader.cancel().catch(() => {});
          throw new DomainError("INVALID", tooLargeMessage(kind));
        }
        chunks.push(part.value);
      }
      if (total === 0) throw new Error("the answer is empty");
      return Buffer.concat(chunks, total);
    } finally {
      clearTimeout(timer);
    }
  }
}
