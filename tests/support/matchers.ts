import { expect } from "vitest";

/*
 * Vitest's asymmetric matchers, for a field of an expected object: vitest types them `any`, which
 * would make the whole expected object `any`. These give them as `unknown` (a matcher is no value a
 * test could use), so `{ message: aStringMatching(/…/) }` stays typed. They match exactly as
 * `expect.stringMatching`, `expect.any` and the others do.
 */

/** A string matching `pattern` (expect.stringMatching). */
export const aStringMatching = (pattern: string | RegExp): unknown => expect.stringMatching(pattern);

/** A string holding `text` (expect.stringContaining). */
export const aStringContaining = (text: string): unknown => expect.stringContaining(text);

/** Any value made by `constructor`, e.g. any string (expect.any). */
export const anInstanceOf = (constructor: unknown): unknown => expect.any(constructor);

/** An object with at least these fields (expect.objectContaining). */
export const anObjectContaining = (fields: Record<string, unknown>): unknown => expect.objectContaining(fields);
