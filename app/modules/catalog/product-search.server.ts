import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { products, searchWords } from "~/lib/db/tables/catalogue.server";
import { likePattern } from "~/lib/sql-like";

/*
 * The storefront search, as SQL pieces for the product listing (docs/decisions/0023).
 *
 * First the search as typed: products whose name or description contains it, found through the
 * trigram index on `products.search_text`, names before descriptions, then newest first. Only when
 * that finds nothing is each word of the search looked up in `search_words`, and products holding
 * every word — as typed or as a close word ("walet" → "wallet") — are shown, closest first.
 */

/** How close a word of the shop must be to a typed word to stand for it (pg_trgm word_similarity). */
const CLOSE_WORD_SIMILARITY = 0.5;
/** Close words taken per typed word, the closest first. */
const CLOSE_WORDS_PER_WORD = 5;
/** Words of a search looked at; a longer search keeps its first ones. */
const MAX_WORDS = 8;

/** Products whose name or description contains `text`, whatever the letter case. */
export function containsText(text: string): SQL {
  return sql`${products.searchText} like lower(${likePattern(text)})`;
}

/** True for a product whose name contains `text`: such products come first in a search. */
export function nameContains(text: string): SQL {
  return sql`lower(${products.name}) like lower(${likePattern(text)})`;
}

interface TypedWord {
  typed: string;
  /** Only words of letters are corrected; numbers and one- or two-letter words are kept as typed. */
  correctable: boolean;
}

/**
 * The words of a search worth correcting, or null when the search is not made of words: one with
 * a LIKE wildcard or backslash is searched literally and never corrected ("%tote" is not "tote").
 */
function typedWords(q: string): TypedWord[] | null {
  if (/[\\%_]/.test(q)) return null;
  const words = q
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((typed) => ({ typed, correctable: /^\p{L}{3,40}$/u.test(typed) }));
  return words.some((w) => w.correctable) ? words : null;
}

export interface CloseMatch {
  /** Products holding, for every typed word, that word or one close to it. */
  where: SQL;
  /** Higher for products whose words are closer to the typed ones. */
  score: SQL;
  /** What each typed word stood for, for tests and logs. */
  words: { typed: string; alternatives: { word: string; similarity: number }[] }[];
}

/**
 * Looks up, in the shop's own words, those close to each typed word of `q`; null when `q` is not
 * made of words. One query on the small `search_words` table through its trigram index.
 */
export async function closeMatch(db: Db, q: string): Promise<CloseMatch | null> {
  const words = typedWords(q);
  if (!words) return null;
  const correctable = words.filter((w) => w.correctable).map((w) => w.typed);
  // `%` (similarity ≥ pg_trgm.similarity_threshold, 0.3 by default) lets the index pick the
  // candidates; word_similarity then decides.
  const result = (await db.execute(sql`
    select t.typed, w.word, w.similarity
    from unnest(array[${sql.join(
      correctable.map((c) => sql`${c}::text`),
      sql`, `,
    )}]) as t(typed)
    cross join lateral (
      select s.word, word_similarity(lower(t.typed), s.word) as similarity
      from ${searchWords} s
      where s.word % lower(t.typed) and word_similarity(lower(t.typed), s.word) >= ${CLOSE_WORD_SIMILARITY}
      order by 2 desc, 1
      limit ${CLOSE_WORDS_PER_WORD}
    ) w`)) as { rows: { typed: string; word: string; similarity: number | string }[] };

  const found = words.map(({ typed }) => ({
    typed,
    // The word as typed always counts, fully: it may be part of a longer word ("bifo").
    alternatives: [
      { word: typed, similarity: 1 },
      ...result.rows
        .filter((r) => r.typed === typed && r.word !== typed.toLowerCase())
        .map((r) => ({ word: r.word, similarity: Number(r.similarity) })),
    ],
  }));
  const where = sql.join(
    found.map(
      ({ alternatives }) =>
        sql`(${sql.join(
          alternatives.map((a) => containsText(a.word)),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
  const score = sql.join(
    found.map(
      ({ alternatives }) =>
        sql`greatest(${sql.join(
          alternatives.map((a) => sql`case when ${containsText(a.word)} then ${a.similarity}::real else 0 end`),
          sql`, `,
        )})`,
    ),
    sql` + `,
  );
  return { where: sql`(${where})`, score: sql`(${score})`, words: found };
}
