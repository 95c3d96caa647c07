-- 数据看板 (issue 29 item 2, ADR 0183): every chart p95 ≤ 200 ms at 100,000 leads, 300,000
-- follow-ups and 10,000 opportunities in one tenant (npm run bench:crm -- --board).
--
-- The board reads a tenant's leads created in a range with the columns it groups by (owner,
-- source, province, industry section): this index answers that scan from the index alone instead
-- of one heap page per lead (a year of a 100,000-lead tenant is ~50,000 scattered rows).
CREATE INDEX IF NOT EXISTS "clues_tenant_created_board_idx" ON "clues" USING btree ("tenant_id", "created_at") INCLUDE ("id", "owner_user_id", "source", "province_code", "industry_section") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Follow-ups per (tenant, China day, writer), lead and customer follow-ups together, kept by
-- statement triggers as clue_owner_counts is (migration 0020): the board's follow-up trend and
-- per-member counts sum at most days × members rows instead of reading every follow-up of a year
-- (150,000 at 300,000 a tenant).
CREATE TABLE IF NOT EXISTS "follow_up_day_counts" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "follow_up_day_counts_pk" PRIMARY KEY ("tenant_id","day","user_id")
);
--> statement-breakpoint
INSERT INTO "follow_up_day_counts" ("tenant_id", "day", "user_id", "n")
SELECT tenant_id, day, user_id, sum(n)::int FROM (
  SELECT tenant_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, user_id, count(*) AS n
    FROM clue_follow_ups GROUP BY 1, 2, 3
  UNION ALL
  SELECT tenant_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, user_id, count(*)
    FROM customer_follow_ups GROUP BY 1, 2, 3
) x GROUP BY 1, 2, 3
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Adds the rows of `new_rows` and takes away those of `old_rows`, in key order (no deadlock
-- between two statements touching the same keys).
CREATE OR REPLACE FUNCTION public.lr_follow_up_day_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO follow_up_day_counts AS c (tenant_id, day, user_id, n)
    SELECT tenant_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, user_id, count(*)
      FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, day, user_id) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO follow_up_day_counts AS c (tenant_id, day, user_id, n)
    SELECT tenant_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, user_id, -count(*)
      FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, day, user_id) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO follow_up_day_counts AS c (tenant_id, day, user_id, n)
    SELECT tenant_id, day, user_id, sum(d)::int FROM (
      SELECT tenant_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, user_id, 1 AS d FROM new_rows
      UNION ALL
      SELECT tenant_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, user_id, -1 FROM old_rows
    ) x GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, day, user_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "clue_follow_ups_day_ins" AFTER INSERT ON "clue_follow_ups" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.lr_follow_up_day_counts_apply();--> statement-breakpoint
CREATE TRIGGER "clue_follow_ups_day_upd" AFTER UPDATE ON "clue_follow_ups" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.lr_follow_up_day_counts_apply();--> statement-breakpoint
CREATE TRIGGER "clue_follow_ups_day_del" AFTER DELETE ON "clue_follow_ups" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.lr_follow_up_day_counts_apply();--> statement-breakpoint
CREATE TRIGGER "customer_follow_ups_day_ins" AFTER INSERT ON "customer_follow_ups" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.lr_follow_up_day_counts_apply();--> statement-breakpoint
CREATE TRIGGER "customer_follow_ups_day_upd" AFTER UPDATE ON "customer_follow_ups" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.lr_follow_up_day_counts_apply();--> statement-breakpoint
CREATE TRIGGER "customer_follow_ups_day_del" AFTER DELETE ON "customer_follow_ups" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.lr_follow_up_day_counts_apply();
