-- search_history was created by 0000 (kind, conditions) before 0003 described the shape the
-- search API writes (condition, keyword not null); 0003's CREATE TABLE IF NOT EXISTS then did
-- nothing, so recording a search failed. One shape from here on: `kind` says where the search
-- was made (keyword = the search box / company search, advanced = advanced search).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
              WHERE table_schema = current_schema() AND table_name = 'search_history' AND column_name = 'conditions') THEN
    ALTER TABLE search_history RENAME COLUMN conditions TO condition;
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE search_history ADD COLUMN IF NOT EXISTS kind text;
--> statement-breakpoint
UPDATE search_history SET kind = CASE WHEN condition ? 'advanced' THEN 'advanced' ELSE 'keyword' END WHERE kind IS NULL;
--> statement-breakpoint
ALTER TABLE search_history ALTER COLUMN kind SET DEFAULT 'keyword', ALTER COLUMN kind SET NOT NULL;
--> statement-breakpoint
UPDATE search_history SET keyword = '' WHERE keyword IS NULL;
--> statement-breakpoint
ALTER TABLE search_history ALTER COLUMN keyword SET DEFAULT '', ALTER COLUMN keyword SET NOT NULL;
