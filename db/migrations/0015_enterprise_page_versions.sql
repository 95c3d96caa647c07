-- Versions of the public company pages (issue 10): the HTML cache in server.ts keeps a company
-- page while its version is unchanged. Triggers bump the version of every company whose own row
-- or child rows (contacts, shareholders, people, ...) change, however the change is made (import,
-- admin edit, SQL). A separate table, so a bump never rewrites the wide enterprises row or its
-- search indexes. Bulk loads (the seeders) set leadradar.bulk_load = on and skip the bumps; a
-- TRUNCATE of enterprises instead moves the generation on, which invalidates every cached page
-- (ids restart after a reload).
CREATE TABLE "enterprise_page_versions" (
	"enterprise_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_cache_generation" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "page_cache_generation_single_row" CHECK ("page_cache_generation"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "page_cache_generation" ("id", "generation") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION bump_enterprise_page_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	id_column text := TG_ARGV[0];
BEGIN
	IF current_setting('leadradar.bulk_load', true) = 'on' THEN
		RETURN NULL;
	END IF;
	-- Only the branch for this event reads its transition tables (plpgsql plans lazily).
	IF TG_OP = 'INSERT' THEN
		EXECUTE format('INSERT INTO enterprise_page_versions AS v (enterprise_id, version)
			SELECT DISTINCT %I, 1 FROM changed_new WHERE %I IS NOT NULL
			ON CONFLICT (enterprise_id) DO UPDATE SET version = v.version + 1', id_column, id_column);
	ELSIF TG_OP = 'DELETE' THEN
		EXECUTE format('INSERT INTO enterprise_page_versions AS v (enterprise_id, version)
			SELECT DISTINCT %I, 1 FROM changed_old WHERE %I IS NOT NULL
			ON CONFLICT (enterprise_id) DO UPDATE SET version = v.version + 1', id_column, id_column);
	ELSE
		EXECUTE format('INSERT INTO enterprise_page_versions AS v (enterprise_id, version)
			SELECT %1$I, 1 FROM changed_new WHERE %1$I IS NOT NULL
			UNION SELECT %1$I, 1 FROM changed_old WHERE %1$I IS NOT NULL
			ON CONFLICT (enterprise_id) DO UPDATE SET version = v.version + 1', id_column);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION bump_page_cache_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE page_cache_generation SET generation = generation + 1 WHERE id = 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enterprise_page_version_on_truncate AFTER TRUNCATE ON "enterprises"
	FOR EACH STATEMENT EXECUTE FUNCTION bump_page_cache_generation();
--> statement-breakpoint
DO $$
DECLARE
	t record;
BEGIN
	FOR t IN SELECT * FROM (VALUES
		('enterprises', 'id'),
		('enterprise_contacts', 'enterprise_id'),
		('enterprise_shareholders', 'enterprise_id'),
		('enterprise_people', 'enterprise_id'),
		('enterprise_changes', 'enterprise_id'),
		('enterprise_branches', 'enterprise_id'),
		('enterprise_investments', 'enterprise_id'),
		('enterprise_financing', 'enterprise_id'),
		('enterprise_honors', 'enterprise_id'),
		('enterprise_chain_codes', 'enterprise_id'),
		('enterprise_annual_reports', 'enterprise_id')
	) AS x(table_name, id_column) LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_new
			FOR EACH STATEMENT EXECUTE FUNCTION bump_enterprise_page_versions(%L)',
			t.table_name || '_page_version_ins', t.table_name, t.id_column);
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
			FOR EACH STATEMENT EXECUTE FUNCTION bump_enterprise_page_versions(%L)',
			t.table_name || '_page_version_upd', t.table_name, t.id_column);
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_old
			FOR EACH STATEMENT EXECUTE FUNCTION bump_enterprise_page_versions(%L)',
			t.table_name || '_page_version_del', t.table_name, t.id_column);
	END LOOP;
END $$;
