-- Issue 14: durable background jobs. pg-boss keeps its own tables in schema pgboss (created by
-- pg-boss itself at start); this table is the user-facing record with progress, checkpoint, fence
-- (attempt) and result file.
CREATE TABLE "background_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint REFERENCES "tenants"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"title" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checkpoint" jsonb,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"message" text,
	"result" jsonb,
	"error" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"dispatch_id" text,
	"file_key" text,
	"file_name" text,
	"file_size" bigint,
	"file_mime" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "background_jobs_status_ck" CHECK ("background_jobs"."status" in ('queued', 'running', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX "background_jobs_user_idx" ON "background_jobs" USING btree ("user_id", "created_at");--> statement-breakpoint
CREATE INDEX "background_jobs_tenant_idx" ON "background_jobs" USING btree ("tenant_id", "created_at");--> statement-breakpoint
CREATE INDEX "background_jobs_live_idx" ON "background_jobs" USING btree ("status", "heartbeat_at") WHERE status in ('queued', 'running');
