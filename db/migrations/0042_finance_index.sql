-- Issue 32 items 1-2 (投融资, ADR 0193): financing events across companies, investment
-- institutions and their portfolios, materialised from enterprise_financing joined to the company
-- data (region, industry) so that /finance, /details/projectionDetail and
-- /details/organizationDetail read index ranges. Refresh rule: computed on the first read, again
-- in the background on a read when older than 6 hours, at once after `npm run import:finance`; a
-- TRUNCATE of enterprises (a reseed) forgets the events and links (institutions keep their ids).
CREATE TABLE IF NOT EXISTS "finance_events" (
  "id" bigint PRIMARY KEY,
  "enterprise_id" bigint NOT NULL,
  "round" text NOT NULL,
  "round_rank" smallint NOT NULL,
  "financing_date" date NOT NULL,
  "amount" text,
  "amount_wan" numeric,
  "investors" text[] NOT NULL DEFAULT '{}',
  "province_code" text,
  "industry_section" text
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finance_events_date_idx" ON "finance_events" ("financing_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finance_events_section_idx" ON "finance_events" ("industry_section", "financing_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finance_events_province_idx" ON "finance_events" ("province_code", "financing_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finance_events_round_idx" ON "finance_events" ("round", "financing_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finance_events_amount_idx" ON "finance_events" ("amount_wan" DESC NULLS LAST, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finance_events_enterprise_idx" ON "finance_events" ("enterprise_id");--> statement-breakpoint
-- Institutions are named by the events; a name keeps its id across refreshes and reseeds, so
-- links and sitemap entries stay valid.
CREATE TABLE IF NOT EXISTS "finance_institutions" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL,
  "event_count" integer NOT NULL DEFAULT 0,
  "project_count" integer NOT NULL DEFAULT 0,
  "first_date" date,
  "last_date" date,
  -- The portfolio by round, industry section and year and the top co-investors, computed with
  -- the links at each refresh: an institution page reads one row instead of four aggregates.
  "portfolio" jsonb,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "finance_institutions_name_uq" UNIQUE ("name")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finance_institutions_events_idx" ON "finance_institutions" ("event_count" DESC, "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "finance_event_investors" (
  "institution_id" integer NOT NULL,
  "event_id" bigint NOT NULL,
  "enterprise_id" bigint NOT NULL,
  "financing_date" date NOT NULL,
  "round" text NOT NULL,
  "industry_section" text,
  PRIMARY KEY ("institution_id", "event_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finance_event_investors_event_idx" ON "finance_event_investors" ("event_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finance_event_investors_date_idx" ON "finance_event_investors" ("institution_id", "financing_date" DESC, "event_id" DESC);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "finance_index_state" (
  "id" smallint PRIMARY KEY DEFAULT 1,
  "refreshed_at" timestamp with time zone,
  "event_count" integer NOT NULL DEFAULT 0,
  CONSTRAINT "finance_index_state_one_ck" CHECK (id = 1)
);--> statement-breakpoint
INSERT INTO "finance_index_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forget_finance_index() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM finance_events;
	DELETE FROM finance_event_investors;
	UPDATE finance_institutions SET event_count = 0, project_count = 0, first_date = NULL, last_date = NULL;
	UPDATE finance_index_state SET refreshed_at = NULL, event_count = 0;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "enterprises_truncate_forgets_finance" ON "enterprises";--> statement-breakpoint
CREATE TRIGGER "enterprises_truncate_forgets_finance" AFTER TRUNCATE ON "enterprises"
	FOR EACH STATEMENT EXECUTE FUNCTION forget_finance_index();
