-- Parks (园区) and buildings (楼宇) (issue 30 item 5, ADR 0201). An estate is an outline ring in
-- lng/lat (jsonb); its box (min/max lng/lat) is what occupancy queries hand to the companies'
-- GiST geo index (migration 0038) before the exact point-in-polygon test, which runs on the ring
-- in micro-degrees (PostgreSQL's geometric EPSILON would blur a building's edges in degrees).
-- `occupancy` is the last count by industry and size, read by park recommendations without
-- touching the companies.
CREATE TABLE IF NOT EXISTS "estates" (
  "id" bigserial PRIMARY KEY,
  "kind" text NOT NULL,
  "name" text NOT NULL,
  "parent_id" bigint REFERENCES "estates"("id") ON DELETE SET NULL,
  "province_code" text,
  "city_code" text,
  "district_code" text,
  "address" text,
  "ring" jsonb NOT NULL,
  "min_lng" double precision NOT NULL,
  "min_lat" double precision NOT NULL,
  "max_lng" double precision NOT NULL,
  "max_lat" double precision NOT NULL,
  "lng" double precision NOT NULL,
  "lat" double precision NOT NULL,
  "area_km2" double precision NOT NULL,
  "demo" boolean NOT NULL DEFAULT false,
  "source" text NOT NULL DEFAULT 'import',
  "source_key" text NOT NULL,
  "occupancy" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "company_count" integer NOT NULL DEFAULT 0,
  "occupancy_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "estates_kind_ck" CHECK ("kind" in ('park', 'building'))
);--> statement-breakpoint
-- Re-importing a file replaces its records instead of adding copies.
CREATE UNIQUE INDEX IF NOT EXISTS "estates_source_key_uq" ON "estates" ("source", "source_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "estates_parent_idx" ON "estates" ("parent_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "estates_city_idx" ON "estates" ("city_code", "company_count" DESC);--> statement-breakpoint
-- Buildings followed by a member: accountInfo.buildingList.
CREATE TABLE IF NOT EXISTS "estate_follows" (
  "user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "estate_id" bigint NOT NULL REFERENCES "estates"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("user_id", "estate_id")
);
