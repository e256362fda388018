import fs from "node:fs";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { extract as extractTar, pack as packTar } from "tar-stream";

/** The parts of a backup file (or any gzip'd tar), in order, read whole: for tests that look inside or make damaged copies. */
export async function readParts(file: string): Promise<{ name: string; data: Buffer }[]> {
  const extract = extractTar();
  const parts: { name: string; data: Buffer }[] = [];
  const reading = pipeline(fs.createReadStream(file), createGunzip(), extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) parts.push({ name: entry.header.name, data: await buffer(entry as AsyncIterable<Buffer>) });
  await reading;
  return parts;
}

/** Writes `parts` as a gzip'd tar. */
export async function writeParts(file: string, parts: { name: string; data: Buffer }[]): Promise<void> {
  const pack = packTar();
  const writing = pipeline(pack, createGzip(), fs.createWriteStream(file));
  for (const part of parts) {
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: part.name, size: part.data.length }, part.data, (e) => (e ? reject(e) : resolve())),
    );
  }
  pack.finalize();
  await writing;
}

/** The rows of a table part, parsed. */
export function rowsOf<T = Record<string, unknown>>(parts: { name: string; data: Buffer }[], table: string): T[] {
  const part = parts.find((p) => p.name === `db/${table}.jsonl`);
  if (!part) throw new Error(`no part for ${table}`);
  return part.data
    .toString("utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}
