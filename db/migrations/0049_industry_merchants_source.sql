-- Issue 31 (ADR 0205): leads added from 产业招商 carry that lead source instead of 其他. A tenant
-- whose 线索来源 group is stored (its administrator edited it once) gets the new built-in value
-- at the end of its list; the other tenants read the platform defaults, which list it already.
INSERT INTO "code_group_values" ("tenant_id", "group_code", "code", "label", "sort", "enabled", "built_in")
SELECT g."tenant_id", 'clueSource', '产业招商', '产业招商', g."last" + 1, true, true
FROM (
  SELECT "tenant_id", max("sort") AS "last" FROM "code_group_values"
  WHERE "group_code" = 'clueSource' GROUP BY "tenant_id"
) g
ON CONFLICT DO NOTHING;
