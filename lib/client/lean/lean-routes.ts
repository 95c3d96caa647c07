import type { LeanRoute } from './lean-api';

/**
 * Method and path of the endpoints public pages call through leanCall (no zod on first load).
 * lean-routes.test.ts keeps each equal to its contract.
 */
export const LEAN_ROUTES = {
  /** getPermissionInfo: 200 when signed in, 401 otherwise. */
  permissionInfo: { method: 'GET', path: '/system/auth/get-permission-info' },
  /** getEnterpriseViewer: the signed-in user's part of a company page. */
  enterpriseViewer: { method: 'POST', path: '/szjk/enterprise/viewer-state' },
  /** openapiProxyPaid with ?urlPath=/enterprise/suggest: top-bar suggestions. */
  suggest: { method: 'POST', path: '/sztk/data/openapi' },
  /** getSearchConditionHistory (?kind=keyword): a member's recent searches under the empty box. */
  searchHistory: {
    method: 'GET',
    path: '/shuzhituoke/intelligent-search/get-search-condition-history',
  },
  /** clearSearchHistory: 清空 of the recent searches. */
  clearSearchHistory: {
    method: 'DELETE',
    path: '/shuzhituoke/intelligent-search/clear-search-history',
  },
  /** markSearchKeyword: a member's search, counted for popularity. */
  markKeyword: { method: 'POST', path: '/szjk/search/mark-keyword' },
  /** markSearchEnterprise: a member's pick among the suggestions. */
  markEnterprise: { method: 'POST', path: '/szjk/search/mark-enterprise' },
} as const satisfies Record<string, LeanRoute>;
