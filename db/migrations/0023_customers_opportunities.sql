-- Issue 15: customers (客户), their follow-ups, opportunities (商机) and per-tenant pipeline stages
-- (docs/adr/0110-customers-and-opportunities.md).
CREATE TABLE "customers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"enterprise_id" bigint,
	"name" text NOT NULL,
	"credit_code" text,
	"level" text DEFAULT 'B' NOT NULL,
	"source" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address" text,
	"remark" text,
	"owner_user_id" bigint NOT NULL,
	"creator_user_id" bigint NOT NULL,
	"from_clue_id" bigint REFERENCES "clues"("id") ON DELETE SET NULL,
	"next_follow_at" timestamp with time zone,
	"last_follow_at" timestamp with time zone,
	"follow_count" integer DEFAULT 0 NOT NULL,
	"search_doc" text GENERATED ALWAYS AS (public.lr_search_norm(coalesce(name, '')) || '|' || public.lr_search_norm(coalesce(credit_code, '')) || '|' || public.lr_search_norm(jsonb_path_query_array(contacts, '$[*].name')::text) || '|' || public.lr_search_norm(jsonb_path_query_array(contacts, '$[*].mobile')::text)) STORED,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_level_ck" CHECK ("customers"."level" IN ('A', 'B', 'C')),
	CONSTRAINT "customers_source_ck" CHECK ("customers"."source" IN ('企业搜索', '企业详情', '高级搜索', '已解锁企业', '手动录入', '批量导入', 'AI 助手', '地图拓客', '其他', '线索转化')),
	CONSTRAINT "customers_tags_ck" CHECK (cardinality("customers"."tags") <= 10)
);
--> statement-breakpoint
-- One live customer per company per tenant; one customer per lead (convert-from-clue is idempotent).
CREATE UNIQUE INDEX "customers_tenant_enterprise_uq" ON "customers" USING btree ("tenant_id","enterprise_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_clue_uq" ON "customers" USING btree ("tenant_id","from_clue_id") WHERE from_clue_id is not null;--> statement-breakpoint
CREATE INDEX "customers_tenant_created_idx" ON "customers" USING btree ("tenant_id","created_at","id") INCLUDE ("owner_user_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "customers_tenant_owner_idx" ON "customers" USING btree ("tenant_id","owner_user_id","created_at") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "customers_tenant_updated_idx" ON "customers" USING btree ("tenant_id","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "customers_tenant_name_idx" ON "customers" USING btree ("tenant_id","name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "customers_tags_idx" ON "customers" USING gin ("tags") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "customers_tenant_deleted_idx" ON "customers" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
-- Keyword over name | credit code | contact names | contact mobiles, as for leads (ADR 0100).
CREATE INDEX "customers_search_grams_idx" ON "customers" USING gin (public.lr_doc_bigrams("search_doc")) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE "customer_follow_ups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"user_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"content" text NOT NULL,
	"next_follow_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_follow_ups_channel_ck" CHECK ("customer_follow_ups"."channel" IN ('电话', '微信', '拜访', '邮件', '其他'))
);
--> statement-breakpoint
CREATE INDEX "customer_follow_ups_customer_idx" ON "customer_follow_ups" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE TABLE "opportunity_stages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"probability" smallint NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_stages_type_ck" CHECK ("opportunity_stages"."type" IN ('open', 'won', 'lost')),
	CONSTRAINT "opportunity_stages_probability_ck" CHECK ("opportunity_stages"."probability" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_stages_tenant_name_uq" ON "opportunity_stages" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_stages_tenant_terminal_uq" ON "opportunity_stages" USING btree ("tenant_id","type") WHERE type <> 'open';--> statement-breakpoint
CREATE INDEX "opportunity_stages_tenant_sort_idx" ON "opportunity_stages" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE TABLE "opportunities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"name" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"stage_id" bigint NOT NULL REFERENCES "opportunity_stages"("id"),
	"status" text DEFAULT 'open' NOT NULL,
	"probability" smallint NOT NULL,
	"expected_close_date" date,
	"lost_reason" text,
	"remark" text,
	"owner_user_id" bigint NOT NULL,
	"creator_user_id" bigint NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunities_status_ck" CHECK ("opportunities"."status" IN ('open', 'won', 'lost')),
	CONSTRAINT "opportunities_amount_ck" CHECK ("opportunities"."amount" >= 0),
	CONSTRAINT "opportunities_probability_ck" CHECK ("opportunities"."probability" BETWEEN 0 AND 100),
	CONSTRAINT "opportunities_lost_reason_ck" CHECK ("opportunities"."status" <> 'lost' OR "opportunities"."lost_reason" IS NOT NULL)
);
--> statement-breakpoint
-- The pipeline: newest cards per stage, and per-stage count and amount index-only under a scope.
CREATE INDEX "opportunities_tenant_stage_idx" ON "opportunities" USING btree ("tenant_id","stage_id","updated_at" DESC,"id" DESC) INCLUDE ("amount","owner_user_id");--> statement-breakpoint
CREATE INDEX "opportunities_tenant_created_idx" ON "opportunities" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "opportunities_customer_idx" ON "opportunities" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "opportunities_tenant_owner_idx" ON "opportunities" USING btree ("tenant_id","owner_user_id");
