-- Frequent words walk companies in weight order and test the stored name document; with the
-- document in the index the walk is an index-only scan (no heap visits on all-visible pages).
CREATE INDEX IF NOT EXISTS enterprises_weight_name_doc_idx ON enterprises (weight DESC, id) INCLUDE (name_doc);
