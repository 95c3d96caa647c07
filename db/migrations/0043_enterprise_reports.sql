-- Issue 32 item 3 (企业报告, ADR 0194): report templates (a chosen set of sections; built-in ones
-- have no owner) and the reports members generate from them. A report's background job writes
-- its content (the blocks its HTML page and its PDF both draw) and the PDF as the job's file;
-- a deleted report keeps its row because it still counts against the month's allowance.
CREATE TABLE IF NOT EXISTS "enterprise_report_templates" (
  "id" bigserial PRIMARY KEY,
  "tenant_id" bigint REFERENCES "tenants"("id"),
  "user_id" bigint REFERENCES "users"("id"),
  "name" text NOT NULL,
  "sections" text[] NOT NULL,
  "remark" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "enterprise_report_templates_owner_ck" CHECK (("tenant_id" is null) = ("user_id" is null))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enterprise_report_templates_owner_idx" ON "enterprise_report_templates" ("user_id", "tenant_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "enterprise_reports" (
  "id" bigserial PRIMARY KEY,
  "tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
  "user_id" bigint NOT NULL REFERENCES "users"("id"),
  "enterprise_id" bigint NOT NULL,
  "ent_name" text NOT NULL,
  "template_id" bigint REFERENCES "enterprise_report_templates"("id") ON DELETE SET NULL,
  "template_name" text NOT NULL,
  "sections" text[] NOT NULL,
  "job_id" bigint NOT NULL REFERENCES "background_jobs"("id"),
  "content" jsonb,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "deleted_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enterprise_reports_user_idx" ON "enterprise_reports" ("user_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enterprise_reports_tenant_month_idx" ON "enterprise_reports" ("tenant_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enterprise_reports_job_idx" ON "enterprise_reports" ("job_id");--> statement-breakpoint
-- Two built-in templates every member starts with (ids 1 and 2; members' own come after).
INSERT INTO "enterprise_report_templates" ("id", "name", "sections", "remark") VALUES
  (1, '企业全景报告', ARRAY['basic','shareholders','risks','operations','ip','financing','contacts'], '全部章节：工商、股权、风险、经营、资质、融资与已解锁的联系方式'),
  (2, '合作前尽调简报', ARRAY['basic','shareholders','risks'], '合作或签约前快速核实：工商信息、股权结构与风险变更')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('enterprise_report_templates', 'id'), greatest(100, (SELECT max("id") FROM "enterprise_report_templates")));
