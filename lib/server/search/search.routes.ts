import { z } from 'zod';
import { legacyRoute, type AuthContext, type RouteDefinition } from '../api/define-route';
import { apiError } from '../api/api-error';
import type { ClientInfo } from '../api/client-info';
import { getPool } from '../db';
import { hitRateLimit } from '../rate-limit/rate-limit.service';
import { effectiveEdition, getActiveTenant } from '../tenant/tenant.service';
import { getEdition } from '@/lib/shared/vip/editions';
import { regionTree } from '@/lib/shared/geo';
import { industryTree } from '@/lib/shared/industry';
import {
  ANONYMOUS_MAX_RESULTS,
  CAPITAL_BANDS,
  ESTABLISH_BANDS,
  ORG_TYPE_OPTIONS,
  SORT_OPTIONS,
  STAFF_SIZE_OPTIONS,
  STATUS_OPTIONS,
  TAG_OPTIONS,
} from '@/lib/shared/search/filters';
import { enterpriseSearchQuerySchema, normalizeKeyword } from '@/lib/shared/search/query';
import { advancedSearchConditionSchema } from '@/lib/shared/search/advanced';
import { INTELLIGENT_SEARCH_PREFIX } from '@/lib/shared/search/paths';
import { searchEnterprises, suggestEnterprises } from './search.service';
import {
  clearSearchHistory,
  listSearchHistory,
  recordSearchHistory,
} from './search-history.service';

const tags = ['企业搜索'];

/** Anonymous searches per IP per minute: enough for a person, too few for a scraper. */
export const ANONYMOUS_SEARCHES_PER_MINUTE = 60;

/**
 * Counts one search by a visitor who is not signed in; false once the address has used up the
 * minute's allowance. The API and the server-rendered search page share the allowance.
 */
export async function allowAnonymousSearch(ip: string): Promise<boolean> {
  const r = await hitRateLimit(`search:ip:${ip}`, ANONYMOUS_SEARCHES_PER_MINUTE, 60_000);
  return r.allowed;
}

async function limitAnonymousSearch(auth: AuthContext | null, client: ClientInfo): Promise<void> {
  if (auth) return;
  if (!(await allowAnonymousSearch(client.ip))) throw apiError('TOO_MANY_REQUESTS');
}

/** How deep the caller may page: the tenant's edition, or the free edition's depth when signed out. */
export async function maxResultsFor(auth: Pick<AuthContext, 'tenantId'> | null): Promise<number> {
  if (!auth?.tenantId) return ANONYMOUS_MAX_RESULTS;
  const tenant = await getActiveTenant(auth.tenantId).catch(() => null);
  return tenant ? getEdition(effectiveEdition(tenant)).maxSearchResults : ANONYMOUS_MAX_RESULTS;
}

const suggestBody = z.object({
  keyword: z.string().max(200, '关键词过长').default(''),
  /** 6 on the login screen, 10 in the top bar (spec 5 / 9). */
  size: z.coerce.number().int().min(1).max(10).default(10),
  type: z.enum(['enterprise', 'park']).default('enterprise'),
});

/** Static configuration of the search screens: every filter option with its label. */
function staticConfig() {
  return {
    regions: regionTree(2),
    industries: industryTree(2),
    capitalBands: CAPITAL_BANDS.map(({ key, label }) => ({ key, label })),
    establishBands: ESTABLISH_BANDS.map(({ key, label }) => ({ key, label })),
    statuses: STATUS_OPTIONS,
    orgTypes: ORG_TYPE_OPTIONS.map(({ key, label }) => ({ key, label })),
    staffSizes: STAFF_SIZE_OPTIONS,
    tags: TAG_OPTIONS,
    sorts: SORT_OPTIONS,
  };
}

const URL_PATHS = ['/enterprise/search', '/enterprise/suggest', '/config/static'] as const;

/**
 * The openapi proxy of spec 7.3: one endpoint per data plan (openapi, openapi-free, openapi3),
 * the operation chosen by ?urlPath. All three answer from the built-in search.
 */
function openapiRoute(path: string): RouteDefinition {
  return legacyRoute({
    method: 'POST',
    path,
    summary: `企业数据代理：urlPath = ${URL_PATHS.join(' | ')}（搜索 / 联想 / 筛选项配置）`,
    tags,
    access: 'public',
    write: false,
    query: z.object({
      urlPath: z.enum(URL_PATHS, { message: `urlPath 应为 ${URL_PATHS.join('、')} 之一` }),
    }),
    body: z.record(z.string(), z.unknown()).optional(),
    handler: async ({ query, body, auth, client }) => {
      await limitAnonymousSearch(auth, client);
      switch (query.urlPath) {
        case '/enterprise/search': {
          const parsed = enterpriseSearchQuerySchema.safeParse(body ?? {});
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw apiError('BAD_REQUEST', undefined, {
              field: issue.path.join('.'),
              message: issue.message,
            });
          }
          const result = await searchEnterprises(parsed.data, {
            maxResults: await maxResultsFor(auth),
          });
          // Input that normalises to nothing (emoji only) lists everything: say so.
          const raw = (body ?? {}).keyword;
          if (!parsed.data.keyword && typeof raw === 'string' && raw.trim() && !result.notice)
            result.notice = '关键词中没有可搜索的文字，已显示全部企业';
          return result;
        }
        case '/enterprise/suggest': {
          const parsed = suggestBody.safeParse(body ?? {});
          if (!parsed.success) throw apiError('BAD_REQUEST');
          return suggestEnterprises(normalizeKeyword(parsed.data.keyword), {
            limit: parsed.data.size,
            type: parsed.data.type,
          });
        }
        default:
          return staticConfig();
      }
    },
  });
}

const conditionBody = z.object({
  name: z.string().trim().min(1, '请输入模板名称').max(30, '模板名称最多 30 个字'),
  condition: z.record(z.string(), z.unknown()),
});

const intelligentPrefix = INTELLIGENT_SEARCH_PREFIX;

export const searchRoutes: RouteDefinition[] = [
  openapiRoute('/sztk/data/openapi'),
  openapiRoute('/sztk/data/openapi-free'),
  openapiRoute('/sztk/data/openapi3'),
  legacyRoute({
    method: 'GET',
    path: `${intelligentPrefix}/get-search-condition`,
    summary: '按关键词给出可用的搜索条件（筛选项中标签包含关键词的条目）',
    tags,
    access: 'public',
    query: z.object({ keyword: z.string().max(50).default('') }),
    handler: ({ query }) => {
      const k = normalizeKeyword(query.keyword);
      const config = staticConfig();
      const match = (label: string) => !k || label.includes(k);
      return {
        statuses: config.statuses.filter((o) => match(o.label)),
        orgTypes: config.orgTypes.filter((o) => match(o.label)),
        staffSizes: config.staffSizes.filter((o) => match(o.label)),
        tags: config.tags.filter((o) => match(o.label)),
        capitalBands: config.capitalBands.filter((o) => match(o.label)),
        establishBands: config.establishBands.filter((o) => match(o.label)),
      };
    },
  }),
  legacyRoute({
    method: 'GET',
    path: `${intelligentPrefix}/get-search-condition-template`,
    summary: '本人保存的搜索条件模板（可按名称关键词过滤）',
    tags,
    access: 'tenant',
    query: z.object({ keyword: z.string().max(50).default('') }),
    handler: async ({ query, auth }) => {
      const { rows } = await getPool().query(
        `select id::int as id, name, condition, created_at as "createTime" from search_condition_templates
          where tenant_id = $1 and user_id = $2 and ($3 = '' or position($3 in name) > 0)
          order by created_at desc limit 50`,
        [auth.tenantId, auth.userId, normalizeKeyword(query.keyword)],
      );
      return rows;
    },
  }),
  legacyRoute({
    method: 'POST',
    path: `${intelligentPrefix}/save-search-condition-template`,
    summary: '保存搜索条件模板（每人最多 50 个）',
    tags,
    access: 'tenant',
    body: conditionBody,
    handler: async ({ body, auth }) => {
      const parsed = enterpriseSearchQuerySchema.shape.filters.safeParse(
        body.condition.filters ?? {},
      );
      if (!parsed.success) throw apiError('BAD_REQUEST');
      // Advanced-search templates keep their AND/OR condition groups too.
      const advanced =
        body.condition.advanced === undefined
          ? undefined
          : advancedSearchConditionSchema.safeParse(body.condition.advanced);
      if (advanced && !advanced.success) throw apiError('BAD_REQUEST');
      const pool = getPool();
      const { rows: count } = await pool.query<{ n: number }>(
        'select count(*)::int as n from search_condition_templates where user_id = $1',
        [auth.userId],
      );
      if (count[0].n >= 50)
        throw apiError('SEARCH_KEYWORD_INVALID', {
          reason: '最多保存 50 个模板，请先删除不用的模板',
        });
      const { rows } = await pool.query<{ id: number }>(
        `insert into search_condition_templates (tenant_id, user_id, name, condition) values ($1, $2, $3, $4) returning id::int as id`,
        [
          auth.tenantId,
          auth.userId,
          body.name,
          JSON.stringify({
            keyword: normalizeKeyword(String(body.condition.keyword ?? '')),
            filters: parsed.data,
            ...(advanced ? { advanced: advanced.data } : {}),
          }),
        ],
      );
      return rows[0].id;
    },
  }),
  legacyRoute({
    method: 'DELETE',
    path: `${intelligentPrefix}/delete-search-condition-template`,
    summary: '删除本人的搜索条件模板',
    tags,
    access: 'tenant',
    query: z.object({ id: z.coerce.number().int().positive() }),
    handler: async ({ query, auth }) => {
      const r = await getPool().query(
        'delete from search_condition_templates where id = $1 and user_id = $2',
        [query.id, auth.userId],
      );
      if (r.rowCount === 0) throw apiError('NOT_FOUND');
      return true;
    },
  }),
  legacyRoute({
    method: 'GET',
    path: `${intelligentPrefix}/get-search-condition-history`,
    summary:
      '本人最近的搜索记录（最多 20 条，相同条件只保留最近一次；kind 可选 keyword / advanced）',
    tags,
    access: 'tenant',
    query: z.object({ kind: z.enum(['keyword', 'advanced']).optional() }),
    handler: ({ auth, query }) => listSearchHistory(auth.userId, { kind: query.kind }),
  }),
  legacyRoute({
    method: 'POST',
    path: `${intelligentPrefix}/record-search-history`,
    summary: '记录一次搜索（关键词与条件）',
    tags,
    access: 'tenant',
    write: false,
    body: z.object({
      keyword: z.string().max(200).default(''),
      condition: z.record(z.string(), z.unknown()).optional(),
    }),
    handler: async ({ body, auth }) => {
      await recordSearchHistory(auth, body.keyword, body.condition ?? null);
      return true;
    },
  }),
  legacyRoute({
    method: 'DELETE',
    path: `${intelligentPrefix}/clear-search-history`,
    summary: '清空本人的搜索记录',
    tags,
    access: 'tenant',
    handler: async ({ auth }) => {
      await clearSearchHistory(auth.userId);
      return true;
    },
  }),
];
