-- Storefront search by trigram index (docs/decisions/0023). pg_trgm is a trusted extension: the
-- owner of the database may create it (PostgreSQL 13+); the embedded database loads it at open.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || E'\n' || description)) STORED;--> statement-breakpoint
CREATE INDEX "search_words_word_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_text_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The words a misspelt search is corrected to: every run of 3 to 40 letters of a product's search
-- text, kept once. Collected per statement (a bulk insert reads its words once); words are never
-- removed, so a word of a deleted product costs one row and finds nothing.
CREATE OR REPLACE FUNCTION shop_collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In word order, so that two transactions adding the same new words never wait on each other
  -- in opposite orders.
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM new_rows, regexp_split_to_table(new_rows.search_text, '[^[:alpha:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40
  ORDER BY w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_updated AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_collect_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products, regexp_split_to_table(products.search_text, '[^[:alpha:]]+') AS w
WHERE length(w) BETWEEN 3 AND 40
ON CONFLICT (word) DO NOTHING;
