import 'server-only';
import type pg from 'pg';
import { getReadPool } from '@/lib/server/platform';
import { regionFullName, regionName } from '@/lib/shared/geo';
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
  commonFilters,
  excerpt,
  industryNames,
  regionPredicate,
  validId,
  whereOf,
} from './content-sql';
import { rowsByIds, searchContent, type ContentSearchSpec } from './content-search';

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

const POLICY_TABLE = { table: 'content_policies', alias: 'p', columns: SUMMARY_COLUMNS } as const;

const POLICY_FACETS = {
  level: {
    sql: 'p.level',
    label: (v: string) => labelOf(POLICY_LEVELS, v),
    order: POLICY_LEVELS.map((l) => l.value),
  },
  kind: { sql: 'p.kind', label: (v: string) => labelOf(POLICY_KINDS, v) },
  status: {
    sql: statusSql('p'),
    label: (v: string) => labelOf(POLICY_STATUSES, v),
    order: POLICY_STATUSES.map((s) => s.value),
  },
  /** Provinces; national policies under '000000'. */
  region: {
    sql: 'p.province_code',
    label: (v: string) => (v === '000000' ? '全国' : regionName(v)),
  },
};

/** The policy table's part of the shared content search (content-search.ts). */
export function policySearchSpec(
  q: PolicySearchQuery,
): ContentSearchSpec<keyof typeof POLICY_FACETS> {
  // Unknown filter values were dropped by the query schema.
  const where = (p: Params, norm: string) =>
    whereOf([
      ...commonFilters(p, 'p', norm, q),
      regionPredicate(p, 'p', q.region),
      q.level ? `p.level = ${p.add(q.level)}` : null,
      q.kind ? `p.kind = ${p.add(q.kind)}` : null,
      statusPredicate('p', q.status),
    ]);
  return { ...POLICY_TABLE, where, facets: POLICY_FACETS };
}

/**
 * Policy search (/policySearch): keyword over title, issuer, document number and full text; region
 * (province / city / district), level, industry, kind, publish-date range and application status;
 * relevance (title hits first) or date order; facet counts of the matching set (estimated over a
 * sample for big sets: `facetsEstimated`).
 */
export async function searchPolicies(
  q: PolicySearchQuery,
  db: pg.Pool = getReadPool(),
): Promise<PolicySearchResult & { facetsEstimated: boolean }> {
  return searchContent(db, policySearchSpec(q), q, toSummary);
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
  db: pg.Pool = getReadPool(),
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
  db: pg.Pool = getReadPool(),
): Promise<PolicyCompareItem[]> {
  const rows = await rowsByIds<SummaryRow>(db, POLICY_TABLE, ids);
  const subsidies = await subsidiesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...toSummary(r),
    subsidies: subsidies.filter((s) => s.policy_id === r.id).map(toSubsidySummary),
  }));
}

/** Newest policies of some industries (health topic pages). */
export async function latestPoliciesForIndustries(
  industries: readonly string[],
  limit: number,
  db: pg.Pool = getReadPool(),
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
