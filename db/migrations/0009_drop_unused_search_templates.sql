-- search_templates was declared in the first schema but never used: templates have always lived in
-- search_condition_templates (created by 0003 in raw SQL). 0010 brings that table into db/schema.
DROP TABLE IF EXISTS "search_templates" CASCADE;
