-- Issue 29 item 1 (我的工作台): the workbench reads per member, not per tenant.
-- My due and overdue follow-ups: (tenant, follow user, next follow-up) over open live leads, so a
-- salesperson's list and counts do not walk the whole tenant's due index.
CREATE INDEX IF NOT EXISTS "clues_tenant_owner_due_idx" ON "clues" USING btree ("tenant_id","owner_user_id","next_follow_at","id") WHERE deleted_at is null and status in (0, 1);--> statement-breakpoint
-- The first-run guide's sample leads (names starting 【示例】): a tiny index, so counting a
-- member's samples does not read every lead they follow.
CREATE INDEX IF NOT EXISTS "clues_sample_owner_idx" ON "clues" USING btree ("tenant_id","owner_user_id") WHERE name like '【示例】%';--> statement-breakpoint
-- The team strip: follow-ups written this week per member of a tenant.
CREATE INDEX IF NOT EXISTS "clue_follow_ups_tenant_time_idx" ON "clue_follow_ups" USING btree ("tenant_id","created_at") INCLUDE ("user_id");--> statement-breakpoint
-- The first-run checklist: has this member ever written a follow-up.
CREATE INDEX IF NOT EXISTS "clue_follow_ups_user_idx" ON "clue_follow_ups" USING btree ("user_id","created_at");
--> statement-breakpoint
-- navigatorWorkbench now shows or hides the top bar's 我的工作台 entry, shown by default. The
-- switch was never offered before the workbench existed, so every stored false is the old default,
-- not a choice: it becomes the new default.
ALTER TABLE "user_layout_settings" ALTER COLUMN "navigator_workbench" SET DEFAULT true;--> statement-breakpoint
UPDATE "user_layout_settings" SET "navigator_workbench" = true WHERE "navigator_workbench" = false;
