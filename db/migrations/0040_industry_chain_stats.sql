-- Issue 31 item 2 (产业链图谱, ADR 0192): each chain's node statistics (companies, leaders,
-- regions), precomputed from the company data, so a chain graph reads one row. Refresh rule: a
-- chain's row is computed on its first read and recomputed in the background on a read when
-- older than 6 hours; a TRUNCATE of enterprises (a reseed) forgets every row.
CREATE TABLE IF NOT EXISTS "industry_chain_stats" (
  "chain_code" text PRIMARY KEY,
  "nodes" jsonb NOT NULL,
  "total" integer NOT NULL DEFAULT 0,
  "refreshed_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION forget_industry_list_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM industry_list_members;
	UPDATE industry_lists SET refreshed_at = NULL, member_count = 0, members_capped = false;
	DELETE FROM industry_chain_stats;
	RETURN NULL;
END $$;
