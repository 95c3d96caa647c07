-- Advanced search and the AI assistant at 1,000,000 companies (issues 16 and 10,
-- docs/benchmarks/ai.md): every option condition gets an index that walks its companies in weight
-- order, and the conditions on small columns are answered from one covering index, so neither the
-- first page (top 10 by weight) nor the live count (capped at 10,001) reads the table for them.
-- At 1,000,000 companies the seven take about 31 s to build (2 cores under a load average of
-- 8-11; 1-7 s each) and 550 MB; at the 20,000 of a first start well under a second. The seed
-- parks and rebuilds them like the other secondary indexes.
--
-- Industry below the section (the section already has enterprises_industry_weight_idx): a
-- one-code condition is an equality, so its page walks the index in weight order. Divisions are
-- what the assistant asks most (软件, 餐饮, 外贸 …, up to 18 % of all companies), so that index
-- also carries the small filter columns: a division with a region, capital, age, status or
-- contact condition is counted index-only (a capped count read 10,000 table rows before).
CREATE INDEX IF NOT EXISTS enterprises_division_weight_idx ON enterprises (industry_division, weight DESC, id) INCLUDE (province_code, city_code, district_code, reg_capital, establish_date, status, org_type, staff_size, phone_count, email_count, listed);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprises_group_weight_idx ON enterprises (industry_group, weight DESC, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS enterprises_class_weight_idx ON enterprises (industry_class, weight DESC, id);
--> statement-breakpoint
-- Status: rare ones (注销 7 %, 吊销 3.5 %, 停业 0.5 %) are walked here instead of over the table.
CREATE INDEX IF NOT EXISTS enterprises_status_weight_idx ON enterprises (status, weight DESC, id);
--> statement-breakpoint
-- Organisation type: advanced search reads the distinct types from it (a loose walk of a few
-- dozen steps), matches the options' LIKE patterns against them and filters by equality. With
-- the small filter columns beside it, since the types are skewed in weight: 个体工商户 (18 %)
-- sit at the light end, so a walk of the weight order reads most of the table to find them.
CREATE INDEX IF NOT EXISTS enterprises_org_type_weight_idx ON enterprises (org_type, weight DESC, id) INCLUDE (province_code, city_code, district_code, industry_division, industry_group, industry_class, reg_capital, establish_date, status, staff_size, phone_count, email_count, listed);
--> statement-breakpoint
-- Tags (`tags && …` in advanced search, `tags @> …` in the quick filters).
CREATE INDEX IF NOT EXISTS enterprises_tags_idx ON enterprises USING gin (tags);
--> statement-breakpoint
-- The weight order with every small filter column beside it: a page walk or a capped count over
-- region, industry, capital, age, status, organisation type, staff size, contact counts and
-- listing is an index-only scan (some 150 bytes a company instead of the ~750 of a table row).
CREATE INDEX IF NOT EXISTS enterprises_filter_walk_idx ON enterprises (weight DESC, id) INCLUDE (province_code, city_code, district_code, industry_division, industry_group, industry_class, reg_capital, establish_date, status, org_type, staff_size, phone_count, email_count, listed);
