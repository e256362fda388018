/**
 * One byte range of a `Range` header (RFC 9110 §14), as a phone's video player asks for the part of
 * a video it is about to play: Safari plays no video whose server does not answer ranges.
 */

/** A range as asked for: from `start` to `end` (included; to the end of the file when absent), or the last `suffix` bytes. */
export type RangeAsked = { start: number; end?: number } | { suffix: number };

const ONE_RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/**
 * The one range a `Range` header asks for; undefined for no header, another unit, a malformed or
 * backwards range, or several ranges: the whole file is then sent, as RFC 9110 allows.
 */
export function rangeAsked(header: string | null | undefined): RangeAsked | undefined {
  const match = header ? ONE_RANGE.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === "") return last === "" || Number(last) === 0 ? undefined : { suffix: Number(last) };
  const start = Number(first);
  if (last === "") return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}

/** The bytes of a file of `size` bytes a range covers (`end` included), or null when it covers none. */
export function bytesOf(asked: RangeAsked, size: number): { start: number; end: number } | null {
  if ("suffix" in asked) return size === 0 ? null : { start: Math.max(size - asked.suffix, 0), end: size - 1 };
  if (asked.start >= size) return null;
  return { start: asked.start, end: Math.min(asked.end ?? size - 1, size - 1) };
}

/** How a range asked for is written in a request to a bucket (`Range` of GetObject). */
export function rangeHeader(asked: RangeAsked): string {
  return "suffix" in asked ? `bytes=-${asked.suffix}` : `bytes=${asked.start}-${asked.end ?? ""}`;
}
