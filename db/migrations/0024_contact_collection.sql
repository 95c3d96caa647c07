-- Issue 15: contact collection (挖一挖) and the batch collection job (批量导出). Found contacts go
-- into enterprise_contacts; these tables record the last collection of a company and what each
-- lead of a batch job came to (written with the job's checkpoint, ADR 0090).
CREATE TABLE "contact_collections" (
  "enterprise_id" bigint PRIMARY KEY NOT NULL,
  "collected_at" timestamp with time zone DEFAULT now() NOT NULL,
  "found_count" integer DEFAULT 0 NOT NULL,
  "new_count" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE "wyw_batch_items" (
  "job_id" bigint NOT NULL,
  "clue_id" bigint NOT NULL,
  "seq" integer NOT NULL,
  "enterprise_id" bigint,
  "outcome" smallint NOT NULL,
  "found_count" integer DEFAULT 0 NOT NULL,
  "new_count" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "wyw_batch_items_job_id_clue_id_pk" PRIMARY KEY("job_id","clue_id")
);--> statement-breakpoint
ALTER TABLE "wyw_batch_items" ADD CONSTRAINT "wyw_batch_items_job_id_background_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."background_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wyw_batch_items_job_seq_idx" ON "wyw_batch_items" USING btree ("job_id","seq");
