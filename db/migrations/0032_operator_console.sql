-- Issue 29 item 5: the operator's console. A disabled tenant keeps why and when; an order can be
-- marked refunded (status 30; no money moves here: the refund itself happens at the provider) with
-- who, when and why; the audit log is read newest first across tenants and by operator.
ALTER TABLE "tenants" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_by" bigint REFERENCES "users"("id");--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_ck";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in (0, 10, 20, 30));--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","created_at");
