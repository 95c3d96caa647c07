-- Issue 17 (ADR 0140): 申报中 (open application window) without reading every policy. Status is
-- derived from the window and current_date, so it cannot be stored or be an index predicate; the
-- window's end can. This partial index holds the rows that have a window, keyed by its end
-- (no end = open-ended): "end >= today" is the small set of open and upcoming policies, and the
-- open predicate of lib/server/content/policy.service.ts (statusPredicate) matches it as written.
CREATE INDEX "content_policies_apply_open_idx" ON "content_policies" USING btree ((coalesce("apply_end", 'infinity'::date))) WHERE "apply_start" IS NOT NULL OR "apply_end" IS NOT NULL;
