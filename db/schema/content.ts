import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * Knowledge content (issue 17, ADR 0140): policies, subsidies, research reports, industry news and
 * health topics. Migration 0026 is the source of truth (its GIN bigram indexes are written there by
 * hand); these definitions give typed access.
 */

const tz = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: 'string' });
const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** An attachment as stored in `attachments` (a file-storage URL or an external link). */
export type ContentAttachmentRow = { name: string; url: string; size: number | null };

export const contentPolicies = pgTable(
  'content_policies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Idempotency key of imports ('demo:policy:1' for generated rows). */
    sourceId: text('source_id').notNull(),
    title: text('title').notNull(),
    issuer: text('issuer').notNull(),
    docNo: text('doc_no'),
    /** national / provincial / city / district (POLICY_LEVELS). */
    level: text('level').notNull(),
    /** The issuing region's code (province 2, city 4, district 6 digits); null when national. */
    regionCode: text('region_code'),
    /** '000000' for national policies, so the province facet has a bucket (全国) for them. */
    provinceCode: text('province_code').notNull().default('000000'),
    cityCode: text('city_code'),
    /** GB/T 4754 section letters and division codes. */
    industries: textArray('industries'),
    kind: text('kind').notNull(),
    publishDate: day('publish_date').notNull(),
    effectiveDate: day('effective_date'),
    expiryDate: day('expiry_date'),
    applyStart: day('apply_start'),
    applyEnd: day('apply_end'),
    summary: text('summary').notNull().default(''),
    /** Sanitised HTML. */
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    interpretationHtml: text('interpretation_html').notNull().default(''),
    attachments: jsonb('attachments')
      .$type<ContentAttachmentRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sourceUrl: text('source_url'),
    demo: boolean('demo').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /** Search fields written with the row (lib/server/content/search-doc.ts). */
    titleDoc: text('title_doc').notNull().default(''),
    searchDoc: text('search_doc').notNull().default(''),
    grams: textArray('grams'),
  },
  (t) => [
    uniqueIndex('content_policies_source_uq').on(t.sourceId),
    index('content_policies_date_idx').on(t.publishDate.desc(), t.id.desc()),
    index('content_policies_province_date_idx').on(
      t.provinceCode,
      t.publishDate.desc(),
      t.id.desc(),
    ),
    index('content_policies_region_idx').on(t.regionCode),
    index('content_policies_level_date_idx').on(t.level, t.publishDate.desc(), t.id.desc()),
    index('content_policies_kind_date_idx').on(t.kind, t.publishDate.desc(), t.id.desc()),
    index('content_policies_apply_idx').on(t.applyEnd, t.applyStart),
  ],
);

export const contentSubsidies = pgTable(
  'content_subsidies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    policyId: bigint('policy_id', { mode: 'number' })
      .notNull()
      .references(() => contentPolicies.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    amountMinFen: bigint('amount_min_fen', { mode: 'number' }),
    amountMaxFen: bigint('amount_max_fen', { mode: 'number' }),
    applyStart: day('apply_start'),
    applyEnd: day('apply_end'),
    conditions: textArray('conditions'),
    materials: textArray('materials'),
    supportContent: text('support_content').notNull().default(''),
    /** An AdvancedSearchCondition (lib/shared/search/advanced.ts): 匹配企业 runs it. */
    targetProfile: jsonb('target_profile')
      .notNull()
      .default(sql`'{"logic":"and","groups":[]}'::jsonb`),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_subsidies_source_uq').on(t.sourceId),
    index('content_subsidies_policy_idx').on(t.policyId),
  ],
);

export const contentReports = pgTable(
  'content_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceId: text('source_id').notNull(),
    /** yjbg 研究报告 / cyzx 产业资讯. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    institution: text('institution').notNull(),
    chainCode: text('chain_code'),
    industries: textArray('industries'),
    /** Health topic slugs. */
    topics: textArray('topics'),
    publishDate: day('publish_date').notNull(),
    pages: integer('pages'),
    summary: text('summary').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    charts: jsonb('charts')
      .notNull()
      .default(sql`'[]'::jsonb`),
    attachments: jsonb('attachments')
      .$type<ContentAttachmentRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    coverUrl: text('cover_url'),
    sourceUrl: text('source_url'),
    demo: boolean('demo').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /** Search fields written with the row (lib/server/content/search-doc.ts). */
    titleDoc: text('title_doc').notNull().default(''),
    searchDoc: text('search_doc').notNull().default(''),
    grams: textArray('grams'),
  },
  (t) => [
    uniqueIndex('content_reports_source_uq').on(t.sourceId),
    index('content_reports_kind_date_idx').on(t.kind, t.publishDate.desc(), t.id.desc()),
    index('content_reports_chain_idx').on(t.chainCode, t.publishDate.desc()),
  ],
);

export const contentNews = pgTable(
  'content_news',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceId: text('source_id').notNull(),
    title: text('title').notNull(),
    source: text('source').notNull(),
    category: text('category').notNull(),
    industries: textArray('industries'),
    topics: textArray('topics'),
    publishDate: day('publish_date').notNull(),
    summary: text('summary').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    sourceUrl: text('source_url'),
    demo: boolean('demo').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /** Search fields written with the row (lib/server/content/search-doc.ts). */
    titleDoc: text('title_doc').notNull().default(''),
    searchDoc: text('search_doc').notNull().default(''),
    grams: textArray('grams'),
  },
  (t) => [
    uniqueIndex('content_news_source_uq').on(t.sourceId),
    index('content_news_date_idx').on(t.publishDate.desc(), t.id.desc()),
    index('content_news_category_date_idx').on(t.category, t.publishDate.desc(), t.id.desc()),
  ],
);

/** Health-sector topics: a tagged collection over news and reports (topics column). */
export const contentHealthTopics = pgTable('content_health_topics', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  tags: textArray('tags'),
  industries: textArray('industries'),
  sort: integer('sort').notNull().default(0),
});
