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
} as const satisfies Record<string, LeanRoute>;
