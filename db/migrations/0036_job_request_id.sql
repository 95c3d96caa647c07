ALTER TABLE "background_jobs" ADD COLUMN "request_id" text;
