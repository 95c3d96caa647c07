import type pg from 'pg';
import { getPool } from '@/lib/server/db';
import { regionFullName, regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import {
  POLICY_KINDS,
  POLICY_LEVELS,
  POLICY_STATUSES,
  labelOf,
  type PolicyKind,
  type PolicyLevel,
  type PolicyStatus,
} from '@/lib/shared/content/content.constants';
import type {
  ContentAttachment,
  PolicyCompareItem,
  PolicyDetail,
  PolicySearchQuery,
  PolicySearchResult,
  PolicySummary,
  SubsidySummary,
} from '@/lib/shared/content/content.contract';
import {
  Params,
  searchQuery,
  usesGrams,
  buckets,
  clampPage,
  dateRange,
  excerpt,
  industryNames,
  industryPredicate,
  keywordPredicate,
  normaliseKeyword,
  regionPredicate,
  relevanceOrder,
  validId,
  whereOf,
} from './content-sql';
import { cachedFacets } from './facet-cache';
import { estimateMatches } from './gram-stats';
import { keywordGrams } from './search-doc';

/** Application status of a row with apply_start / apply_end, as of today (SQL). */
export function statusSql(alias: string): string {
  return `case when ${alias}.apply_start is null and ${alias}.apply_end is null then null
    when ${alias}.apply_start is not null and current_date < ${alias}.apply_start then 'upcoming'
    when ${alias}.apply_end is not null and current_date > ${alias}.apply_end then 'closed'
    else 'open' end`;
}

function statusPredicate(alias: string, status: PolicyStatus | undefined): string | null {
  switch (status) {
    case 'open':
      return `((${alias}.apply_start is not null or ${alias}.apply_end is not null)
        and coalesce(${alias}.apply_start, '-infinity'::date) <= current_date
        and coalesce(${alias}.apply_end, 'infinity'::date) >= current_date)`;
    case 'upcoming':
      return `${alias}.apply_start > current_date`;
    case 'closed':
      return `${alias}.apply_end < current_date`;
    default:
      return null;
  }
}

const SUMMARY_COLUMNS = `p.id::int as id, p.title, p.issuer, p.doc_no, p.level, p.region_code, p.industries,
  p.kind, p.publish_date::text as publish_date, p.effective_date::text as effective_date,
  p.expiry_date::text as expiry_date, p.apply_start::text as apply_start, p.apply_end::text as apply_end,
  ${statusSql('p')} as status, p.summary, p.demo,
  (select count(*)::int from content_subsidies s where s.policy_id = p.id) as subsidy_count,
  (select max(s.amount_max_fen) from content_subsidies s where s.policy_id = p.id) as max_amount_fen`;

type SummaryRow = {
  id: number;
  title: string;
  issuer: string;
  doc_no: string | null;
  level: PolicyLevel;
  region_code: string | null;
  industries: string[];
  kind: PolicyKind;
  publish_date: string;
  effective_date: string | null;
  expiry_date: string | null;
  apply_start: string | null;
  apply_end: string | null;
  status: PolicyStatus | null;
  summary: string;
  demo: boolean;
  subsidy_count: number;
  max_amount_fen: number | null;
};

function toSummary(r: SummaryRow): PolicySummary {
  return {
    id: r.id,
    title: r.title,
    issuer: r.issuer,
    level: r.level,
    levelLabel: labelOf(POLICY_LEVELS, r.level),
    regionCode: r.region_code,
    regionName: r.region_code ? regionFullName(r.region_code) : '全国',
    industries: r.industries,
    industryNames: industryNames(r.industries),
    kind: r.kind,
    kindLabel: labelOf(POLICY_KINDS, r.kind),
    docNo: r.doc_no,
    publishDate: r.publish_date,
    effectiveDate: r.effective_date,
    expiryDate: r.expiry_date,
    applyStart: r.apply_start,
    applyEnd: r.apply_end,
    status: r.status,
    statusLabel: r.status ? labelOf(POLICY_STATUSES, r.status) : '',
    summary: excerpt(r.summary),
    subsidyCount: r.subsidy_count,
    maxAmountFen: r.max_amount_fen,
    demo: r.demo,
  };
}

/** Keywords estimated to match more rows than this are ranked by walking the date index. */
const WALK_ABOVE = 3000;

/**
 * Relevance order for a frequent keyword without reading every match: title hits newest first
 * (the date index walked with a check of the short, inline title), then the other matches newest
 * first; each walk stops after offset + limit rows, which a frequent word reaches soon.
 */
export async function walkRelevance(
  db: pg.Pool,
  q: PolicySearchQuery,
  norm: string,
  offset: number,
  limit: number,
): Promise<number[]> {
  const want = offset + limit;
  const tp = new Params();
  const filters = policyWhere(tp, { ...q, q: '' }, '');
  const title = await db.query<{ id: number }>(
    `select p.id::int as id from content_policies p
      where ${filters} and strpos(p.title_doc, ${tp.add(norm)}) > 0
      order by p.publish_date desc, p.id desc limit ${want}`,
    tp.values,
  );
  let ids = title.rows.map((r) => r.id);
  if (ids.length < want) {
    const bp = new Params();
    const w = policyWhere(bp, q, norm);
    const rest = await db.query<{ id: number }>(
      `select p.id::int as id from content_policies p
        where ${w} and strpos(p.title_doc, ${bp.add(norm)}) = 0
        order by p.publish_date desc, p.id desc limit ${want - ids.length}`,
      bp.values,
    );
    ids = ids.concat(rest.rows.map((r) => r.id));
  }
  return ids.slice(offset, want);
}

/** WHERE of a policy search (keyword and every filter); unknown values were dropped by the schema. */
function policyWhere(p: Params, q: PolicySearchQuery, norm: string): string {
  return whereOf([
    keywordPredicate(p, 'p', norm),
    regionPredicate(p, 'p', q.region),
    q.level ? `p.level = ${p.add(q.level)}` : null,
    industryPredicate(p, 'p', q.industry),
    q.kind ? `p.kind = ${p.add(q.kind)}` : null,
    ...dateRange(p, 'p.publish_date', q.dateFrom, q.dateTo),
    statusPredicate('p', q.status),
  ]);
}

/**
 * Policy search (/policySearch): keyword over title, issuer, document number and full text; region
 * (province / city / district), level, industry, kind, publish-date range and application status;
 * relevance (title hits first) or date order; facet counts of the matching set. The count and the
 * facets are one grouping-sets pass; the page is a second statement run alongside.
 */
export async function searchPolicies(
  q: PolicySearchQuery,
  db: pg.Pool = getPool(),
): Promise<PolicySearchResult> {
  const started = Date.now();
  const norm = normaliseKeyword(q.q);
  const fp = new Params();
  const where = policyWhere(fp, q, norm);
  // One pass over the matches: level, kind, province, status and the total as grouping sets,
  // industry sections from the same materialised rows.
  const facetSql = `with m as materialized (
      select p.level, p.kind, p.province_code, ${statusSql('p')} as st, p.industries
      from content_policies p where ${where})
    select case when grouping(level) = 0 then 'level' when grouping(kind) = 0 then 'kind'
        when grouping(province_code) = 0 then 'region' when grouping(st) = 0 then 'status'
        else 'total' end as f,
      coalesce(level, kind, province_code, st) as v, count(*)::int as n
    from m group by grouping sets ((), (level), (kind), (province_code), (st))
    union all
    select 'industry', i, count(*)::int from m, unnest(m.industries) i where length(i) = 1 group by i`;

  // The page's ids first (only what the order needs is read for every match), then their columns.
  const pageIds = async (pageNo: number): Promise<number[]> => {
    const offset = (pageNo - 1) * q.pageSize;
    if (q.sort !== 'date' && usesGrams(norm)) {
      const frequent =
        (await estimateMatches(db, 'content_policies', keywordGrams(norm))) > WALK_ABOVE;
      if (frequent) return walkRelevance(db, q, norm, offset, q.pageSize);
    }
    const pp = new Params();
    const w = policyWhere(pp, q, norm);
    const order =
      q.sort === 'date' ? 'p.publish_date desc, p.id desc' : relevanceOrder(pp, 'p', norm);
    const ids = await searchQuery<{ id: number }>(
      db,
      usesGrams(norm),
      `select p.id::int as id from content_policies p where ${w} order by ${order}
        limit ${q.pageSize} offset ${offset}`,
      pp.values,
    );
    return ids.rows.map((r) => r.id);
  };
  const runPage = async (pageNo: number) => {
    const ids = await pageIds(pageNo);
    if (ids.length === 0) return [];
    const { rows } = await db.query<SummaryRow>(
      `select ${SUMMARY_COLUMNS} from content_policies p where p.id = any($1::bigint[])`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is SummaryRow => !!r);
  };

  const firstGuess = Math.min(q.pageNo, Math.floor(10_000 / q.pageSize) || 1);
  const [facetRows, guessedRows] = await Promise.all([
    cachedFacets(`policy:${facetSql}:${JSON.stringify(fp.values)}`, async () => {
      const r = await searchQuery<{ f: string; v: string | null; n: number }>(
        db,
        usesGrams(norm),
        facetSql,
        fp.values,
      );
      return r.rows;
    }),
    runPage(firstGuess),
  ]);
  const total = facetRows.find((r) => r.f === 'total')?.n ?? 0;
  const pageNo = clampPage(q.pageNo, q.pageSize, total);
  const rows = pageNo === firstGuess ? guessedRows : await runPage(pageNo);
  const only = (f: string) =>
    facetRows.filter((r) => r.f === f).map((r) => ({ value: r.v, count: r.n }));
  return {
    list: rows.map(toSummary),
    total,
    pageNo,
    pageSize: q.pageSize,
    facets: {
      level: buckets(
        only('level'),
        (v) => labelOf(POLICY_LEVELS, v),
        POLICY_LEVELS.map((l) => l.value),
      ),
      kind: buckets(only('kind'), (v) => labelOf(POLICY_KINDS, v)),
      status: buckets(
        only('status'),
        (v) => labelOf(POLICY_STATUSES, v),
        POLICY_STATUSES.map((s) => s.value),
      ),
      region: buckets(only('region'), (v) => (v === '000000' ? '全国' : regionName(v))),
      industry: buckets(only('industry'), industryName),
    },
    tookMs: Date.now() - started,
  };
}

type DetailRow = SummaryRow & {
  body_html: string;
  interpretation_html: string;
  attachments: ContentAttachment[];
  source_url: string | null;
};

type SubsidyRow = {
  id: number;
  policy_id: number;
  name: string;
  amount_min_fen: number | null;
  amount_max_fen: number | null;
  apply_start: string | null;
  apply_end: string | null;
  status: PolicyStatus | null;
};

export const SUBSIDY_SUMMARY_COLUMNS = `s.id::int as id, s.policy_id::int as policy_id, s.name,
  s.amount_min_fen, s.amount_max_fen, s.apply_start::text as apply_start,
  s.apply_end::text as apply_end, ${statusSql('s')} as status`;

export function toSubsidySummary(r: SubsidyRow): SubsidySummary {
  return {
    id: r.id,
    policyId: r.policy_id,
    name: r.name,
    amountMinFen: r.amount_min_fen,
    amountMaxFen: r.amount_max_fen,
    applyStart: r.apply_start,
    applyEnd: r.apply_end,
    status: r.status,
    statusLabel: r.status ? labelOf(POLICY_STATUSES, r.status) : '',
  };
}

async function subsidiesOf(db: pg.Pool, policyIds: number[]): Promise<SubsidyRow[]> {
  if (policyIds.length === 0) return [];
  const { rows } = await db.query<SubsidyRow>(
    `select ${SUBSIDY_SUMMARY_COLUMNS} from content_subsidies s
      where s.policy_id = any($1::bigint[]) order by s.policy_id, s.id`,
    [policyIds],
  );
  return rows;
}

/** One policy with its full text, 解读, attachments, subsidies and related policies; null if unknown. */
export async function getPolicy(
  id: unknown,
  db: pg.Pool = getPool(),
): Promise<PolicyDetail | null> {
  const policyId = validId(id);
  if (policyId === null) return null;
  const { rows } = await db.query<DetailRow & { province_code: string }>(
    `select ${SUMMARY_COLUMNS}, p.body_html, p.interpretation_html, p.attachments, p.source_url,
       p.province_code
     from content_policies p where p.id = $1`,
    [policyId],
  );
  const r = rows[0];
  if (!r) return null;
  const [subsidies, related] = await Promise.all([
    subsidiesOf(db, [policyId]),
    db.query<{ id: number; title: string; publish_date: string }>(
      `select p.id::int as id, p.title, p.publish_date::text as publish_date
         from content_policies p where p.kind = $1 and p.province_code = $2 and p.id <> $3
         order by p.publish_date desc, p.id desc limit 6`,
      [r.kind, r.province_code, policyId],
    ),
  ]);
  return {
    ...toSummary(r),
    bodyHtml: r.body_html,
    interpretationHtml: r.interpretation_html,
    attachments: r.attachments ?? [],
    sourceUrl: r.source_url,
    subsidies: subsidies.map(toSubsidySummary),
    related: related.rows.map((x) => ({ id: x.id, title: x.title, publishDate: x.publish_date })),
  };
}

/** Policies by id for the comparison list, in the order asked; unknown ids are left out. */
export async function comparePolicies(
  ids: readonly number[],
  db: pg.Pool = getPool(),
): Promise<PolicyCompareItem[]> {
  const wanted = ids.map(validId).filter((x): x is number => x !== null);
  if (wanted.length === 0) return [];
  const { rows } = await db.query<SummaryRow>(
    `select ${SUMMARY_COLUMNS} from content_policies p where p.id = any($1::bigint[])`,
    [wanted],
  );
  const subsidies = await subsidiesOf(
    db,
    rows.map((r) => r.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted
    .filter((id) => byId.has(id))
    .map((id) => ({
      ...toSummary(byId.get(id)!),
      subsidies: subsidies.filter((s) => s.policy_id === id).map(toSubsidySummary),
    }));
}

/** Newest policies of some industries (health topic pages). */
export async function latestPoliciesForIndustries(
  industries: readonly string[],
  limit: number,
  db: pg.Pool = getPool(),
): Promise<PolicySummary[]> {
  const { rows } = await db.query<SummaryRow>(
    `select ${SUMMARY_COLUMNS} from content_policies p where p.industries && $1::text[]
      order by p.publish_date desc, p.id desc limit ${Math.floor(limit)}`,
    [industries],
  );
  return rows.map(toSummary);
}

export { toSummary as toPolicySummary, SUMMARY_COLUMNS as POLICY_SUMMARY_COLUMNS };
export type { SummaryRow as PolicySummaryRow };
