/**
 * JSON sent in a form field (the cart, the product form). The input boundary refuses a NUL byte in
 * a field, but JSON can still spell one as "\u0000", and PostgreSQL text cannot hold it: a NUL in
 * any string or key makes the whole field unreadable, as a syntax error does.
 */
export function parseJsonField(text: string): unknown {
  return JSON.parse(text, (key: string, value: unknown) => {
    if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      throw new SyntaxError("A NUL byte in a JSON form field");
    }
    return value;
  });
}
