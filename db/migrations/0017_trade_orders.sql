-- Issue 12: a generic catalogue (products: editions now, credit packs later), orders with items,
-- the log of payment confirmations, once-only notification keys, and the unread-count index.
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"edition" smallint,
	"duration_days" integer,
	"credit_amount" integer,
	"price_fen" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_ck" CHECK ("products"."price_fen" >= 0),
	CONSTRAINT "products_kind_ck" CHECK ("products"."kind" in ('edition', 'credit_pack'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_uq" ON "products" USING btree ("code");--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"qrcode_key" text NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"status" smallint DEFAULT 0 NOT NULL,
	"channel" text NOT NULL,
	"subject" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"qr_content" text,
	"expires_at" timestamp with time zone NOT NULL,
	"provider_trade_no" text,
	"paid_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"apply_result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amount_ck" CHECK ("orders"."amount_fen" >= 0),
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in (0, 10, 20))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_qrcode_key_uq" ON "orders" USING btree ("qrcode_key");--> statement-breakpoint
CREATE INDEX "orders_tenant_idx" ON "orders" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"product_id" bigint REFERENCES "products"("id"),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"edition" smallint,
	"duration_days" integer,
	"credit_amount" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_fen" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	CONSTRAINT "order_items_quantity_ck" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"order_id" bigint,
	"order_no" text,
	"event_id" text,
	"outcome" text NOT NULL,
	"amount_fen" integer,
	"detail" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_events_created_idx" ON "payment_events" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "notification_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The unread count (top-bar badge) reads only a user's unread rows.
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;
