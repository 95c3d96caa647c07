-- Issue 14: leads (线索) for a sales team (docs/adr/0100-leads.md). New lead fields, soft delete,
-- follow-up records, today's rows migrated, indexes for a 100,000-lead tenant.
ALTER TABLE "clues" ADD COLUMN "credit_code" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "invalid_reason" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "contact_mobile" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "wechat" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "province_code" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "city_code" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "district_code" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "industry_section" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "industry_code" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "next_follow_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "last_follow_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "follow_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "deleted_by_user_id" bigint;--> statement-breakpoint
-- Today's rows: sources onto the fixed list, statuses into 0-3, company facts copied from the
-- linked company (the list filters and sorts on the lead's own columns).
UPDATE "clues" SET "source" = CASE
  WHEN "source" = '企业查询' THEN '企业搜索'
  WHEN "source" IN ('企业搜索', '企业详情', '高级搜索', '已解锁企业', '手动录入', '批量导入', 'AI 助手', '地图拓客', '其他') THEN "source"
  ELSE '其他' END;--> statement-breakpoint
UPDATE "clues" SET "status" = 0 WHERE "status" NOT BETWEEN 0 AND 3;--> statement-breakpoint
UPDATE "clues" c SET
  "credit_code" = e."uncid",
  "province_code" = e."province_code",
  "city_code" = e."city_code",
  "district_code" = e."district_code",
  "industry_section" = e."industry_section",
  "industry_code" = coalesce(e."industry_class", e."industry_group", e."industry_division"),
  "address" = e."address",
  "website" = e."website"
FROM "enterprises" e WHERE e."id" = c."enterprise_id";--> statement-breakpoint
-- Each field normalised on its own and joined with '|' (kept by lr_doc_bigrams as a border), so
-- neither a bigram nor a match spans two fields.
ALTER TABLE "clues" ADD COLUMN "search_doc" text GENERATED ALWAYS AS (public.lr_search_norm(coalesce(name, '')) || '|' || public.lr_search_norm(coalesce(credit_code, '')) || '|' || public.lr_search_norm(coalesce(contact_name, '')) || '|' || public.lr_search_norm(coalesce(contact_mobile, '')) || '|' || public.lr_search_norm(coalesce(contact_phone, ''))) STORED;--> statement-breakpoint
ALTER TABLE "clues" ADD CONSTRAINT "clues_status_ck" CHECK ("clues"."status" between 0 and 3);--> statement-breakpoint
ALTER TABLE "clues" ADD CONSTRAINT "clues_source_ck" CHECK ("clues"."source" IN ('企业搜索', '企业详情', '高级搜索', '已解锁企业', '手动录入', '批量导入', 'AI 助手', '地图拓客', '其他'));--> statement-breakpoint
DROP INDEX IF EXISTS "clues_tenant_enterprise_uq";--> statement-breakpoint
DROP INDEX IF EXISTS "clues_tenant_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "clues_tenant_enterprise_uq" ON "clues" USING btree ("tenant_id","enterprise_id") WHERE deleted_at is null;--> statement-breakpoint
-- The owner rides along (INCLUDE) so counts under a data scope stay index-only.
CREATE INDEX "clues_tenant_created_idx" ON "clues" USING btree ("tenant_id","created_at","id") INCLUDE ("owner_user_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clues_tenant_status_idx" ON "clues" USING btree ("tenant_id","status","created_at") INCLUDE ("owner_user_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clues_tenant_owner_idx" ON "clues" USING btree ("tenant_id","owner_user_id","created_at") WHERE deleted_at is null;--> statement-breakpoint
-- Follow-up sorts keep leads without a time last in both directions: one index each way.
CREATE INDEX "clues_tenant_next_follow_idx" ON "clues" USING btree ("tenant_id","next_follow_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clues_tenant_next_follow_desc_idx" ON "clues" USING btree ("tenant_id","next_follow_at" DESC NULLS LAST,"id" DESC) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clues_tenant_last_follow_idx" ON "clues" USING btree ("tenant_id","last_follow_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clues_tenant_last_follow_desc_idx" ON "clues" USING btree ("tenant_id","last_follow_at" DESC NULLS LAST,"id" DESC) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clues_tenant_name_idx" ON "clues" USING btree ("tenant_id","name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clues_tenant_province_idx" ON "clues" USING btree ("tenant_id","province_code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clues_tenant_city_idx" ON "clues" USING btree ("tenant_id","city_code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clues_tenant_district_idx" ON "clues" USING btree ("tenant_id","district_code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clues_tenant_industry_idx" ON "clues" USING btree ("tenant_id","industry_code" text_pattern_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clues_tenant_deleted_idx" ON "clues" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
-- Keyword over name | credit code | contact name | mobile | landline: bigrams, as the enterprise
-- search indexes names (docs/adr/0021); the query recheck is strpos on search_doc.
CREATE INDEX "clues_search_grams_idx" ON "clues" USING gin (public.lr_doc_bigrams("search_doc")) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE "clue_follow_ups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"clue_id" bigint NOT NULL REFERENCES "clues"("id") ON DELETE CASCADE,
	"user_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"content" text NOT NULL,
	"next_follow_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clue_follow_ups_channel_ck" CHECK ("clue_follow_ups"."channel" IN ('电话', '微信', '拜访', '邮件', '其他'))
);
--> statement-breakpoint
CREATE INDEX "clue_follow_ups_clue_idx" ON "clue_follow_ups" USING btree ("clue_id","created_at");
--> statement-breakpoint
-- 今日待跟进 and the dueToday filter: open leads by next follow-up, owner for the data scope.
CREATE INDEX "clues_tenant_due_idx" ON "clues" USING btree ("tenant_id","next_follow_at","owner_user_id") WHERE deleted_at is null and status in (0, 1);--> statement-breakpoint
-- Live leads per (tenant, follow user, status), kept by statement triggers on clues: get-clue-num
-- sums a few rows under any data scope instead of counting 100,000 leads (ADR 0100).
CREATE TABLE "clue_owner_counts" (
	"tenant_id" bigint NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "clue_owner_counts_pk" PRIMARY KEY ("tenant_id","owner_user_id","status")
);
--> statement-breakpoint
INSERT INTO "clue_owner_counts" ("tenant_id", "owner_user_id", "status", "n")
SELECT "tenant_id", "owner_user_id", "status", count(*) FROM "clues" WHERE "deleted_at" IS NULL
GROUP BY 1, 2, 3;--> statement-breakpoint
-- Adds the live rows of `plus` and takes away those of `minus`, in key order (no deadlock between
-- two statements touching the same keys).
CREATE OR REPLACE FUNCTION public.lr_clue_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO clue_owner_counts AS c (tenant_id, owner_user_id, status, n)
    SELECT tenant_id, owner_user_id, status, count(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, owner_user_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO clue_owner_counts AS c (tenant_id, owner_user_id, status, n)
    SELECT tenant_id, owner_user_id, status, -count(*) FROM old_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, owner_user_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO clue_owner_counts AS c (tenant_id, owner_user_id, status, n)
    SELECT tenant_id, owner_user_id, status, sum(d)::int FROM (
      SELECT tenant_id, owner_user_id, status, 1 AS d FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT tenant_id, owner_user_id, status, -1 FROM old_rows WHERE deleted_at IS NULL
    ) x GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, owner_user_id, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "clues_counts_ins" AFTER INSERT ON "clues" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.lr_clue_counts_apply();--> statement-breakpoint
CREATE TRIGGER "clues_counts_upd" AFTER UPDATE ON "clues" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.lr_clue_counts_apply();--> statement-breakpoint
CREATE TRIGGER "clues_counts_del" AFTER DELETE ON "clues" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.lr_clue_counts_apply();
