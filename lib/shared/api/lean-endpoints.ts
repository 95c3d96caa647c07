/**
 * The route part (method, path, operation) of the endpoints public pages call before zod loads
 * (the lean runtime, lib/client/lean): each contract spreads its part from here, so a path is
 * written once, and this file imports nothing, so a public page that reads it loads no schema.
 * lib/architecture/__tests__/lean-runtime.test.ts keeps zod out of what the lean runtime loads.
 */

export const PERMISSION_INFO_ENDPOINT = {
  method: 'GET',
  path: '/system/auth/get-permission-info',
} as const;

export const ENTERPRISE_VIEWER_ENDPOINT = {
  method: 'POST',
  path: '/szjk/enterprise/viewer-state',
} as const;

export const SZTK_PROFILE_ENDPOINT = {
  method: 'GET',
  path: '/system/sztk_user/profile/get',
} as const;

export const SEARCH_HISTORY_ENDPOINT = {
  method: 'GET',
  path: '/shuzhituoke/intelligent-search/get-search-condition-history',
} as const;

export const CLEAR_SEARCH_HISTORY_ENDPOINT = {
  method: 'DELETE',
  path: '/shuzhituoke/intelligent-search/clear-search-history',
} as const;

export const MARK_SEARCH_KEYWORD_ENDPOINT = {
  method: 'POST',
  path: '/szjk/search/mark-keyword',
} as const;

export const MARK_SEARCH_ENTERPRISE_ENDPOINT = {
  method: 'POST',
  path: '/szjk/search/mark-enterprise',
} as const;

/** The data plans of the openapi proxy (spec 7.3); the operation is chosen by ?urlPath. */
export const OPENAPI_PLAN_PATHS = {
  paid: '/sztk/data/openapi',
  free: '/sztk/data/openapi-free',
  plan3: '/sztk/data/openapi3',
} as const;

/** The operation of one proxy path: its route part. */
export function openapiEndpoint<P extends string, V extends string>(path: P, urlPath: V) {
  return {
    method: 'POST',
    path,
    operation: { param: 'urlPath', value: urlPath },
  } as const;
}

/** The park option's suggestions: park and building records (ADR 0201). */
export const ESTATE_SEARCH_ENDPOINT = {
  method: 'POST',
  path: '/shuzhituoke/park/search',
} as const;
