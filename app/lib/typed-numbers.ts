import { z } from "zod";

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

/** A page number from an address: a whole number from 1 to `max`, and page 1 for anything else. */
export function pageParam(max: number) {
  return z.preprocess(parseInteger, z.number().int().min(1).max(max)).catch(1);
}
