-- Issue 29 item 4 (ADR 0183): code groups (代码组, the tenant's dictionaries) and data management
-- (数据管理: recycle-bin retention, deleted opportunities kept for restore).
-- A tenant's values of one group; a tenant without rows of a group uses the platform defaults
-- (lib/shared/code-group/code-group.constants.ts) until its administrator first edits the group.
CREATE TABLE "code_group_values" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "tenant_id" bigint NOT NULL,
  "group_code" text NOT NULL,
  "code" text NOT NULL,
  "label" text NOT NULL,
  "sort" integer NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "built_in" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "code_group_values_code_ck" CHECK (char_length("code") between 1 and 20),
  CONSTRAINT "code_group_values_label_ck" CHECK (char_length("label") between 1 and 20)
);--> statement-breakpoint
CREATE UNIQUE INDEX "code_group_values_code_uq" ON "code_group_values" USING btree ("tenant_id","group_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "code_group_values_label_uq" ON "code_group_values" USING btree ("tenant_id","group_code","label");--> statement-breakpoint
-- Per-tenant data settings: how long deleted records stay in the recycle bin.
CREATE TABLE "tenant_data_settings" (
  "tenant_id" bigint PRIMARY KEY NOT NULL,
  "recycle_retention_days" integer DEFAULT 30 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "tenant_data_settings_retention_ck" CHECK ("recycle_retention_days" between 1 and 365)
);--> statement-breakpoint
-- A deleted opportunity, as it was (the row in JSON), until restored or purged. Opportunities are
-- deleted for real (their queries stay as they are); this is their recycle bin.
CREATE TABLE "deleted_opportunities" (
  "id" bigint PRIMARY KEY NOT NULL,
  "tenant_id" bigint NOT NULL,
  "customer_id" bigint NOT NULL,
  "name" text NOT NULL,
  "row" jsonb NOT NULL,
  "deleted_by_user_id" bigint,
  "deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "deleted_opportunities_tenant_idx" ON "deleted_opportunities" USING btree ("tenant_id","deleted_at");--> statement-breakpoint
-- Sources, follow-up kinds and levels are the tenant's dictionaries now: the fixed lists go.
ALTER TABLE "clues" DROP CONSTRAINT IF EXISTS "clues_source_ck";--> statement-breakpoint
ALTER TABLE "clue_follow_ups" DROP CONSTRAINT IF EXISTS "clue_follow_ups_channel_ck";--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT IF EXISTS "customers_level_ck";--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT IF EXISTS "customers_source_ck";--> statement-breakpoint
ALTER TABLE "customer_follow_ups" DROP CONSTRAINT IF EXISTS "customer_follow_ups_channel_ck";
