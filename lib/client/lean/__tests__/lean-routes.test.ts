import { getPermissionInfo } from '@/lib/shared/auth/auth.contract';
import { getEnterpriseViewer } from '@/lib/shared/enterprise/enterprise.contract';
import {
  clearSearchHistory,
  getSearchConditionHistory,
  markSearchEnterprise,
  markSearchKeyword,
  openapiPaid,
} from '@/lib/shared/search/search.contract';
import { getSztkProfile } from '@/lib/shared/user/user.contract';
import { LEAN_ROUTES } from '../lean-routes';

/**
 * The types already refuse a lean route that differs from its contract (leanEndpoint); this checks
 * the values at run time too, operation included.
 */
describe('LEAN_ROUTES', () => {
  it.each([
    ['permissionInfo', getPermissionInfo],
    ['enterpriseViewer', getEnterpriseViewer],
    ['profile', getSztkProfile],
    ['suggest', openapiPaid.suggest],
    ['searchHistory', getSearchConditionHistory],
    ['clearSearchHistory', clearSearchHistory],
    ['markKeyword', markSearchKeyword],
    ['markEnterprise', markSearchEnterprise],
  ] as const)('%s is the contract’s method, path and operation', (key, contract) => {
    const { method, path } = contract;
    const operation = 'operation' in contract ? { operation: contract.operation } : {};
    expect(LEAN_ROUTES[key]).toEqual({ method, path, ...operation });
  });
});
