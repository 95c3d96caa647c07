-- 客户推荐 feedback (issue 34 item 4, ADR 0203): a tenant's 不感兴趣 per company. Such companies
-- are no longer recommended to the tenant, and the traits they share with the portrait weigh less.
CREATE TABLE IF NOT EXISTS "recommendation_feedback" (
  "tenant_id" bigint NOT NULL,
  "enterprise_id" bigint NOT NULL,
  "kind" text NOT NULL DEFAULT 'dislike',
  "user_id" bigint NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("tenant_id", "enterprise_id"),
  CONSTRAINT "recommendation_feedback_kind_ck" CHECK ("kind" in ('dislike'))
);
