import {
  clearSearchHistory,
  getSearchConditionHistory,
  markSearchEnterprise,
  markSearchKeyword,
  openapiPaid,
} from '@/lib/shared/search/search.endpoints';
import { getEnterpriseViewer } from '@/lib/shared/enterprise/enterprise.endpoints';
import { getPermissionInfo } from '@/lib/shared/auth/auth.endpoints';
import { getSztkProfile } from '@/lib/shared/user/user.endpoints';
import { searchEstates } from '@/lib/shared/park/estate.endpoints';

/**
 * The endpoints public pages call through leanCall (no zod on first load): each is its contract's
 * generated route part (lib/shared/api/endpoints.ts), typed by the contract.
 */
export const LEAN_ROUTES = {
  /** 200 when signed in, 401 otherwise. */
  permissionInfo: getPermissionInfo,
  /** The signed-in user's part of a company page. */
  enterpriseViewer: getEnterpriseViewer,
  /** The account profile: the public header's name, avatar and 绑定公众号. */
  profile: getSztkProfile,
  /** Top-bar suggestions (the openapi proxy's /enterprise/suggest). */
  suggest: openapiPaid.suggest,
  /** The park option's suggestions: park and building records. */
  parkSearch: searchEstates,
  /** A member's recent searches under the empty box. */
  searchHistory: getSearchConditionHistory,
  /** 清空 of the recent searches. */
  clearSearchHistory,
  /** A member's search, counted for popularity. */
  markKeyword: markSearchKeyword,
  /** A member's pick among the suggestions. */
  markEnterprise: markSearchEnterprise,
};
