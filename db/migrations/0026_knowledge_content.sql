-- Issue 17: knowledge content (docs/adr/0140-knowledge-content.md): policies, subsidies, research
-- reports / industry briefings, industry news and health topics. Search uses the bigram approach of
-- enterprise names (ADR 0021): a normalised search document per row ('|' between fields, so no
-- bigram spans two of them) and its distinct bigrams in a GIN-indexed array; 2-character queries
-- are one bigram, answered by the index alone. Both are computed by the writer
-- (lib/server/content/search-doc.ts): computing bigrams of long bodies in SQL costs milliseconds
-- per row. Application status is derived from the window and today.
CREATE TABLE "content_policies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"title" text NOT NULL,
	"issuer" text NOT NULL,
	"doc_no" text,
	"level" text NOT NULL,
	"region_code" text,
	"province_code" text DEFAULT '000000' NOT NULL,
	"city_code" text,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"kind" text NOT NULL,
	"publish_date" date NOT NULL,
	"effective_date" date,
	"expiry_date" date,
	"apply_start" date,
	"apply_end" date,
	"summary" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"interpretation_html" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_url" text,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title_doc" text DEFAULT '' NOT NULL,
	"search_doc" text DEFAULT '' NOT NULL,
	"grams" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "content_policies_level_ck" CHECK ("level" IN ('national', 'provincial', 'city', 'district')),
	CONSTRAINT "content_policies_kind_ck" CHECK ("kind" IN ('funding', 'tax', 'talent', 'innovation', 'industry', 'finance', 'land', 'qualification'))
);--> statement-breakpoint
-- Long text (bodies, search documents, bigram arrays) lives out of line, so searches and facet counts
-- scan a narrow heap; 512 bytes keeps the short columns (titles, codes, industries) inline.
ALTER TABLE "content_policies" SET (toast_tuple_target = 512);--> statement-breakpoint
CREATE UNIQUE INDEX "content_policies_source_uq" ON "content_policies" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "content_policies_grams_idx" ON "content_policies" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "content_policies_date_idx" ON "content_policies" USING btree ("publish_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "content_policies_province_date_idx" ON "content_policies" USING btree ("province_code", "publish_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "content_policies_city_idx" ON "content_policies" USING btree ("city_code") WHERE city_code is not null;--> statement-breakpoint
CREATE INDEX "content_policies_region_idx" ON "content_policies" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "content_policies_level_date_idx" ON "content_policies" USING btree ("level", "publish_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "content_policies_kind_date_idx" ON "content_policies" USING btree ("kind", "publish_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "content_policies_industries_idx" ON "content_policies" USING gin ("industries");--> statement-breakpoint
CREATE INDEX "content_policies_apply_idx" ON "content_policies" USING btree ("apply_end", "apply_start");--> statement-breakpoint
CREATE TABLE "content_subsidies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"policy_id" bigint NOT NULL REFERENCES "content_policies"("id") ON DELETE CASCADE,
	"source_id" text NOT NULL,
	"name" text NOT NULL,
	"amount_min_fen" bigint,
	"amount_max_fen" bigint,
	"apply_start" date,
	"apply_end" date,
	"conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"materials" text[] DEFAULT '{}'::text[] NOT NULL,
	"support_content" text DEFAULT '' NOT NULL,
	"target_profile" jsonb DEFAULT '{"logic":"and","groups":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_subsidies_amount_ck" CHECK ("amount_min_fen" IS NULL OR "amount_max_fen" IS NULL OR "amount_min_fen" <= "amount_max_fen")
);--> statement-breakpoint
CREATE UNIQUE INDEX "content_subsidies_source_uq" ON "content_subsidies" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "content_subsidies_policy_idx" ON "content_subsidies" USING btree ("policy_id");--> statement-breakpoint
CREATE TABLE "content_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"institution" text NOT NULL,
	"chain_code" text,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"publish_date" date NOT NULL,
	"pages" integer,
	"summary" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"charts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover_url" text,
	"source_url" text,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title_doc" text DEFAULT '' NOT NULL,
	"search_doc" text DEFAULT '' NOT NULL,
	"grams" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "content_reports_kind_ck" CHECK ("kind" IN ('yjbg', 'cyzx'))
);--> statement-breakpoint
-- Long text (bodies, search documents, bigram arrays) lives out of line, so searches and facet counts
-- scan a narrow heap; 512 bytes keeps the short columns (titles, codes, industries) inline.
ALTER TABLE "content_reports" SET (toast_tuple_target = 512);--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_source_uq" ON "content_reports" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "content_reports_grams_idx" ON "content_reports" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "content_reports_kind_date_idx" ON "content_reports" USING btree ("kind", "publish_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "content_reports_chain_idx" ON "content_reports" USING btree ("chain_code", "publish_date" DESC);--> statement-breakpoint
CREATE INDEX "content_reports_industries_idx" ON "content_reports" USING gin ("industries");--> statement-breakpoint
CREATE INDEX "content_reports_topics_idx" ON "content_reports" USING gin ("topics");--> statement-breakpoint
CREATE TABLE "content_news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"category" text NOT NULL,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"publish_date" date NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"source_url" text,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title_doc" text DEFAULT '' NOT NULL,
	"search_doc" text DEFAULT '' NOT NULL,
	"grams" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "content_news_category_ck" CHECK ("category" IN ('policy', 'market', 'investment', 'technology', 'enterprise'))
);--> statement-breakpoint
-- Long text (bodies, search documents, bigram arrays) lives out of line, so searches and facet counts
-- scan a narrow heap; 512 bytes keeps the short columns (titles, codes, industries) inline.
ALTER TABLE "content_news" SET (toast_tuple_target = 512);--> statement-breakpoint
CREATE UNIQUE INDEX "content_news_source_uq" ON "content_news" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "content_news_grams_idx" ON "content_news" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "content_news_date_idx" ON "content_news" USING btree ("publish_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "content_news_category_date_idx" ON "content_news" USING btree ("category", "publish_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "content_news_industries_idx" ON "content_news" USING gin ("industries");--> statement-breakpoint
CREATE INDEX "content_news_topics_idx" ON "content_news" USING gin ("topics");--> statement-breakpoint
CREATE TABLE "content_health_topics" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
