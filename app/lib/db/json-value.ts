/**
 * A `json` value of a raw statement's row as the driver hands it: node-postgres and PGlite parse
 * it, but a value that reaches them as text (a driver or type setting that leaves json alone) is
 * parsed here, so callers read one shape.
 */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}
