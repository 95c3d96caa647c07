-- Bounded search plans at 1,000,000 companies (issue 10, docs/benchmarks/search.md): every path
-- that matches a name prefix or a credit-code prefix runs on an index alone, without visiting the
-- table, so its cost follows the rows it returns rather than where those rows lie.
--
-- Name prefixes are matched on the stored name document (the name's search form comes first):
-- a capped count measures a prefix before a plan is chosen (a single character such as 广 starts
-- ~60,000 names, 限 none), the weight walk below checks it, and a rarer prefix is read in full
-- from this index with the weight beside it and sorted. It replaces the prefix index on the raw
-- name, which nothing else reads.
CREATE INDEX IF NOT EXISTS enterprises_name_doc_prefix_idx ON enterprises (name_doc text_pattern_ops) INCLUDE (weight, id);
--> statement-breakpoint
DROP INDEX IF EXISTS enterprises_name_pattern_idx;
--> statement-breakpoint
-- Credit-code prefixes the same way: 4 characters are a province's companies of one kind (some
-- 40,000, mostly of low weight: a walk in weight order would not reach them), 8 a city's.
CREATE INDEX IF NOT EXISTS enterprises_uncid_prefix_idx ON enterprises (uncid text_pattern_ops) INCLUDE (weight, id);
--> statement-breakpoint
DROP INDEX IF EXISTS enterprises_uncid_pattern_idx;
--> statement-breakpoint
-- The weight walk of frequent words also holds the credit code, so a short code prefix is walked
-- index-only like a frequent word (replaces the walk index of 0005).
CREATE INDEX IF NOT EXISTS enterprises_weight_walk_idx ON enterprises (weight DESC, id) INCLUDE (name_doc, uncid);
--> statement-breakpoint
DROP INDEX IF EXISTS enterprises_weight_name_doc_idx;
