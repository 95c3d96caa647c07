-- 数据中心 (issue 29 item 3, ADR 0184): duplicate leads and their merge, undone from the recycle bin.
--
-- The duplicate keys: a credit code without blanks (space, tab, line breaks, the full-width space)
-- in upper case, a name without blanks in lower case with full-width brackets read as half-width.
-- translate, not a regular expression: detection reads every lead of a tenant (ADR 0184).
-- lib/shared/data-center/data-center.rules.ts says the same in TypeScript.
CREATE OR REPLACE FUNCTION public.lr_dup_credit(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(upper(translate(coalesce(input, ''), E' \t\n\r\u3000', '')), '')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.lr_dup_name(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(lower(translate(coalesce(input, ''), E'（）【】 \t\n\r\u3000', '()[]')), '')
$$;--> statement-breakpoint
-- One lead merged into another: the merged lead sits in the recycle bin; this row says what the
-- merge moved and filled, so restoring the lead (from either recycle bin) puts it back. Purging
-- either lead removes the row (the follow-ups then stay where they are).
CREATE TABLE IF NOT EXISTS "clue_merges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"clue_id" bigint NOT NULL REFERENCES "clues"("id") ON DELETE CASCADE,
	"kept_clue_id" bigint NOT NULL REFERENCES "clues"("id") ON DELETE CASCADE,
	"follow_up_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"filled" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"kept_last_follow_at" timestamp with time zone,
	"kept_next_follow_at" timestamp with time zone,
	"set_next_follow_at" timestamp with time zone,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clue_merges_clue_idx" ON "clue_merges" USING btree ("clue_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clue_merges_kept_idx" ON "clue_merges" USING btree ("kept_clue_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clue_merges_tenant_idx" ON "clue_merges" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- Undo of a merge when its lead comes back from the recycle bin (any restore path): the moved
-- follow-ups still on the kept lead return, the kept lead's count and last follow-up follow them,
-- and the contact fields the merge filled in are cleared where they still hold what it wrote.
CREATE OR REPLACE FUNCTION public.lr_clue_unmerge() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m record;
  moved integer;
BEGIN
  FOR m IN SELECT * FROM clue_merges WHERE clue_id = NEW.id ORDER BY id FOR UPDATE LOOP
    UPDATE clue_follow_ups SET clue_id = NEW.id
     WHERE id = ANY (m.follow_up_ids) AND clue_id = m.kept_clue_id;
    GET DIAGNOSTICS moved = ROW_COUNT;
    UPDATE clues k SET
      follow_count = greatest(k.follow_count - moved, 0),
      last_follow_at = coalesce(
        (SELECT max(f.created_at) FROM clue_follow_ups f WHERE f.clue_id = k.id),
        m.kept_last_follow_at),
      next_follow_at = CASE WHEN k.next_follow_at IS NOT DISTINCT FROM m.set_next_follow_at
        THEN m.kept_next_follow_at ELSE k.next_follow_at END,
      contact_name = CASE WHEN m.filled ? 'contact_name'
        AND k.contact_name IS NOT DISTINCT FROM m.filled ->> 'contact_name' THEN NULL ELSE k.contact_name END,
      contact_mobile = CASE WHEN m.filled ? 'contact_mobile'
        AND k.contact_mobile IS NOT DISTINCT FROM m.filled ->> 'contact_mobile' THEN NULL ELSE k.contact_mobile END,
      contact_phone = CASE WHEN m.filled ? 'contact_phone'
        AND k.contact_phone IS NOT DISTINCT FROM m.filled ->> 'contact_phone' THEN NULL ELSE k.contact_phone END,
      contact_email = CASE WHEN m.filled ? 'contact_email'
        AND k.contact_email IS NOT DISTINCT FROM m.filled ->> 'contact_email' THEN NULL ELSE k.contact_email END,
      wechat = CASE WHEN m.filled ? 'wechat'
        AND k.wechat IS NOT DISTINCT FROM m.filled ->> 'wechat' THEN NULL ELSE k.wechat END,
      website = CASE WHEN m.filled ? 'website'
        AND k.website IS NOT DISTINCT FROM m.filled ->> 'website' THEN NULL ELSE k.website END,
      updated_at = now()
     WHERE k.id = m.kept_clue_id;
    DELETE FROM clue_merges WHERE id = m.id;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "clues_unmerge_on_restore" ON "clues";--> statement-breakpoint
CREATE TRIGGER "clues_unmerge_on_restore" AFTER UPDATE OF "deleted_at" ON "clues"
  FOR EACH ROW WHEN (OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION public.lr_clue_unmerge();
