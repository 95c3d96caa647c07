-- Issue 14: the follow-up reminder looks across tenants for leads whose next follow-up has come.
CREATE INDEX "clues_due_global_idx" ON "clues" USING btree ("next_follow_at") WHERE deleted_at is null and status in (0, 1);
