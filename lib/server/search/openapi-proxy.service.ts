import 'server-only';
import { type ClientInfo } from '@/lib/server/platform';
import { regionTree } from '@/lib/shared/geo';
import { industryTree } from '@/lib/shared/industry';
import {
  CAPITAL_BANDS,
  ESTABLISH_BANDS,
  ORG_TYPE_OPTIONS,
  SORT_OPTIONS,
  STAFF_SIZE_OPTIONS,
  STATUS_OPTIONS,
  TAG_OPTIONS,
} from '@/lib/shared/search/filters';
import { normalizeKeyword } from '@/lib/shared/search/query';
import type { StaticConfig } from '@/lib/shared/search/search.contract';
import type { ProxySearchBody, SuggestBody } from '@/lib/shared/search/search.contract';
import type {
  AdvancedCondition,
  AdvancedSearchCondition,
  AdvancedSearchRequest,
} from '@/lib/shared/search/advanced';
import { conditionChips, understandRequest } from './understand';
import { countAdvanced, searchAdvanced } from './advanced-search.service';
import { limitSearch, maxResultsFor } from './search-access';
import { searchEnterprises, suggestEnterprises } from './search.service';

/** Static configuration of the search screens: every filter option with its label. */
export function searchConfig(): StaticConfig {
  return {
    regions: regionTree(2),
    industries: industryTree(2),
    capitalBands: CAPITAL_BANDS.map(({ key, label }) => ({ key, label })),
    establishBands: ESTABLISH_BANDS.map(({ key, label }) => ({ key, label })),
    statuses: [...STATUS_OPTIONS],
    orgTypes: ORG_TYPE_OPTIONS.map(({ key, label }) => ({ key, label })),
    staffSizes: [...STAFF_SIZE_OPTIONS],
    tags: [...TAG_OPTIONS],
    sorts: [...SORT_OPTIONS],
  };
}

/**
 * get-search-condition (7.3): the filter options whose label contains the keyword, plus what the
 * built-in request parser understood from it (the same parser as the AI assistant). The options
 * the parser chose are added to their lists (专精特新企业 finds the tag 专精特新, 成立5年以上 the
 * bands 5-10年 and 10年以上), and `understood` carries the whole condition with Chinese chips, ready
 * for the advanced search. The six lists keep their shape for existing callers.
 */
export function searchConditionsMatching(rawKeyword: string) {
  const k = normalizeKeyword(rawKeyword);
  const config = searchConfig();
  const match = (o: { label: string }) => !k || o.label.includes(k);
  const lists = {
    statuses: config.statuses.filter(match),
    orgTypes: config.orgTypes.filter(match),
    staffSizes: config.staffSizes.filter(match),
    tags: config.tags.filter(match),
    capitalBands: config.capitalBands.filter(match),
    establishBands: config.establishBands.filter(match),
  };
  if (!k) return lists;
  const u = understandRequest(k);
  const conditions = u.condition.groups.flatMap((g) => g.conditions);
  const chosen = (field: AdvancedCondition['field']) =>
    conditions.filter((c) => c.field === field && c.op === 'in').flatMap((c) => c.values ?? []);
  const addTo = (
    list: { key: string; label: string }[],
    all: { key: string; label: string }[],
    keys: string[],
  ) => {
    for (const o of all)
      if (keys.includes(o.key) && !list.some((x) => x.key === o.key)) list.push(o);
  };
  addTo(lists.statuses, config.statuses, chosen('status'));
  addTo(lists.orgTypes, config.orgTypes, chosen('orgType'));
  addTo(lists.staffSizes, config.staffSizes, chosen('staffSize'));
  addTo(lists.tags, config.tags, chosen('tag'));
  addTo(lists.establishBands, config.establishBands, chosen('establishBand'));
  // A capital range brings the bands it overlaps (the quick filters have bands only).
  for (const c of conditions.filter((x) => x.field === 'capitalRange')) {
    const lo = c.min ?? 0;
    const hi = c.max ?? Infinity;
    addTo(
      lists.capitalBands,
      config.capitalBands,
      CAPITAL_BANDS.filter((b) => (b.max === null || b.max > lo) && (b.min ?? 0) <= hi).map(
        (b) => b.key,
      ),
    );
  }
  return {
    ...lists,
    understood: {
      recognized: u.recognized,
      condition: u.condition,
      ...(u.keyword ? { keyword: u.keyword } : {}),
      notes: u.notes,
      chips: conditionChips(u.condition).map(({ key, label, condition }) => ({
        key,
        label,
        condition,
      })),
    },
  };
}

type ProxyCaller = {
  auth: { userId: number; tenantId: number | null } | null;
  client: ClientInfo;
};

/*
 * The openapi proxy of spec 7.3: one contract per operation (?urlPath) on each data plan's path,
 * all answered from the built-in search, each counted against the caller's search limit.
 */

/** /enterprise/search. Input that normalises to nothing (emoji only) lists everything: say so. */
export async function proxySearch(body: ProxySearchBody, caller: ProxyCaller) {
  await limitSearch(caller.auth, caller.client);
  const keyword = normalizeKeyword(body.keyword);
  const result = await searchEnterprises(
    { ...body, keyword },
    { maxResults: await maxResultsFor(caller.auth) },
  );
  if (!keyword && body.keyword.trim() && !result.notice)
    result.notice = '关键词中没有可搜索的文字，已显示全部企业';
  return result;
}

/** /enterprise/suggest: 6 suggestions on the login screen, 10 in the top bar. */
export async function proxySuggest(body: SuggestBody, caller: ProxyCaller) {
  await limitSearch(caller.auth, caller.client);
  return suggestEnterprises(normalizeKeyword(body.keyword), {
    limit: body.size,
    type: body.type,
  });
}

/** /config/static. */
export async function proxyStaticConfig(caller: ProxyCaller): Promise<StaticConfig> {
  await limitSearch(caller.auth, caller.client);
  return searchConfig();
}

/** /advanced-search/count: the same advanced search as /shuzhituoke/advanced-search/*. */
export async function proxyAdvancedCount(body: AdvancedSearchCondition, caller: ProxyCaller) {
  await limitSearch(caller.auth, caller.client);
  return countAdvanced(body);
}

/** /advanced-search/page. */
export async function proxyAdvancedPage(body: AdvancedSearchRequest, caller: ProxyCaller) {
  await limitSearch(caller.auth, caller.client);
  return searchAdvanced(body, { maxResults: await maxResultsFor(caller.auth) });
}
