-- Issue 14 (item 3): saved views of a list (线索 first, 客户 next): a member's named filters, sort,
-- columns and page size per list, optionally shared with the tenant, one default per member and list.
CREATE TABLE "saved_list_views" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "tenant_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  "list_key" text NOT NULL,
  "name" text NOT NULL,
  "state" jsonb NOT NULL,
  "shared" boolean DEFAULT false NOT NULL,
  "is_default" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "saved_list_views_name_ck" CHECK (char_length("name") between 1 and 20)
);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_list_views_name_uq" ON "saved_list_views" USING btree ("tenant_id","user_id","list_key","name");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_list_views_default_uq" ON "saved_list_views" USING btree ("tenant_id","user_id","list_key") WHERE "saved_list_views"."is_default";--> statement-breakpoint
CREATE INDEX "saved_list_views_shared_idx" ON "saved_list_views" USING btree ("tenant_id","list_key") WHERE "saved_list_views"."shared";
