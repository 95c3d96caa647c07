-- Issue 31 item 1 (产业地图, ADR 0198): per industry (or chain) and region, the companies per
-- child region, per establishment year and per capital band, and the leaders, precomputed so the
-- page reads one row. Refresh rule: computed on the first read of a (subject, region), recomputed
-- in the background on a read when older than 6 hours; a TRUNCATE of enterprises forgets them.
CREATE TABLE IF NOT EXISTS "industry_map_stats" (
  "subject" text NOT NULL,
  "region" text NOT NULL DEFAULT '',
  "stats" jsonb NOT NULL,
  "refreshed_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("subject", "region")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION forget_industry_list_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM industry_list_members;
	UPDATE industry_lists SET refreshed_at = NULL, member_count = 0, members_capped = false;
	DELETE FROM industry_chain_stats;
	DELETE FROM industry_map_stats;
	RETURN NULL;
END $$;
