-- Search budgets at 1,000,000 companies (issue 10, docs/benchmarks/search.md, ADR 0021): the
-- "other fields" of a keyword were one source over legal person | address | business scope, found
-- through one bigram index whose every candidate had to be read from the table. An address fragment
-- such as 省许昌 is in a city's addresses (0.1-0.5 % of companies, too rare for the bigram
-- statistics to know): thousands of table rows were read, sorted by weight, and ran out of time.
-- Legal person and address (short) and business scope (long) are now separate sources:
--
-- The weight walk of legal person and address: walks and the share counted before a plan is chosen
-- are index-only scans, over the leading pages every keyword reads (they stay cached).
CREATE INDEX IF NOT EXISTS enterprises_text_walk_idx ON enterprises (weight DESC, id) INCLUDE (legal_person, address);
--> statement-breakpoint
-- Bigrams of legal person and address alone: a rare person or place is found without reading the
-- companies whose business scope happens to hold the same bigrams.
CREATE INDEX IF NOT EXISTS enterprises_person_address_grams_idx ON enterprises
  USING gin (public.lr_doc_bigrams(public.lr_text_doc(legal_person, address, NULL)));
--> statement-breakpoint
-- Bigrams of the business scope alone: a scope match is found without reading every company in a
-- city whose address holds the bigrams.
CREATE INDEX IF NOT EXISTS enterprises_scope_grams_idx ON enterprises
  USING gin (public.lr_bigrams(business_scope));
