-- Issue 13: departments (a tree per tenant), members placed in one, the departments of data scope 2,
-- and the member limit (docs/adr/0080-member-limit-and-data-scope.md).
CREATE TABLE "departments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"parent_id" bigint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "departments_tenant_idx" ON "departments" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_sibling_name_uq" ON "departments" USING btree ("tenant_id","parent_id","name");--> statement-breakpoint
CREATE TABLE "role_depts" (
	"role_id" bigint NOT NULL REFERENCES "roles"("id") ON DELETE CASCADE,
	"dept_id" bigint NOT NULL REFERENCES "departments"("id") ON DELETE CASCADE,
	CONSTRAINT "role_depts_role_id_dept_id_pk" PRIMARY KEY("role_id","dept_id")
);
--> statement-breakpoint
CREATE INDEX "role_depts_dept_idx" ON "role_depts" USING btree ("dept_id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dept_id" bigint REFERENCES "departments"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "users_dept_idx" ON "users" USING btree ("dept_id");--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "member_limit" integer;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "member_limit_by_platform" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_member_limit_ck" CHECK ("member_limit" IS NULL OR "member_limit" BETWEEN 1 AND 10000);--> statement-breakpoint
ALTER TABLE "tenant_packages" ADD COLUMN "max_members" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
UPDATE "tenant_packages" SET "max_members" = CASE "id" WHEN 0 THEN 5 WHEN 1 THEN 1 WHEN 2 THEN 10 WHEN 3 THEN 30 WHEN 4 THEN 100 ELSE 5 END;--> statement-breakpoint
-- The free-text departments members already have become departments of their tenant (top level),
-- one per distinct name, and the members are placed in them: nothing typed so far is lost.
INSERT INTO "departments" ("tenant_id", "parent_id", "name")
SELECT DISTINCT u."tenant_id", 0, btrim(u."dept_name")
FROM "users" u
JOIN "tenants" t ON t."id" = u."tenant_id"
WHERE u."tenant_id" IS NOT NULL AND u."deleted_at" IS NULL AND btrim(coalesce(u."dept_name", '')) <> '';--> statement-breakpoint
UPDATE "users" u SET "dept_id" = d."id"
FROM "departments" d
WHERE d."tenant_id" = u."tenant_id" AND d."parent_id" = 0 AND d."name" = btrim(u."dept_name")
  AND u."deleted_at" IS NULL;
