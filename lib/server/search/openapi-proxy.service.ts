import 'server-only';
import { ApiError, apiError } from '../api/api-error';
import type { ClientInfo } from '../api/client-info';
import { ERRORS } from '@/lib/shared/api/error-codes';
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
import { enterpriseSearchQuerySchema, normalizeKeyword } from '@/lib/shared/search/query';
import {
  suggestBodySchema,
  type OpenapiUrlPath,
  type StaticConfig,
} from '@/lib/shared/search/search.contract';
import {
  advancedSearchConditionSchema,
  advancedSearchRequestSchema,
} from '@/lib/shared/search/advanced';
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

/** get-search-condition: the filter options whose label contains the keyword. */
export function searchConditionsMatching(rawKeyword: string) {
  const k = normalizeKeyword(rawKeyword);
  const config = searchConfig();
  const match = (o: { label: string }) => !k || o.label.includes(k);
  return {
    statuses: config.statuses.filter(match),
    orgTypes: config.orgTypes.filter(match),
    staffSizes: config.staffSizes.filter(match),
    tags: config.tags.filter(match),
    capitalBands: config.capitalBands.filter(match),
    establishBands: config.establishBands.filter(match),
  };
}

/** The body's first problem as the catalogue's 400, naming the field. */
function badRequest(issue: { path: PropertyKey[]; message: string }): ApiError {
  return new ApiError(ERRORS.BAD_REQUEST.code, issue.message, { field: issue.path.join('.') });
}

/**
 * The openapi proxy of spec 7.3: one endpoint per data plan, the operation chosen by ?urlPath, all
 * answered from the built-in search. The body's shape depends on the operation, so it is checked here.
 */
export async function answerOpenapi(
  urlPath: OpenapiUrlPath,
  body: Record<string, unknown> | undefined,
  caller: { auth: { userId: number; tenantId: number | null } | null; client: ClientInfo },
) {
  await limitSearch(caller.auth, caller.client);
  switch (urlPath) {
    case '/enterprise/search': {
      const parsed = enterpriseSearchQuerySchema.safeParse(body ?? {});
      if (!parsed.success) throw badRequest(parsed.error.issues[0]);
      const result = await searchEnterprises(parsed.data, {
        maxResults: await maxResultsFor(caller.auth),
      });
      // Input that normalises to nothing (emoji only) lists everything: say so.
      const raw = body?.keyword;
      if (!parsed.data.keyword && typeof raw === 'string' && raw.trim() && !result.notice)
        result.notice = '关键词中没有可搜索的文字，已显示全部企业';
      return result;
    }
    case '/enterprise/suggest': {
      const parsed = suggestBodySchema.safeParse(body ?? {});
      if (!parsed.success) throw apiError('BAD_REQUEST');
      return suggestEnterprises(normalizeKeyword(parsed.data.keyword), {
        limit: parsed.data.size,
        type: parsed.data.type,
      });
    }
    case '/config/static':
      return searchConfig();
    // The same advanced search as /shuzhituoke/advanced-search/*, for clients of the proxy.
    case '/advanced-search/count': {
      const parsed = advancedSearchConditionSchema.safeParse(body ?? {});
      if (!parsed.success) throw badRequest(parsed.error.issues[0]);
      return countAdvanced(parsed.data);
    }
    case '/advanced-search/page': {
      const parsed = advancedSearchRequestSchema.safeParse(body ?? {});
      if (!parsed.success) throw badRequest(parsed.error.issues[0]);
      return searchAdvanced(parsed.data, { maxResults: await maxResultsFor(caller.auth) });
    }
  }
}
