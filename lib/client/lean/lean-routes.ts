import {
  CLEAR_SEARCH_HISTORY_ENDPOINT,
  ENTERPRISE_VIEWER_ENDPOINT,
  ESTATE_SEARCH_ENDPOINT,
  MARK_SEARCH_ENTERPRISE_ENDPOINT,
  MARK_SEARCH_KEYWORD_ENDPOINT,
  OPENAPI_PLAN_PATHS,
  openapiEndpoint,
  PERMISSION_INFO_ENDPOINT,
  SEARCH_HISTORY_ENDPOINT,
  SZTK_PROFILE_ENDPOINT,
} from '@/lib/shared/api/lean-endpoints';
import type { getPermissionInfo } from '@/lib/shared/auth/auth.contract';
import type { getEnterpriseViewer } from '@/lib/shared/enterprise/enterprise.contract';
import type {
  clearSearchHistory,
  getSearchConditionHistory,
  markSearchEnterprise,
  markSearchKeyword,
  openapiPaid,
} from '@/lib/shared/search/search.contract';
import type { getSztkProfile } from '@/lib/shared/user/user.contract';
import type { searchEstates } from '@/lib/shared/park/estate.contract';
import { leanEndpoint } from './lean-api';

/**
 * The endpoints public pages call through leanCall (no zod on first load): each is its contract's
 * own route part, typed by the contract through a type-only import.
 */
export const LEAN_ROUTES = {
  /** 200 when signed in, 401 otherwise. */
  permissionInfo: leanEndpoint<typeof getPermissionInfo>(PERMISSION_INFO_ENDPOINT),
  /** The signed-in user's part of a company page. */
  enterpriseViewer: leanEndpoint<typeof getEnterpriseViewer>(ENTERPRISE_VIEWER_ENDPOINT),
  /** The account profile: the public header's name, avatar and 绑定公众号. */
  profile: leanEndpoint<typeof getSztkProfile>(SZTK_PROFILE_ENDPOINT),
  /** Top-bar suggestions (the openapi proxy's /enterprise/suggest). */
  suggest: leanEndpoint<typeof openapiPaid.suggest>(
    openapiEndpoint(OPENAPI_PLAN_PATHS.paid, '/enterprise/suggest'),
  ),
  /** The park option's suggestions: park and building records. */
  parkSearch: leanEndpoint<typeof searchEstates>(ESTATE_SEARCH_ENDPOINT),
  /** A member's recent searches under the empty box. */
  searchHistory: leanEndpoint<typeof getSearchConditionHistory>(SEARCH_HISTORY_ENDPOINT),
  /** 清空 of the recent searches. */
  clearSearchHistory: leanEndpoint<typeof clearSearchHistory>(CLEAR_SEARCH_HISTORY_ENDPOINT),
  /** A member's search, counted for popularity. */
  markKeyword: leanEndpoint<typeof markSearchKeyword>(MARK_SEARCH_KEYWORD_ENDPOINT),
  /** A member's pick among the suggestions. */
  markEnterprise: leanEndpoint<typeof markSearchEnterprise>(MARK_SEARCH_ENTERPRISE_ENDPOINT),
};
