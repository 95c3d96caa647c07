-- Licensed company data import (issue 37 item 1, ADR 0212). One row per run of
-- `npm run import:enterprises`: the files' hash finds an unfinished run to resume, the checkpoint
-- says how many records are safely staged. Staging tables are UNLOGGED (no WAL for data that is
-- copied again into the real tables); a server crash empties them, which the checkpoint check
-- notices (staged count differs) and stages again.
CREATE TABLE "enterprise_import_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"files_hash" text NOT NULL,
	"files" jsonb NOT NULL,
	"status" text DEFAULT 'staging' NOT NULL,
	"checkpoint" bigint DEFAULT 0 NOT NULL,
	"staged" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"inserted" bigint DEFAULT 0 NOT NULL,
	"updated" bigint DEFAULT 0 NOT NULL,
	"unchanged" bigint DEFAULT 0 NOT NULL,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "enterprise_import_runs_hash_idx" ON "enterprise_import_runs" ("files_hash", "status");
--> statement-breakpoint
-- What the last import wrote for a company (by credit code): a re-import compares digests, so an
-- unchanged company is not rewritten and its page version stays. Per child kind, so a run without
-- a shareholders file leaves the shareholders (and their digest) alone.
CREATE TABLE "enterprise_import_digests" (
	"uncid" text PRIMARY KEY NOT NULL,
	"row_digest" text NOT NULL,
	"shareholders" text,
	"people" text,
	"changes" text,
	"branches" text
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "enterprise_import_stage" (
	"run_id" bigint NOT NULL,
	"ord" bigint NOT NULL,
	"uncid" text NOT NULL,
	"row_digest" text NOT NULL,
	"supplied" smallint NOT NULL,
	"name" text NOT NULL,
	"former_names" text[] NOT NULL,
	"brand_words" text[] NOT NULL,
	"reg_no" text,
	"org_type" text NOT NULL,
	"status" text NOT NULL,
	"legal_person" text NOT NULL,
	"reg_capital" numeric(18, 4),
	"reg_capital_currency" text NOT NULL,
	"paid_capital" numeric(18, 4),
	"establish_date" date,
	"approval_date" date,
	"term_start" date,
	"term_end" date,
	"reg_authority" text,
	"province_code" text,
	"city_code" text,
	"district_code" text,
	"address" text,
	"lng" double precision,
	"lat" double precision,
	"industry_section" text,
	"industry_division" text,
	"industry_group" text,
	"industry_class" text,
	"business_scope" text,
	"staff_size" text,
	"insured_count" integer,
	"website" text,
	"tags" text[] NOT NULL,
	"listed" boolean NOT NULL,
	"weight" real NOT NULL
);
--> statement-breakpoint
CREATE INDEX "enterprise_import_stage_run_idx" ON "enterprise_import_stage" ("run_id", "ord");
--> statement-breakpoint
CREATE UNLOGGED TABLE "enterprise_import_stage_shareholders" (
	"run_id" bigint NOT NULL,
	"ord" bigint NOT NULL,
	"uncid" text NOT NULL,
	"holder_type" text NOT NULL,
	"holder_name" text NOT NULL,
	"holder_uncid" text,
	"ratio" numeric(7, 4),
	"subscribed_amount" numeric(18, 4),
	"subscribed_date" date
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "enterprise_import_stage_people" (
	"run_id" bigint NOT NULL,
	"ord" bigint NOT NULL,
	"uncid" text NOT NULL,
	"name" text NOT NULL,
	"roles" text[] NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "enterprise_import_stage_changes" (
	"run_id" bigint NOT NULL,
	"ord" bigint NOT NULL,
	"uncid" text NOT NULL,
	"change_date" date NOT NULL,
	"item" text NOT NULL,
	"before" text,
	"after" text
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "enterprise_import_stage_branches" (
	"run_id" bigint NOT NULL,
	"ord" bigint NOT NULL,
	"uncid" text NOT NULL,
	"name" text NOT NULL,
	"branch_uncid" text,
	"principal" text,
	"region_code" text,
	"establish_date" date,
	"status" text
);
--> statement-breakpoint
-- Reloading the corpus (db:seed --reset) forgets what the last import wrote.
CREATE OR REPLACE FUNCTION public.lr_forget_import_digests() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE enterprise_import_digests;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "enterprises_truncate_forgets_import_digests" AFTER TRUNCATE ON "enterprises"
  FOR EACH STATEMENT EXECUTE FUNCTION public.lr_forget_import_digests();
