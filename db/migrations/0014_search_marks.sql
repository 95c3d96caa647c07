-- What signed-in users pick from searches (spec 7.3 mark keyword / mark enterprise): keywords they
-- searched and companies they opened from the suggestions, one row per user and keyword (and
-- company) counted up on repeats, for popularity per keyword or company. No foreign key to
-- enterprises: the seed truncates and reloads the corpus.
CREATE TABLE "search_marks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"tenant_id" bigint,
	"kind" text NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"enterprise_id" bigint,
	"count" integer DEFAULT 1 NOT NULL,
	"first_marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_marks_kind_ck" CHECK (("search_marks"."kind" = 'keyword' and "search_marks"."enterprise_id" is null and "search_marks"."keyword" <> '') or ("search_marks"."kind" = 'enterprise' and "search_marks"."enterprise_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "search_marks" ADD CONSTRAINT "search_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "search_marks_keyword_uq" ON "search_marks" USING btree ("user_id","keyword") WHERE "search_marks"."kind" = 'keyword';
--> statement-breakpoint
CREATE UNIQUE INDEX "search_marks_enterprise_uq" ON "search_marks" USING btree ("user_id","enterprise_id","keyword") WHERE "search_marks"."kind" = 'enterprise';
--> statement-breakpoint
CREATE INDEX "search_marks_popular_keyword_idx" ON "search_marks" USING btree ("keyword") WHERE "search_marks"."kind" = 'keyword';
--> statement-breakpoint
CREATE INDEX "search_marks_popular_enterprise_idx" ON "search_marks" USING btree ("enterprise_id") WHERE "search_marks"."kind" = 'enterprise';
