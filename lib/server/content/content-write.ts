import type pg from 'pg';
import type { AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import type { ReportChart } from '@/lib/shared/content/content.contract';
import type { ContentAttachmentRow } from '@/db/schema/content';
import { searchFields, type SearchFields } from './search-doc';
import { clearFacetCache } from './facet-cache';

/**
 * Writes content rows (demo seed and imports): multi-row upserts keyed by source id (a second
 * import of the same item updates it in place), with the search fields computed here so every
 * writer indexes text the same way. Rows must already be valid and sanitised.
 */

/** Search fields computed ahead (the import's worker process, ADR 0160); else computed here. */
type Precomputed = { search?: SearchFields };

export type PolicyWrite = Precomputed & {
  sourceId: string;
  title: string;
  issuer: string;
  docNo: string | null;
  level: string;
  regionCode: string | null;
  provinceCode: string;
  cityCode: string | null;
  industries: string[];
  kind: string;
  publishDate: string;
  effectiveDate: string | null;
  expiryDate: string | null;
  applyStart: string | null;
  applyEnd: string | null;
  summary: string;
  bodyHtml: string;
  bodyText: string;
  interpretationHtml: string;
  attachments?: ContentAttachmentRow[];
  sourceUrl?: string | null;
  demo?: boolean;
  subsidies: SubsidyWrite[];
};

export type SubsidyWrite = {
  sourceId: string;
  name: string;
  amountMinFen: number | null;
  amountMaxFen: number | null;
  applyStart: string | null;
  applyEnd: string | null;
  conditions: string[];
  materials: string[];
  supportContent: string;
  targetProfile: AdvancedSearchCondition;
};

export type ReportWrite = Precomputed & {
  sourceId: string;
  kind: string;
  title: string;
  institution: string;
  chainCode: string | null;
  industries: string[];
  topics: string[];
  publishDate: string;
  pages: number | null;
  summary: string;
  bodyHtml: string;
  bodyText: string;
  charts: ReportChart[];
  attachments?: ContentAttachmentRow[];
  coverUrl?: string | null;
  sourceUrl?: string | null;
  demo?: boolean;
};

export type NewsWrite = Precomputed & {
  sourceId: string;
  title: string;
  source: string;
  category: string;
  industries: string[];
  topics: string[];
  publishDate: string;
  summary: string;
  bodyHtml: string;
  bodyText: string;
  sourceUrl?: string | null;
  demo?: boolean;
};

export type WriteCounts = { inserted: number; updated: number };

const BATCH = 200;

/** Column list → `set col = excluded.col, …` for an upsert. */
function updateSet(columns: string[]): string {
  return columns.map((c) => `${c} = excluded.${c}`).join(', ');
}

const POLICY_COLUMNS = [
  'title',
  'issuer',
  'doc_no',
  'level',
  'region_code',
  'province_code',
  'city_code',
  'industries',
  'kind',
  'publish_date',
  'effective_date',
  'expiry_date',
  'apply_start',
  'apply_end',
  'summary',
  'body_html',
  'body_text',
  'interpretation_html',
  'attachments',
  'source_url',
  'demo',
  'title_doc',
  'search_doc',
  'grams',
];

const POLICY_UPSERT = `insert into content_policies (source_id, ${POLICY_COLUMNS.join(', ')})
  select "sourceId", title, issuer, "docNo", level, "regionCode", "provinceCode", "cityCode", industries,
    kind, "publishDate", "effectiveDate", "expiryDate", "applyStart", "applyEnd", summary, "bodyHtml",
    "bodyText", "interpretationHtml", coalesce(attachments, '[]'::jsonb), "sourceUrl",
    coalesce(demo, false), "titleDoc", "searchDoc", grams
  from jsonb_to_recordset($1::jsonb) as x("sourceId" text, title text, issuer text, "docNo" text,
    level text, "regionCode" text, "provinceCode" text, "cityCode" text, industries text[], kind text,
    "publishDate" date, "effectiveDate" date, "expiryDate" date, "applyStart" date, "applyEnd" date,
    summary text, "bodyHtml" text, "bodyText" text, "interpretationHtml" text, attachments jsonb,
    "sourceUrl" text, demo boolean, "titleDoc" text, "searchDoc" text, grams text[])
  on conflict (source_id) do update set ${updateSet(POLICY_COLUMNS)}, updated_at = now()
  returning (xmax = 0) as inserted`;

const SUBSIDY_COLUMNS = [
  'policy_id',
  'name',
  'amount_min_fen',
  'amount_max_fen',
  'apply_start',
  'apply_end',
  'conditions',
  'materials',
  'support_content',
  'target_profile',
];

const SUBSIDY_UPSERT = `insert into content_subsidies (source_id, ${SUBSIDY_COLUMNS.join(', ')})
  select x."sourceId", p.id, x.name, x."amountMinFen", x."amountMaxFen", x."applyStart", x."applyEnd",
    x.conditions, x.materials, x."supportContent", x."targetProfile"
  from jsonb_to_recordset($1::jsonb) as x("policySourceId" text, "sourceId" text, name text,
    "amountMinFen" bigint, "amountMaxFen" bigint, "applyStart" date, "applyEnd" date,
    conditions text[], materials text[], "supportContent" text, "targetProfile" jsonb)
  join content_policies p on p.source_id = x."policySourceId"
  on conflict (source_id) do update set ${updateSet(SUBSIDY_COLUMNS)}`;

/** Subsidies an updated policy no longer lists are removed. */
const SUBSIDY_PRUNE = `delete from content_subsidies s using content_policies p
  where s.policy_id = p.id and p.source_id = any($1::text[]) and not (s.source_id = any($2::text[]))`;

const REPORT_COLUMNS = [
  'kind',
  'title',
  'institution',
  'chain_code',
  'industries',
  'topics',
  'publish_date',
  'pages',
  'summary',
  'body_html',
  'body_text',
  'charts',
  'attachments',
  'cover_url',
  'source_url',
  'demo',
  'title_doc',
  'search_doc',
  'grams',
];

const REPORT_UPSERT = `insert into content_reports (source_id, ${REPORT_COLUMNS.join(', ')})
  select "sourceId", kind, title, institution, "chainCode", industries, coalesce(topics, '{}'),
    "publishDate", pages, summary, "bodyHtml", "bodyText", coalesce(charts, '[]'::jsonb),
    coalesce(attachments, '[]'::jsonb), "coverUrl", "sourceUrl", coalesce(demo, false), "titleDoc",
    "searchDoc", grams
  from jsonb_to_recordset($1::jsonb) as x("sourceId" text, kind text, title text, institution text,
    "chainCode" text, industries text[], topics text[], "publishDate" date, pages int, summary text,
    "bodyHtml" text, "bodyText" text, charts jsonb, attachments jsonb, "coverUrl" text,
    "sourceUrl" text, demo boolean, "titleDoc" text, "searchDoc" text, grams text[])
  on conflict (source_id) do update set ${updateSet(REPORT_COLUMNS)}, updated_at = now()
  returning (xmax = 0) as inserted`;

const NEWS_COLUMNS = [
  'title',
  'source',
  'category',
  'industries',
  'topics',
  'publish_date',
  'summary',
  'body_html',
  'body_text',
  'source_url',
  'demo',
  'title_doc',
  'search_doc',
  'grams',
];

const NEWS_UPSERT = `insert into content_news (source_id, ${NEWS_COLUMNS.join(', ')})
  select "sourceId", title, source, category, industries, coalesce(topics, '{}'), "publishDate",
    summary, "bodyHtml", "bodyText", "sourceUrl", coalesce(demo, false), "titleDoc", "searchDoc", grams
  from jsonb_to_recordset($1::jsonb) as x("sourceId" text, title text, source text, category text,
    industries text[], topics text[], "publishDate" date, summary text, "bodyHtml" text,
    "bodyText" text, "sourceUrl" text, demo boolean, "titleDoc" text, "searchDoc" text, grams text[])
  on conflict (source_id) do update set ${updateSet(NEWS_COLUMNS)}, updated_at = now()
  returning (xmax = 0) as inserted`;

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

async function upsert(db: Queryable, sql: string, rows: unknown[]): Promise<WriteCounts> {
  const out = { inserted: 0, updated: 0 };
  for (let i = 0; i < rows.length; i += BATCH) {
    const res = await db.query<{ inserted: boolean }>(sql, [
      JSON.stringify(rows.slice(i, i + BATCH)),
    ]);
    for (const r of res.rows) {
      if (r.inserted) out.inserted++;
      else out.updated++;
    }
  }
  if (rows.length) clearFacetCache();
  return out;
}

/** The search fields of each kind of row: one definition for the writers and the import worker. */
export const policySearch = (p: Omit<PolicyWrite, 'subsidies'>) =>
  searchFields(p.title, p.issuer, p.docNo, p.bodyText);
export const reportSearch = (r: ReportWrite) =>
  searchFields(r.title, r.institution, r.summary, r.bodyText);
export const newsSearch = (n: NewsWrite) => searchFields(n.title, n.source, n.bodyText);

export async function writePolicies(
  db: Queryable,
  policies: readonly PolicyWrite[],
): Promise<WriteCounts & { subsidies: number }> {
  const rows = policies.map(({ subsidies: _s, search, ...p }) => ({
    ...p,
    ...(search ?? policySearch(p)),
  }));
  const counts = await upsert(db, POLICY_UPSERT, rows);
  const subsidies = policies.flatMap((p) =>
    p.subsidies.map((s) => ({ ...s, policySourceId: p.sourceId })),
  );
  if (counts.updated > 0) {
    await db.query(SUBSIDY_PRUNE, [
      policies.map((p) => p.sourceId),
      subsidies.map((s) => s.sourceId),
    ]);
  }
  for (let i = 0; i < subsidies.length; i += BATCH) {
    await db.query(SUBSIDY_UPSERT, [JSON.stringify(subsidies.slice(i, i + BATCH))]);
  }
  return { ...counts, subsidies: subsidies.length };
}

export function writeReports(db: Queryable, reports: readonly ReportWrite[]): Promise<WriteCounts> {
  return upsert(
    db,
    REPORT_UPSERT,
    reports.map(({ search, ...r }) => ({ ...r, ...(search ?? reportSearch(r)) })),
  );
}

export function writeNews(db: Queryable, news: readonly NewsWrite[]): Promise<WriteCounts> {
  return upsert(
    db,
    NEWS_UPSERT,
    news.map(({ search, ...n }) => ({ ...n, ...(search ?? newsSearch(n)) })),
  );
}
