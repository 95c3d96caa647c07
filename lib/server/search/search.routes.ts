import 'server-only';
import {
  clearSearchHistory,
  deleteSearchConditionTemplate,
  getSearchCondition,
  getSearchConditionHistory,
  getSearchConditionTemplates,
  markSearchEnterprise,
  markSearchKeyword,
  openapi3,
  openapiFree,
  openapiPaid,
  recordSearchHistory,
  saveSearchConditionTemplate,
} from '@/lib/shared/search/search.contract';
import { defineRoute } from '@/lib/server/platform';
import {
  proxyAdvancedCount,
  proxyAdvancedPage,
  proxySearch,
  proxyStaticConfig,
  proxySuggest,
  searchConditionsMatching,
} from './openapi-proxy.service';
import * as history from './search-history.service';
import { markEnterprise, markKeyword } from './search-mark.service';
import {
  deleteSearchTemplate,
  listSearchTemplates,
  saveSearchTemplate,
} from './search-template.service';

export const searchRoutes = [
  // The three data plans of spec 7.3 answer alike from the built-in search.
  ...[openapiPaid, openapiFree, openapi3].flatMap((plan) => [
    defineRoute(plan.search, ({ body, auth, client }) => proxySearch(body, { auth, client })),
    defineRoute(plan.suggest, ({ body, auth, client }) => proxySuggest(body, { auth, client })),
    defineRoute(plan.staticConfig, ({ auth, client }) => proxyStaticConfig({ auth, client })),
    defineRoute(plan.advancedCount, ({ body, auth, client }) =>
      proxyAdvancedCount(body, { auth, client }),
    ),
    defineRoute(plan.advancedPage, ({ body, auth, client }) =>
      proxyAdvancedPage(body, { auth, client }),
    ),
  ]),
  defineRoute(getSearchCondition, ({ query }) => searchConditionsMatching(query.keyword)),
  defineRoute(getSearchConditionTemplates, ({ auth, query }) =>
    listSearchTemplates(auth, query.keyword),
  ),
  defineRoute(saveSearchConditionTemplate, ({ auth, body }) =>
    saveSearchTemplate(auth, body.name, body.condition),
  ),
  defineRoute(deleteSearchConditionTemplate, ({ auth, query }) =>
    deleteSearchTemplate(auth.userId, query.id),
  ),
  defineRoute(getSearchConditionHistory, ({ auth, query }) =>
    history.listSearchHistory(auth.userId, { kind: query.kind }),
  ),
  defineRoute(recordSearchHistory, async ({ auth, body }) => {
    await history.recordSearchHistory(auth, body.keyword, body.condition ?? null);
    return true;
  }),
  defineRoute(clearSearchHistory, async ({ auth }) => {
    await history.clearSearchHistory(auth.userId);
    return true;
  }),
  defineRoute(markSearchKeyword, ({ auth, body }) => markKeyword(auth, body.keyword)),
  defineRoute(markSearchEnterprise, ({ auth, body }) =>
    markEnterprise(auth, body.entId, body.keyword),
  ),
];
