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
  type AnyPgColumn,
  type ExtraConfigColumn,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * Knowledge content (issue 17, ADR 0140): policies, subsidies, research reports, industry news and
 * health topics. Migrations 0026 and 0029 are the source of truth (the GIN bigram indexes and the
 * partial index of open application windows are written there by hand); these definitions give
 * typed access.
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

/*
 * Column groups every content table repeats, each a fresh set of builders per table (a builder
 * belongs to one table). Spread in the same place as before: the SQL of migration 0026 is unchanged.
 */

/** Idempotency key of imports ('demo:policy:1' for generated rows). */
const sourceIdColumn = () => text('source_id').notNull();

/** Id and source id, the first columns of every content table but subsidies. */
const identity = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sourceId: sourceIdColumn(),
});

const blank = (name: string) => text(name).notNull().default('');

/** Summary and sanitised body (HTML and its plain text). */
const summaryAndBody = () => ({
  summary: blank('summary'),
  /** Sanitised HTML. */
  bodyHtml: blank('body_html'),
  bodyText: blank('body_text'),
});

const attachmentsColumn = () =>
  jsonb('attachments')
    .$type<ContentAttachmentRow[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);

/** Origin link, demo flag and the row's timestamps. */
const provenance = () => ({
  sourceUrl: text('source_url'),
  demo: boolean('demo').notNull().default(false),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** Search fields written with the row (lib/server/content/search-doc.ts). */
const searchFields = () => ({
  titleDoc: blank('title_doc'),
  searchDoc: blank('search_doc'),
  grams: textArray('grams'),
});

/** An application window (policies, subsidies): status is derived from it, never stored. */
const applyWindow = () => ({
  applyStart: day('apply_start'),
  applyEnd: day('apply_end'),
});

/** The unique source id and the (date desc, id desc) order of a table's lists. */
const sourceIndex = (table: string, t: { sourceId: AnyPgColumn }) =>
  uniqueIndex(`${table}_source_uq`).on(t.sourceId);
const dateOrder = (t: { publishDate: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  [t.publishDate.desc(), t.id.desc()] as const;

export const contentPolicies = pgTable(
  'content_policies',
  {
    ...identity(),
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
    ...applyWindow(),
    ...summaryAndBody(),
    interpretationHtml: blank('interpretation_html'),
    attachments: attachmentsColumn(),
    ...provenance(),
    ...searchFields(),
  },
  (t) => [
    sourceIndex('content_policies', t),
    index('content_policies_date_idx').on(...dateOrder(t)),
    index('content_policies_province_date_idx').on(t.provinceCode, ...dateOrder(t)),
    index('content_policies_region_idx').on(t.regionCode),
    index('content_policies_level_date_idx').on(t.level, ...dateOrder(t)),
    index('content_policies_kind_date_idx').on(t.kind, ...dateOrder(t)),
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
    sourceId: sourceIdColumn(),
    name: text('name').notNull(),
    amountMinFen: bigint('amount_min_fen', { mode: 'number' }),
    amountMaxFen: bigint('amount_max_fen', { mode: 'number' }),
    ...applyWindow(),
    conditions: textArray('conditions'),
    materials: textArray('materials'),
    supportContent: blank('support_content'),
    /** An AdvancedSearchCondition (lib/shared/search/advanced.ts): 匹配企业 runs it. */
    targetProfile: jsonb('target_profile')
      .notNull()
      .default(sql`'{"logic":"and","groups":[]}'::jsonb`),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    sourceIndex('content_subsidies', t),
    index('content_subsidies_policy_idx').on(t.policyId),
  ],
);

export const contentReports = pgTable(
  'content_reports',
  {
    ...identity(),
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
    ...summaryAndBody(),
    charts: jsonb('charts')
      .notNull()
      .default(sql`'[]'::jsonb`),
    attachments: attachmentsColumn(),
    coverUrl: text('cover_url'),
    ...provenance(),
    ...searchFields(),
  },
  (t) => [
    sourceIndex('content_reports', t),
    index('content_reports_kind_date_idx').on(t.kind, ...dateOrder(t)),
    index('content_reports_chain_idx').on(t.chainCode, t.publishDate.desc()),
  ],
);

export const contentNews = pgTable(
  'content_news',
  {
    ...identity(),
    title: text('title').notNull(),
    source: text('source').notNull(),
    category: text('category').notNull(),
    industries: textArray('industries'),
    topics: textArray('topics'),
    publishDate: day('publish_date').notNull(),
    ...summaryAndBody(),
    ...provenance(),
    ...searchFields(),
  },
  (t) => [
    sourceIndex('content_news', t),
    index('content_news_date_idx').on(...dateOrder(t)),
    index('content_news_category_date_idx').on(t.category, ...dateOrder(t)),
  ],
);

/** Health-sector topics: a tagged collection over news and reports (topics column). */
export const contentHealthTopics = pgTable('content_health_topics', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  description: blank('description'),
  tags: textArray('tags'),
  industries: textArray('industries'),
  sort: integer('sort').notNull().default(0),
});
