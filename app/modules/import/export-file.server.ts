import fs from "node:fs/promises";
import path from "node:path";
import { COLLECTIONS, type Collection } from "./original-fields";

/** The original shop's export: per collection, its documents keyed by document id. */
export type ExportData = Partial<Record<Collection, Record<string, unknown>>>;

export class ExportFileError extends Error {
  override name = "ExportFileError";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The collections of an export as the common export tools write it: one object per collection,
 * keyed by document id (some tools put the collections under `__collections__`). Collections the
 * shop does not know are ignored and named in `ignored`.
 */
function readExport(json: unknown): { data: ExportData; ignored: string[] } {
  let root = json;
  if (isObject(root) && isObject(root.__collections__)) root = root.__collections__;
  if (!isObject(root)) throw new ExportFileError("The export is not a JSON object of collections.");
  const data: ExportData = {};
  const ignored: string[] = [];
  for (const [name, documents] of Object.entries(root)) {
    if (!(COLLECTIONS as readonly string[]).includes(name)) {
      ignored.push(name);
      continue;
    }
    if (!isObject(documents)) throw new ExportFileError(`The collection ${name} is not an object of documents keyed by id.`);
    data[name as Collection] = documents;
  }
  return { data, ignored };
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    throw new ExportFileError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ExportFileError(`${file} is not valid JSON (${(error as Error).message}).`);
  }
}

/**
 * Reads an export file, or a folder holding one `<collection>.json` per collection (each either
 * the documents keyed by id, or `{ "<collection>": { … } }`).
 */
export async function loadExport(location: string): Promise<{ data: ExportData; ignored: string[] }> {
  let info;
  try {
    info = await fs.stat(location);
  } catch {
    throw new ExportFileError(`${location} does not exist.`);
  }
  if (!info.isDirectory()) return readExport(await readJson(location));
  const data: ExportData = {};
  const ignored: string[] = [];
  for (const entry of (await fs.readdir(location)).sort()) {
    if (!entry.endsWith(".json")) continue;
    const name = entry.slice(0, -".json".length);
    if (!(COLLECTIONS as readonly string[]).includes(name)) {
      ignored.push(name);
      continue;
    }
    const json = await readJson(path.join(location, entry));
    const documents = isObject(json) && Object.keys(json).length === 1 && isObject(json[name]) ? json[name] : json;
    if (!isObject(documents)) throw new ExportFileError(`${entry} is not an object of documents keyed by id.`);
    data[name as Collection] = documents;
  }
  if (Object.keys(data).length === 0)
    throw new ExportFileError(`${location} holds no collection file (${COLLECTIONS.map((c) => `${c}.json`).join(", ")}).`);
  return { data, ignored };
}
