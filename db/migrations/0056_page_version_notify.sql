-- Issue 38 item 1: each instance keeps the company page versions it read in memory and forgets
-- them when told (ADR 0214). Any statement that changes a page version or the generation says so
-- on one channel; NOTIFY is delivered at commit and once per transaction for the same payload.
CREATE FUNCTION notify_page_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('leadradar_page_versions', '');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enterprise_page_versions_notify AFTER INSERT OR UPDATE OR DELETE ON "enterprise_page_versions"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_page_versions();
--> statement-breakpoint
CREATE TRIGGER enterprise_page_versions_truncate_notify AFTER TRUNCATE ON "enterprise_page_versions"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_page_versions();
--> statement-breakpoint
CREATE TRIGGER page_cache_generation_notify AFTER UPDATE ON "page_cache_generation"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_page_versions();
