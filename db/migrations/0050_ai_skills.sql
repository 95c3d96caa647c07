-- The AI employee at work (issue 34 items 2-3, ADR 0204). A member's runs of a skill (the last
-- ones kept, with the companies found, so a scheduled run can tell which are new), the member's
-- daily schedule per skill (one background job a day; it stops when its owner left the tenant or
-- the edition lost the skill), and the operator's configuration document (one row).
CREATE TABLE IF NOT EXISTS "skill_runs" (
  "id" bigserial PRIMARY KEY,
  "tenant_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  "skill_key" smallint NOT NULL,
  "trigger" text NOT NULL DEFAULT 'manual',
  "total" integer NOT NULL DEFAULT 0,
  "new_count" integer NOT NULL DEFAULT 0,
  "companies" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "notice" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "skill_runs_trigger_ck" CHECK ("trigger" in ('manual', 'schedule'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "skill_runs_member_idx" ON "skill_runs" ("tenant_id", "user_id", "skill_key", "created_at" DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "skill_schedules" (
  "tenant_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  "skill_key" smallint NOT NULL,
  "active" boolean NOT NULL DEFAULT true,
  "next_run_at" timestamp with time zone NOT NULL,
  "last_run_at" timestamp with time zone,
  "stopped_reason" text,
  "job_id" bigint,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("tenant_id", "user_id", "skill_key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "skill_schedules_due_idx" ON "skill_schedules" ("next_run_at") WHERE "active";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ai_employee_config" (
  "id" smallint PRIMARY KEY DEFAULT 1,
  "doc" jsonb NOT NULL,
  "updated_by" bigint,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "ai_employee_config_one_ck" CHECK ("id" = 1)
);
