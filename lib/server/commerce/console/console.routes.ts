import 'server-only';
import {
  getConsoleOrder,
  getConsoleOrderPage,
  getConsoleTenantPage,
  grantTenantQuota,
  markOrderRefunded,
} from '@/lib/shared/console/console.contract';
import { defineRoute } from '@/lib/server/platform';
import {
  consoleOrder,
  consoleOrderPage,
  consoleTenants,
  grantQuota,
  markRefunded,
} from './console.service';

/** The operator's console (issue 29 item 5): tenants with quota, orders and payments. */
export const consoleRoutes = [
  defineRoute(getConsoleTenantPage, ({ auth, query }) => consoleTenants(auth, query)),
  defineRoute(grantTenantQuota, ({ auth, body, client }) => grantQuota(auth, body, client)),
  defineRoute(getConsoleOrderPage, ({ query }) => consoleOrderPage(query)),
  defineRoute(getConsoleOrder, ({ query }) => consoleOrder(query.id)),
  defineRoute(markOrderRefunded, ({ auth, body, client }) => markRefunded(auth, body, client)),
];
