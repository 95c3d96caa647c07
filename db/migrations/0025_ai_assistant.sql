-- Issue 16: the AI assistant's tasks (conversations) and messages (docs/adr/0130-ai-assistant.md).
-- Every read filters by tenant + user: another member's task or message is not found.
CREATE TABLE "ai_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"sub_type" integer DEFAULT 2 NOT NULL,
	"last_message" text DEFAULT '' NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ai_tasks_status_ck" CHECK ("ai_tasks"."status" between 0 and 2),
	CONSTRAINT "ai_tasks_name_ck" CHECK (char_length("ai_tasks"."name") between 1 and 30)
);--> statement-breakpoint
CREATE TABLE "ai_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"type" integer NOT NULL,
	"sub_type" integer NOT NULL,
	"status" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"reply_content" text,
	"query" text,
	"title" text,
	"condition" jsonb,
	"chips" jsonb,
	"keyword" text,
	"notes" jsonb,
	"suggestions" jsonb,
	"total" integer,
	"total_capped" boolean,
	"source" text,
	"fallback_reason" text,
	"model" text,
	"edit_of_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ai_messages_type_ck" CHECK ("ai_messages"."type" in (0, 1)),
	CONSTRAINT "ai_messages_sub_type_ck" CHECK ("ai_messages"."sub_type" between 0 and 6)
);--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_task_id_ai_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."ai_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_tasks_owner_idx" ON "ai_tasks" USING btree ("tenant_id","user_id","updated_at") WHERE "ai_tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ai_messages_task_idx" ON "ai_messages" USING btree ("task_id","id") WHERE "ai_messages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ai_messages_owner_idx" ON "ai_messages" USING btree ("tenant_id","user_id","id");
