-- Chinese enterprise search (docs/adr/0021-chinese-bigram-search.md).
-- pg_trgm cannot index patterns under 3 characters, and Chinese queries are often 2 characters
-- long, so text is indexed as its set of overlapping character bigrams in GIN indexes: a query's
-- bigrams must all be present (index), then the normalised text must contain the query (recheck).
-- Function references are schema-qualified: index builds run with a restricted search_path.

-- Lower case, without whitespace and punctuation (ASCII and full-width): the form both sides compare.
CREATE OR REPLACE FUNCTION public.lr_search_norm(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(regexp_replace(input, '[[:space:][:punct:]（）【】《》〈〉「」『』、，。：；！？“”‘’·…—～]+', '', 'g'))
$$;
--> statement-breakpoint
-- The distinct bigrams of a normalised text; a 1-character text is its own single gram.
CREATE OR REPLACE FUNCTION public.lr_bigrams(input text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT CASE
    WHEN char_length(s) < 2 THEN CASE WHEN s = '' THEN '{}'::text[] ELSE ARRAY[s] END
    ELSE ARRAY(SELECT DISTINCT substr(s, i, 2) FROM generate_series(1, char_length(s) - 1) AS i)
  END
  FROM (SELECT public.lr_search_norm(input) AS s) n
$$;
--> statement-breakpoint
-- Names a company is found by: its name, former names and brand words. A separator character
-- that normalisation keeps ('|') stops bigrams from spanning two names.
CREATE OR REPLACE FUNCTION public.lr_name_doc(name text, former_names text[], brand_words text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.lr_search_norm(coalesce(name, '')) || '|' ||
         public.lr_search_norm(coalesce(array_to_string(former_names, '|'), '')) || '|' ||
         public.lr_search_norm(coalesce(array_to_string(brand_words, '|'), ''))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.lr_text_doc(legal_person text, address text, business_scope text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.lr_search_norm(coalesce(legal_person, '')) || '|' ||
         public.lr_search_norm(coalesce(address, '')) || '|' ||
         public.lr_search_norm(coalesce(business_scope, ''))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.lr_doc_bigrams(doc text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT ARRAY(
    SELECT DISTINCT g FROM (SELECT substr(doc, i, 2) AS g FROM generate_series(1, char_length(doc) - 1) AS i) x
    WHERE position('|' in g) = 0
  )
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprises_name_grams_idx ON enterprises
  USING gin (public.lr_doc_bigrams(public.lr_name_doc(name, former_names, brand_words)));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprises_text_grams_idx ON enterprises
  USING gin (public.lr_doc_bigrams(public.lr_text_doc(legal_person, address, business_scope)));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprise_shareholders_name_grams_idx ON enterprise_shareholders
  USING gin (public.lr_bigrams(holder_name));
--> statement-breakpoint
-- Exact and prefix name matches rank first; credit codes are searched by prefix.
CREATE INDEX IF NOT EXISTS enterprises_name_pattern_idx ON enterprises (name text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprises_uncid_pattern_idx ON enterprises (uncid text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprise_contacts_value_idx ON enterprise_contacts (value);
--> statement-breakpoint
-- Filter-only listings sort by company weight, capital or date.
CREATE INDEX IF NOT EXISTS enterprises_weight_idx ON enterprises (weight DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprises_capital_idx ON enterprises (reg_capital DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprises_establish_idx ON enterprises (establish_date DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprises_province_weight_idx ON enterprises (province_code, weight DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprises_industry_weight_idx ON enterprises (industry_section, weight DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS search_condition_templates (
  id bigserial PRIMARY KEY,
  tenant_id bigint NOT NULL,
  user_id bigint NOT NULL,
  name text NOT NULL,
  condition jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_condition_templates_user_idx ON search_condition_templates (user_id, created_at DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS search_history (
  id bigserial PRIMARY KEY,
  tenant_id bigint NOT NULL,
  user_id bigint NOT NULL,
  keyword text NOT NULL DEFAULT '',
  condition jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_history_user_idx ON search_history (user_id, created_at DESC);
