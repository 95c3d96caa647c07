import { z } from 'zod';
import { legacyRoute, type AuthContext, type RouteDefinition } from '../api/define-route';
import { ApiError, apiError } from '../api/api-error';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { ClientInfo } from '../api/client-info';
import { hitRateLimit } from '../rate-limit/rate-limit.service';
import {
  assertExportAllowed,
  exportEnterprises,
  exportRowLimit,
} from '../export/enterprise-export.service';
import { EXPORT_FILE_NAME, xlsxResponse } from '../export/xlsx-response';
import {
  advancedSearchConditionSchema,
  advancedSearchRequestSchema,
} from '@/lib/shared/search/advanced';
import { SORT_OPTIONS, type SortKey } from '@/lib/shared/search/filters';
import { ANONYMOUS_SEARCHES_PER_MINUTE, maxResultsFor } from './search.routes';
import { advancedIds, countAdvanced, searchAdvanced } from './advanced-search.service';

const tags = ['高级搜索'];
const prefix = '/shuzhituoke/advanced-search';

async function limitAnonymous(auth: AuthContext | null, client: ClientInfo): Promise<void> {
  if (auth) return;
  // Shares the anonymous search budget with keyword search.
  const r = await hitRateLimit(`search:ip:${client.ip}`, ANONYMOUS_SEARCHES_PER_MINUTE, 60_000);
  if (!r.allowed) throw apiError('TOO_MANY_REQUESTS');
}

/** zod issues as the catalogue's 400 with the first message (Chinese, names the condition). */
function parseOr400<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ApiError(ERRORS.BAD_REQUEST.code, issue.message, { field: issue.path.join('.') });
}

const exportBody = advancedSearchConditionSchema.extend({
  sort: z.enum(SORT_OPTIONS.map((s) => s.key) as [SortKey, ...SortKey[]]).default('relevance'),
});

/** Advanced search (spec 2.1 /advancedSearch): AND/OR condition groups over every field. */
export const advancedSearchRoutes: RouteDefinition[] = [
  legacyRoute({
    method: 'POST',
    path: `${prefix}/count`,
    summary:
      '高级搜索实时计数：条件组（groups[].conditions[]，组内与组间 and/or）命中的企业数（最多计 10000）',
    tags,
    access: 'public',
    write: false,
    body: z.unknown(),
    handler: async ({ body, auth, client }) => {
      await limitAnonymous(auth, client);
      return countAdvanced(parseOr400(advancedSearchConditionSchema, body));
    },
  }),
  legacyRoute({
    method: 'POST',
    path: `${prefix}/page`,
    summary: '高级搜索结果（分页、排序；可查看的深度为版本上限，未登录同免费版）',
    tags,
    access: 'public',
    write: false,
    body: z.unknown(),
    handler: async ({ body, auth, client }) => {
      await limitAnonymous(auth, client);
      const req = parseOr400(advancedSearchRequestSchema, body);
      return searchAdvanced(req, { maxResults: await maxResultsFor(auth) });
    },
  }),
  legacyRoute({
    method: 'POST',
    path: `${prefix}/export`,
    summary: `导出高级搜索的全部结果为 ${EXPORT_FILE_NAME}（按排序取前 N 条，N 为版本的导出上限；联系方式未解锁打码）`,
    tags,
    access: 'tenant',
    write: false,
    body: z.unknown(),
    handler: async ({ body, auth, client }) => {
      const req = parseOr400(exportBody, body);
      const max = await exportRowLimit(auth.tenantId);
      // An edition without exports gets the export service's own message.
      if (max <= 0) await assertExportAllowed(auth.tenantId, 1);
      const ids = await advancedIds(req, req.sort, 0, max);
      if (ids.length === 0)
        throw apiError('SEARCH_KEYWORD_INVALID', { reason: '没有符合条件的企业可导出' });
      const { buffer, rows } = await exportEnterprises(
        { tenantId: auth.tenantId, userId: auth.userId, client },
        ids,
      );
      return xlsxResponse(buffer, EXPORT_FILE_NAME, { 'x-export-rows': String(rows) });
    },
  }),
];
