CREATE TABLE "feedbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint,
	"user_id" bigint,
	"type" text,
	"content" text NOT NULL,
	"contact" text,
	"page_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" bigint,
	"payload" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quota_grants" ADD COLUMN "consumed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "feedbacks_created_idx" ON "feedbacks" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_hash_uq" ON "one_time_codes" USING btree ("kind","code_hash");