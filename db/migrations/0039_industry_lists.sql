-- Issue 31 item 5 (权威榜单, ADR 0191): authoritative lists and the albums that group them.
-- A list is a stored definition: an advanced-search condition (lib/shared/search/advanced.ts,
-- with a sort and an optional top N) or an imported roster of credit codes. Its members are
-- materialised in rank order (industry_list_members), so a list page reads at most one page of
-- an index and counts/facets over at most LIST_MEMBER_CAP rows. Refresh rule (ADR 0191): members
-- are computed on first read, recomputed in the background when older than 24 hours, and at once
-- when an import or a definition change touches the list.
CREATE TABLE IF NOT EXISTS "industry_lists" (
  "id" serial PRIMARY KEY,
  "slug" text NOT NULL,
  "name" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "category" text NOT NULL,
  "source" text NOT NULL,
  "condition" jsonb,
  "sort" text NOT NULL DEFAULT 'relevance',
  "top_n" integer,
  "publisher" text,
  "position" integer NOT NULL DEFAULT 0,
  "member_count" integer NOT NULL DEFAULT 0,
  "members_capped" boolean NOT NULL DEFAULT false,
  "refreshed_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "industry_lists_slug_ck" CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  CONSTRAINT "industry_lists_source_ck" CHECK (source in ('condition', 'roster')),
  CONSTRAINT "industry_lists_condition_ck" CHECK (source = 'roster' or condition is not null),
  CONSTRAINT "industry_lists_top_n_ck" CHECK (top_n is null or top_n between 1 and 10000)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "industry_lists_slug_uq" ON "industry_lists" ("slug");--> statement-breakpoint
-- An imported roster: the credit codes as published (codes without a company are reported by the
-- import and kept out of this table).
CREATE TABLE IF NOT EXISTS "industry_list_roster" (
  "list_id" integer NOT NULL REFERENCES "industry_lists"("id") ON DELETE CASCADE,
  "uncid" text NOT NULL,
  PRIMARY KEY ("list_id", "uncid")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "industry_list_members" (
  "list_id" integer NOT NULL REFERENCES "industry_lists"("id") ON DELETE CASCADE,
  "rank" integer NOT NULL,
  "enterprise_id" bigint NOT NULL,
  "province_code" text,
  "industry_section" text,
  PRIMARY KEY ("list_id", "rank")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "industry_list_members_province_idx" ON "industry_list_members" ("list_id", "province_code", "rank");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "industry_list_members_section_idx" ON "industry_list_members" ("list_id", "industry_section", "rank");--> statement-breakpoint
-- No foreign key to enterprises: the seeders TRUNCATE the corpus, which a reference forbids.
-- Instead a TRUNCATE of enterprises forgets every list's members (they are recomputed on the next
-- read), and a page joins members to enterprises, so a deleted company drops out of its page.
CREATE OR REPLACE FUNCTION forget_industry_list_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM industry_list_members;
	UPDATE industry_lists SET refreshed_at = NULL, member_count = 0, members_capped = false;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "enterprises_truncate_forgets_lists" ON "enterprises";--> statement-breakpoint
CREATE TRIGGER "enterprises_truncate_forgets_lists" AFTER TRUNCATE ON "enterprises"
	FOR EACH STATEMENT EXECUTE FUNCTION forget_industry_list_members();--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "industry_albums" (
  "id" serial PRIMARY KEY,
  "kind" text NOT NULL,
  "slug" text NOT NULL,
  "name" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "list_slugs" text[] NOT NULL DEFAULT '{}',
  "position" integer NOT NULL DEFAULT 0,
  CONSTRAINT "industry_albums_kind_ck" CHECK (kind in ('authoritativeList', 'companyExpansion')),
  CONSTRAINT "industry_albums_slug_ck" CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$')
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "industry_albums_kind_slug_uq" ON "industry_albums" ("kind", "slug");--> statement-breakpoint
-- The product's own list definitions (conditions over the company data; rosters come by import).
INSERT INTO "industry_lists" ("slug", "name", "description", "category", "source", "condition", "sort", "top_n", "publisher", "position") VALUES
('zjtx', '专精特新企业名单', '具有“专业化、精细化、特色化、新颖化”特征、经认定的中小企业，按企业综合实力排序。', '资质认定', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"tag","op":"in","values":["专精特新"]}]}]}', 'relevance', NULL, '工业和信息化部及各省主管部门', 10),
('xjr', '专精特新“小巨人”企业名单', '专注细分市场、创新能力强、市场占有率高的专精特新“小巨人”企业。', '资质认定', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"tag","op":"in","values":["小巨人"]}]}]}', 'relevance', NULL, '工业和信息化部', 20),
('gxjs', '高新技术企业名单', '经认定、持续进行研究开发与技术成果转化的高新技术企业。', '资质认定', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"tag","op":"in","values":["高新技术企业"]}]}]}', 'relevance', NULL, '科学技术部火炬中心', 30),
('kjxzx', '科技型中小企业名单', '入库登记的科技型中小企业。', '资质认定', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"tag","op":"in","values":["科技型中小企业"]}]}]}', 'relevance', NULL, '科学技术部', 40),
('dlqy', '瞪羚企业榜单', '跨过创业死亡谷、进入高成长期的瞪羚企业。', '成长榜单', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"tag","op":"in","values":["瞪羚"]}]}]}', 'relevance', NULL, NULL, 50),
('djs', '独角兽企业榜单', '成立 10 年以内、注册资本 1 亿元以上、尚未上市的存续企业，按注册资本排序。', '成长榜单', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"establishBand","op":"in","values":["lt1","1-3","3-5","5-10"]},{"field":"capitalRange","op":"between","min":10000},{"field":"listed","op":"isNot"},{"field":"status","op":"in","values":["存续","在业"]}]}]}', 'capitalDesc', 500, NULL, 60),
('ssgs', '上市企业名单', '在沪深北交易所及境外市场上市的企业。', '资本市场', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"listed","op":"is"}]}]}', 'relevance', NULL, NULL, 70),
('bj-capital-top100', '北京市注册资本百强企业', '北京市在营企业按注册资本排名前 100 名。', '地区排行', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"region","op":"in","values":["110000"]},{"field":"status","op":"in","values":["存续","在业"]}]}]}', 'capitalDesc', 100, NULL, 110),
('sh-capital-top100', '上海市注册资本百强企业', '上海市在营企业按注册资本排名前 100 名。', '地区排行', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"region","op":"in","values":["310000"]},{"field":"status","op":"in","values":["存续","在业"]}]}]}', 'capitalDesc', 100, NULL, 120),
('gd-capital-top100', '广东省注册资本百强企业', '广东省在营企业按注册资本排名前 100 名。', '地区排行', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"region","op":"in","values":["440000"]},{"field":"status","op":"in","values":["存续","在业"]}]}]}', 'capitalDesc', 100, NULL, 130),
('js-capital-top100', '江苏省注册资本百强企业', '江苏省在营企业按注册资本排名前 100 名。', '地区排行', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"region","op":"in","values":["320000"]},{"field":"status","op":"in","values":["存续","在业"]}]}]}', 'capitalDesc', 100, NULL, 140),
('zj-capital-top100', '浙江省注册资本百强企业', '浙江省在营企业按注册资本排名前 100 名。', '地区排行', 'condition', '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"region","op":"in","values":["330000"]},{"field":"status","op":"in","values":["存续","在业"]}]}]}', 'capitalDesc', 100, NULL, 150)
ON CONFLICT ("slug") DO NOTHING;--> statement-breakpoint
INSERT INTO "industry_albums" ("kind", "slug", "name", "description", "list_slugs", "position") VALUES
('authoritativeList', 'kjcx', '科技创新榜单专辑', '专精特新、小巨人、高新技术、科技型中小企业与瞪羚、独角兽企业，一处查看与导出。', '{zjtx,xjr,gxjs,kjxzx,dlqy,djs}', 10),
('authoritativeList', 'zbsc', '资本市场专辑', '上市企业与尚未上市的独角兽企业。', '{ssgs,djs}', 20),
('companyExpansion', 'dqbq', '重点地区百强企业拓展', '北京、上海、广东、江苏、浙江注册资本百强企业，适合大客户拓展。', '{bj-capital-top100,sh-capital-top100,gd-capital-top100,js-capital-top100,zj-capital-top100}', 10),
('companyExpansion', 'kjqy', '科技企业拓展', '专精特新与高新技术企业，适合面向科技企业的产品拓展。', '{zjtx,gxjs}', 20)
ON CONFLICT ("kind", "slug") DO NOTHING;
