import 'server-only';
import {
  advancedConditionSchema,
  MAX_CONDITIONS_PER_GROUP,
  MAX_GROUPS,
  type AdvancedCondition,
  type AdvancedSearchCondition,
  type ConditionGroup,
} from '@/lib/shared/search/advanced';
import type { SortKey } from '@/lib/shared/search/filters';
import { normalizeKeyword } from '@/lib/shared/search/query';
import type { AiEntPage } from '@/lib/shared/ai/ai.contract';
import { getRegion } from '@/lib/shared/geo';
import { getIndustry } from '@/lib/shared/industry';
import { searchAdvanced } from '@/lib/server/search';

/**
 * The assistant's side of search: whatever understood a request (parser, model, edited chips),
 * only a valid AdvancedSearchCondition reaches the advanced search service, which runs it over the
 * shared enterprise data with the caller's edition depth. Nothing here takes a tenant from input.
 */

/** A code a region / industry condition may hold: one that exists in the product's own lists. */
function knownCode(field: AdvancedCondition['field'], code: string): boolean {
  if (field === 'region') return !!getRegion(code);
  if (field === 'industry') return !!getIndustry(code);
  return true;
}

/** Why a condition is not usable, or null when it is. */
export function conditionProblem(c: unknown): string | null {
  const parsed = advancedConditionSchema.safeParse(c);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? '条件格式不正确';
  const cond = parsed.data as AdvancedCondition;
  const unknown = (cond.values ?? []).filter((v) => !knownCode(cond.field, v));
  if (unknown.length) return `未知的编码：${unknown.join('、')}`;
  return null;
}

/**
 * Keeps only valid conditions (schema, known region / industry codes, at most 5 groups of 10);
 * returns what was dropped so the reply can say so. Never throws.
 */
export function sanitizeCondition(input: unknown): {
  condition: AdvancedSearchCondition;
  dropped: string[];
} {
  const dropped: string[] = [];
  const raw = (input && typeof input === 'object' ? input : {}) as {
    logic?: unknown;
    groups?: unknown;
  };
  const logic = raw.logic === 'or' ? 'or' : 'and';
  const groups: ConditionGroup[] = [];
  for (const g of Array.isArray(raw.groups) ? raw.groups : []) {
    const group = (g && typeof g === 'object' ? g : {}) as {
      logic?: unknown;
      conditions?: unknown;
    };
    const conditions: AdvancedCondition[] = [];
    for (const c of Array.isArray(group.conditions) ? group.conditions : []) {
      const problem = conditionProblem(c);
      if (problem) dropped.push(problem);
      else if (conditions.length < MAX_CONDITIONS_PER_GROUP)
        conditions.push(advancedConditionSchema.parse(c) as AdvancedCondition);
      else dropped.push(`每组最多 ${MAX_CONDITIONS_PER_GROUP} 个条件`);
    }
    if (conditions.length === 0) continue;
    if (groups.length >= MAX_GROUPS) {
      dropped.push(`最多 ${MAX_GROUPS} 个条件组`);
      continue;
    }
    groups.push({ logic: group.logic === 'or' ? 'or' : 'and', conditions });
  }
  return { condition: { logic, groups }, dropped };
}

/** The keyword as conditions: company name, or business scope, contains it. */
export function keywordConditions(keyword: string): AdvancedCondition[] {
  const out: AdvancedCondition[] = [];
  for (const field of ['name', 'businessScope'] as const) {
    const c: AdvancedCondition = { field, op: 'contains', value: keyword };
    if (conditionProblem(c) === null) out.push(c);
  }
  return out;
}

/**
 * What is searched: the understood condition AND (name or business scope contains the keyword).
 * With OR between groups the keyword joins every group; beyond the group limit it is left out.
 */
export function searchConditionOf(
  condition: AdvancedSearchCondition,
  keyword: string | null | undefined,
): AdvancedSearchCondition {
  const kw = keyword?.trim();
  const extra = kw ? keywordConditions(kw) : [];
  if (extra.length === 0) return condition;
  const keywordGroup: ConditionGroup = { logic: 'or', conditions: extra };
  if (condition.groups.length === 0) return { logic: 'and', groups: [keywordGroup] };
  if (condition.logic === 'and' || condition.groups.length === 1) {
    if (condition.groups.length >= MAX_GROUPS) return condition;
    return { logic: 'and', groups: [...condition.groups, keywordGroup] };
  }
  // OR of groups: (g1 AND name contains kw) OR (g2 AND …), using the name only (one condition).
  return {
    logic: 'or',
    groups: condition.groups.map((g) =>
      g.logic === 'and' && g.conditions.length < MAX_CONDITIONS_PER_GROUP
        ? { logic: 'and', conditions: [...g.conditions, extra[0]] }
        : g,
    ),
  };
}

export function hasSearchable(condition: AdvancedSearchCondition, keyword?: string | null) {
  return condition.groups.some((g) => g.conditions.length > 0) || !!keyword?.trim();
}

/** One page of a reply's companies, with the caller's edition depth. */
export async function runSearch(
  condition: AdvancedSearchCondition,
  keyword: string | null | undefined,
  page: { pageNo: number; pageSize: number; sort?: SortKey; maxResults: number },
): Promise<AiEntPage> {
  const result = await searchAdvanced(
    {
      ...searchConditionOf(condition, keyword),
      sort: page.sort ?? 'relevance',
      pageNo: page.pageNo,
      pageSize: page.pageSize,
    },
    {
      maxResults: page.maxResults,
      highlight: keyword?.trim() ? normalizeKeyword(keyword) : undefined,
    },
  );
  return {
    list: result.list,
    total: result.total,
    totalCapped: result.totalCapped,
    pageNo: result.pageNo,
    pageSize: result.pageSize,
    maxResults: result.maxResults,
    notice: result.notice,
  };
}
