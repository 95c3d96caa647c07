-- Search plans (docs/adr/0021-chinese-bigram-search.md): the normalised name document is stored, so
-- "contains" checks on it cost one strpos per row. Frequent bigrams (科技, 有限) are answered by
-- walking a weight-ordered index with that check as a filter; rare ones by the GIN index, whose
-- results are then re-checked the same cheap way. (enterprises_name_grams_idx, on the computed
-- expression, stays while advanced search still uses that expression.)
ALTER TABLE enterprises ADD COLUMN IF NOT EXISTS name_doc text
  GENERATED ALWAYS AS (public.lr_name_doc(name, former_names, brand_words)) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprises_name_doc_grams_idx ON enterprises
  USING gin (public.lr_doc_bigrams(name_doc));
--> statement-breakpoint
-- City and district filters walk their own weight order instead of scanning.
CREATE INDEX IF NOT EXISTS enterprises_city_weight_idx ON enterprises (city_code, weight DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprises_district_weight_idx ON enterprises (district_code, weight DESC);
