import { getPermissionInfo } from '@/lib/shared/auth/auth.contract';
import { getEnterpriseViewer } from '@/lib/shared/enterprise/enterprise.contract';
import {
  clearSearchHistory,
  getSearchConditionHistory,
  markSearchEnterprise,
  markSearchKeyword,
  openapiProxyPaid,
} from '@/lib/shared/search/search.contract';
import { LEAN_ROUTES } from '../lean-routes';

describe('LEAN_ROUTES', () => {
  it.each([
    ['permissionInfo', getPermissionInfo],
    ['enterpriseViewer', getEnterpriseViewer],
    ['suggest', openapiProxyPaid],
    ['searchHistory', getSearchConditionHistory],
    ['clearSearchHistory', clearSearchHistory],
    ['markKeyword', markSearchKeyword],
    ['markEnterprise', markSearchEnterprise],
  ] as const)('%s is the contract’s method and path', (key, contract) => {
    expect(LEAN_ROUTES[key]).toEqual({ method: contract.method, path: contract.path });
  });
});
