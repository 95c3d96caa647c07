-- Issue 31 item 4 (产业招商, ADR 0200): each company's expansion signals as of a day (recent
-- branches elsewhere, financing rounds, capital increase, staff growth), computed once per day
-- from the company tables so a ranking joins a few tens of thousands of rows instead of
-- aggregating the signal tables per request. Refresh rule: computed on the first ranking of a day;
-- days computed more than a day ago are dropped then; a TRUNCATE of enterprises forgets them.
CREATE TABLE IF NOT EXISTS "merchant_signal_days" (
  "as_of" date PRIMARY KEY,
  "companies" integer NOT NULL,
  "computed_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "merchant_signals" (
  "as_of" date NOT NULL,
  "enterprise_id" bigint NOT NULL,
  -- The company's filter columns as of the computation, so a ranking reads only this table until
  -- its page (the company's name and figures are read fresh for the page's rows).
  "province_code" text,
  "city_code" text,
  "industry_division" text,
  "industry_group" text,
  "industry_class" text,
  "status" text,
  "establish_date" date,
  "weight" real NOT NULL DEFAULT 0,
  "br_n" integer,
  "br_last" date,
  "br_regions" text[],
  "fin_n" integer,
  "fin_last" date,
  "fin_round" text,
  "fin_amount" text,
  "cap_last" date,
  "cap_after" text,
  "st_year" smallint,
  "st_prev" integer,
  "st_cur" integer,
  PRIMARY KEY ("as_of", "enterprise_id")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION forget_merchant_signals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM merchant_signals;
	DELETE FROM merchant_signal_days;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "enterprises_truncate_forgets_merchant_signals" ON "enterprises";--> statement-breakpoint
CREATE TRIGGER "enterprises_truncate_forgets_merchant_signals" AFTER TRUNCATE ON "enterprises"
  FOR EACH STATEMENT EXECUTE FUNCTION forget_merchant_signals();
