-- The table and index already exist since 0003 (raw SQL); this migration records them in the
-- Drizzle snapshot so db/schema is the one description of the database. IF NOT EXISTS keeps it a
-- no-op on existing databases.
CREATE TABLE IF NOT EXISTS "search_condition_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"condition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_condition_templates_user_idx" ON "search_condition_templates" USING btree ("user_id","created_at" DESC NULLS LAST);
