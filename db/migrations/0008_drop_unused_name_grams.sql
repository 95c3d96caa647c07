-- enterprises_name_grams_idx (bigrams of lr_name_doc(name, former_names, brand_words), 49 MB at
-- 1,000,000 companies) has served no query since search and advanced search moved to the stored
-- name_doc column and its own index (0004). Dropping it saves its space and ~10 % of a seed's
-- index rebuild.
DROP INDEX IF EXISTS enterprises_name_grams_idx;
