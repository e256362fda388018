import * as z from "zod/mini";

/**
 * Numbers as people type them in forms and addresses: plain decimal digits only. `Number()` alone
 * also reads "0x10" as 16, "1e3" as 1000 and "0b11" as 3, which no shopper or staff member means.
 */
const DECIMAL = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;
const INTEGER = /^[+-]?\d+$/;

/** A decimal number written in digits ('1,500' and ' 4500 ' included), else NaN; '' is undefined. */
export function parseDecimal(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const compact = value.replace(/[,\s]/g, "");
  if (compact === "") return undefined;
  return DECIMAL.test(compact) ? Number(compact) : Number.NaN;
}

/** A whole number written in decimal digits, else NaN (so a schema refuses it); '' is undefined. */
export function parseInteger(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  return INTEGER.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * A value read by `read` before `schema` checks it (zod classic's `z.preprocess`, which zod/mini
 * lacks): a pipe from the reading into the schema.
 */
export function preprocess<S extends z.core.$ZodType>(read: (value: unknown) => unknown, schema: S) {
  const piped = z.pipe(z.transform(read), schema);
  // Typed as zod classic types it: optional in a form when `schema` is (at run time, both are this pipe).
  return piped as unknown as z.ZodMiniType<z.output<S>, unknown, z.core.$ZodPreprocessInternals<S, unknown>>;
}

/** A page number from an address: a whole number from 1 to `max`, and page 1 for anything else. */
export function pageParam(max: number) {
  return z.catch(preprocess(parseInteger, z.int().check(z.gte(1), z.lte(max))), 1);
}
