-- Search budgets at 1,000,000 companies (issue 10, docs/benchmarks/search.md, ADR 0151): an
-- address fragment or a legal person's name is found through a bigram index whose every match is
-- then read from the enterprises table for its text and the columns ranking and facets need. That
-- table is wide (business scope, listing data: 734 MB at 1M), so 1,000-2,000 matches are as many
-- table pages, mostly not in shared buffers on first ask (28-42 ms, 8-17 ms warm).
--
-- enterprise_search_texts is a narrow copy of what those searches read: legal person, address,
-- weight and the sort and facet columns, about a seventh of the table, kept in address order when
-- rows arrive in bulk so a city's or district's companies share pages. Triggers keep it in step
-- with enterprises (statement-level, so a COPY of a million rows costs one sorted insert).
CREATE TABLE IF NOT EXISTS enterprise_search_texts AS
  SELECT id, weight, legal_person, address, reg_capital, establish_date, province_code,
         industry_section, status
    FROM enterprises ORDER BY address, id;
--> statement-breakpoint
ALTER TABLE enterprise_search_texts ADD PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE enterprise_search_texts ALTER COLUMN weight SET NOT NULL;
--> statement-breakpoint
-- The same expression as enterprises_person_address_grams_idx (migration 0028), so the search's
-- conditions read either table unchanged.
CREATE INDEX IF NOT EXISTS enterprise_search_texts_grams_idx ON enterprise_search_texts
  USING gin (public.lr_doc_bigrams(public.lr_text_doc(legal_person, address, NULL)));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.lr_search_texts_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enterprise_search_texts (id, weight, legal_person, address, reg_capital,
      establish_date, province_code, industry_section, status)
    SELECT id, weight, legal_person, address, reg_capital, establish_date, province_code,
           industry_section, status
      FROM inserted ORDER BY address, id
  ON CONFLICT (id) DO UPDATE SET weight = excluded.weight, legal_person = excluded.legal_person,
    address = excluded.address, reg_capital = excluded.reg_capital,
    establish_date = excluded.establish_date, province_code = excluded.province_code,
    industry_section = excluded.industry_section, status = excluded.status;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only rows whose copied columns changed are written (contact counts and the like change often).
CREATE OR REPLACE FUNCTION public.lr_search_texts_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE enterprise_search_texts t
     SET weight = n.weight, legal_person = n.legal_person, address = n.address,
         reg_capital = n.reg_capital, establish_date = n.establish_date,
         province_code = n.province_code, industry_section = n.industry_section, status = n.status
    FROM updated n
   WHERE t.id = n.id
     AND (t.weight, t.legal_person, t.address, t.reg_capital, t.establish_date, t.province_code,
          t.industry_section, t.status)
         IS DISTINCT FROM
         (n.weight, n.legal_person, n.address, n.reg_capital, n.establish_date, n.province_code,
          n.industry_section, n.status);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.lr_search_texts_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM enterprise_search_texts t USING deleted d WHERE t.id = d.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.lr_search_texts_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE enterprise_search_texts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER enterprises_search_texts_insert AFTER INSERT ON enterprises
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT
  EXECUTE FUNCTION public.lr_search_texts_inserted();
--> statement-breakpoint
CREATE TRIGGER enterprises_search_texts_update AFTER UPDATE ON enterprises
  REFERENCING NEW TABLE AS updated FOR EACH STATEMENT
  EXECUTE FUNCTION public.lr_search_texts_updated();
--> statement-breakpoint
CREATE TRIGGER enterprises_search_texts_delete AFTER DELETE ON enterprises
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT
  EXECUTE FUNCTION public.lr_search_texts_deleted();
--> statement-breakpoint
CREATE TRIGGER enterprises_search_texts_truncate AFTER TRUNCATE ON enterprises
  FOR EACH STATEMENT EXECUTE FUNCTION public.lr_search_texts_truncated();
--> statement-breakpoint
ANALYZE enterprise_search_texts;
