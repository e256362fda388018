/**
 * A LIKE / ILIKE pattern for "contains `text`": the wildcards `%` and `_` (and the escape `\`) that
 * someone types are escaped, so they are searched for literally. Used by every search box.
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
