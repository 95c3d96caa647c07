-- Issue 33 (加微任务, ADR 0199): the add-contact balance as its own ledger (an account row per
-- tenant and one entry per change, unique per reason and reference so each change applies once),
-- add-contact tasks with one row per contact, the tenant-wide register of mobiles already
-- reached (no task of a tenant contacts a number twice), opt-outs, the demo provider's own
-- request log, and credit packs for sale.
CREATE TABLE IF NOT EXISTS "outreach_credit_accounts" (
  "tenant_id" bigint PRIMARY KEY REFERENCES "tenants"("id"),
  "balance" integer NOT NULL DEFAULT 0,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "outreach_credit_accounts_balance_ck" CHECK ("balance" >= 0)
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "outreach_credit_entries" (
  "id" bigserial PRIMARY KEY,
  "tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
  "delta" integer NOT NULL,
  "balance_after" integer NOT NULL,
  "reason" text NOT NULL,
  "ref" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "outreach_credit_entries_reason_ck" CHECK ("reason" in ('purchase', 'reserve', 'release', 'grant'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "outreach_credit_entries_once_uq" ON "outreach_credit_entries" ("reason", "ref");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outreach_credit_entries_tenant_idx" ON "outreach_credit_entries" ("tenant_id", "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "outreach_tasks" (
  "id" bigserial PRIMARY KEY,
  "tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
  "user_id" bigint NOT NULL REFERENCES "users"("id"),
  "ai_task_id" bigint NOT NULL REFERENCES "ai_tasks"("id"),
  "message_id" bigint NOT NULL REFERENCES "ai_messages"("id"),
  "job_id" bigint REFERENCES "background_jobs"("id"),
  "request_id" text NOT NULL,
  "title" text NOT NULL,
  "greeting" text NOT NULL,
  "status" smallint NOT NULL DEFAULT 1,
  "end_reason" text,
  "window_start_hour" smallint NOT NULL DEFAULT 9,
  "window_end_hour" smallint NOT NULL DEFAULT 21,
  "daily_cap" integer NOT NULL,
  "end_time" timestamp with time zone NOT NULL,
  "remind" boolean NOT NULL DEFAULT true,
  "company_count" integer NOT NULL,
  "total" integer NOT NULL,
  "reserved" integer NOT NULL,
  "released" integer NOT NULL DEFAULT 0,
  "sent" integer NOT NULL DEFAULT 0,
  "accepted" integer NOT NULL DEFAULT 0,
  "refused" integer NOT NULL DEFAULT 0,
  "failed" integer NOT NULL DEFAULT 0,
  "skipped" integer NOT NULL DEFAULT 0,
  "resume_after" timestamp with time zone,
  "stop_requested_at" timestamp with time zone,
  "ended_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "outreach_tasks_status_ck" CHECK ("status" in (0, 1, 2)),
  CONSTRAINT "outreach_tasks_title_ck" CHECK (char_length("title") between 1 and 30),
  CONSTRAINT "outreach_tasks_window_ck" CHECK ("window_start_hour" between 0 and 23 and "window_end_hour" between 1 and 24 and "window_start_hour" < "window_end_hour")
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "outreach_tasks_request_uq" ON "outreach_tasks" ("tenant_id", "user_id", "request_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "outreach_tasks_message_uq" ON "outreach_tasks" ("message_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outreach_tasks_tenant_idx" ON "outreach_tasks" ("tenant_id", "status", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outreach_tasks_due_idx" ON "outreach_tasks" ("resume_after") WHERE "status" = 1 AND "resume_after" IS NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "outreach_contacts" (
  "id" bigserial PRIMARY KEY,
  "task_id" bigint NOT NULL REFERENCES "outreach_tasks"("id") ON DELETE CASCADE,
  "tenant_id" bigint NOT NULL,
  "seq" integer NOT NULL,
  "enterprise_id" bigint NOT NULL,
  "ent_name" text NOT NULL,
  "mobile" text,
  "person_name" text,
  "state" smallint NOT NULL DEFAULT 0,
  "reason" text,
  "provider_ref" text,
  "sent_at" timestamp with time zone,
  "answered_at" timestamp with time zone,
  "follow_up_id" bigint,
  CONSTRAINT "outreach_contacts_state_ck" CHECK ("state" between 0 and 6)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "outreach_contacts_task_seq_uq" ON "outreach_contacts" ("task_id", "seq");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outreach_contacts_task_state_idx" ON "outreach_contacts" ("task_id", "state");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "outreach_reached" (
  "tenant_id" bigint NOT NULL,
  "mobile" text NOT NULL,
  "contact_id" bigint NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("tenant_id", "mobile")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "outreach_opt_outs" (
  "tenant_id" bigint NOT NULL,
  "mobile" text NOT NULL,
  "reason" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("tenant_id", "mobile")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "outreach_demo_requests" (
  "ref" text PRIMARY KEY,
  "mobile" text NOT NULL,
  "greeting" text NOT NULL,
  "attempts" integer NOT NULL DEFAULT 1,
  "answer" text NOT NULL,
  "answer_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
INSERT INTO "products" ("kind", "code", "name", "credit_amount", "price_fen", "sort") VALUES
  ('credit_pack', 'outreach-100', '加微次数包 100 次', 100, 9900, 100),
  ('credit_pack', 'outreach-500', '加微次数包 500 次', 500, 39900, 101),
  ('credit_pack', 'outreach-2000', '加微次数包 2000 次', 2000, 129900, 102)
ON CONFLICT ("code") DO NOTHING;
