-- Demo mode answers an SMS code only for numbers open in the demo (seeded demo accounts, numbers
-- without an account); sms_codes.revealed marks such codes so they stop working once the number
-- belongs to another account. Invitation rewards: one per phone (and account), capped per tenant
-- and month; invitation_records.reward_eligible records whether a record earns one.
ALTER TABLE "invitation_records" ADD COLUMN "reward_eligible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "revealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "invitation_records_mobile_idx" ON "invitation_records" USING btree ("invited_mobile");--> statement-breakpoint
CREATE INDEX "invitation_records_invitee_idx" ON "invitation_records" USING btree ("invited_user_id");--> statement-breakpoint
-- Unclaimed records of a phone or account that an earlier record already counted pay nothing.
UPDATE "invitation_records" r SET "reward_eligible" = false
WHERE NOT r."reward_granted"
  AND EXISTS (
    SELECT 1 FROM "invitation_records" e
    WHERE e."id" < r."id"
      AND (e."invited_mobile" = r."invited_mobile" OR e."invited_user_id" = r."invited_user_id")
  );
