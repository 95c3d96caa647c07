import 'server-only';
import type pg from 'pg';
import { getReadPool } from '@/lib/server/platform';
import { searchAdvanced } from '@/lib/server/search';
import { regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import {
  FIELD_OPTIONS,
  advancedSearchConditionSchema,
  describeCondition,
} from '@/lib/shared/search/advanced';
import type { SubsidyDetail, SubsidyMatchResult } from '@/lib/shared/content/content.contract';
import { CONTENT_PAGE_SIZE_MAX } from '@/lib/shared/content/content.constants';
import { validId } from './content-sql';
import {
  POLICY_SUMMARY_COLUMNS,
  SUBSIDY_SUMMARY_COLUMNS,
  toPolicySummary,
  toSubsidySummary,
  type PolicySummaryRow,
} from './policy.service';

/** How deep 匹配企业 pages (the tab is a sample of fitting companies, not an export). */
export const SUBSIDY_MATCH_MAX_RESULTS = 1000;

/** Names of condition values for the profile sentence (regions, industries, option labels). */
function valueName(field: string, key: string): string {
  if (field === 'region') return regionName(key) || key;
  if (field === 'industry') return industryName(key) || key;
  const options = FIELD_OPTIONS[field as keyof typeof FIELD_OPTIONS];
  return options?.find((o) => o.key === key)?.label ?? key;
}

async function subsidyRow(db: pg.Pool, id: number) {
  const { rows } = await db.query<
    Parameters<typeof toSubsidySummary>[0] & {
      conditions: string[];
      materials: string[];
      support_content: string;
      target_profile: unknown;
    }
  >(
    `select ${SUBSIDY_SUMMARY_COLUMNS}, s.conditions, s.materials, s.support_content, s.target_profile
       from content_subsidies s where s.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** One subsidy with its policy, conditions and target enterprise profile; null if unknown. */
export async function getSubsidy(
  id: unknown,
  db: pg.Pool = getReadPool(),
): Promise<SubsidyDetail | null> {
  const subsidyId = validId(id);
  if (subsidyId === null) return null;
  const s = await subsidyRow(db, subsidyId);
  if (!s) return null;
  const { rows } = await db.query<PolicySummaryRow>(
    `select ${POLICY_SUMMARY_COLUMNS} from content_policies p where p.id = $1`,
    [s.policy_id],
  );
  if (!rows[0]) return null;
  const profile = advancedSearchConditionSchema.safeParse(s.target_profile);
  const targetProfile = profile.success ? profile.data : { logic: 'and' as const, groups: [] };
  return {
    ...toSubsidySummary(s),
    policy: toPolicySummary(rows[0]),
    conditions: s.conditions,
    materials: s.materials,
    supportContent: s.support_content,
    targetProfile,
    targetProfileText: describeCondition(targetProfile, valueName),
  };
}

/**
 * 匹配企业: companies that fit the subsidy's target profile, through the enterprise index (the
 * same advanced search /advancedSearch runs), ranked by company weight. Null for an unknown id.
 */
export async function matchEnterprisesForSubsidy(
  id: unknown,
  page: { pageNo: number; pageSize: number },
  db: pg.Pool = getReadPool(),
): Promise<SubsidyMatchResult | null> {
  const subsidyId = validId(id);
  if (subsidyId === null) return null;
  const s = await subsidyRow(db, subsidyId);
  if (!s) return null;
  const profile = advancedSearchConditionSchema.safeParse(s.target_profile);
  const condition = profile.success ? profile.data : { logic: 'and' as const, groups: [] };
  const pageSize = Math.max(1, Math.min(page.pageSize, CONTENT_PAGE_SIZE_MAX));
  const deepest = Math.max(1, Math.floor(SUBSIDY_MATCH_MAX_RESULTS / pageSize));
  const pageNo = Math.max(1, Math.min(page.pageNo, deepest));
  const r = await searchAdvanced(
    { ...condition, sort: 'relevance', pageNo, pageSize },
    { maxResults: SUBSIDY_MATCH_MAX_RESULTS, db, highlight: '' },
  );
  return { list: r.list, total: r.total, totalCapped: r.totalCapped, pageNo, pageSize };
}
