import 'server-only';
import {
  addEnterprisesToCrm,
  addFavorite,
  exportEnterprises,
  getEnterpriseData,
  getEnterpriseState,
  getEnterpriseUnlockState,
  getEnterpriseViewer,
  getWywContact,
  getWywStatus,
  pageFavorites,
  pageUnlockedEnterprises,
  removeFavorite,
  unlockEnterprise,
} from '@/lib/shared/enterprise/enterprise.contract';
import { defineRoute, type RouteDefinition } from '@/lib/server/platform';
import { viewerOf } from './enterprise-access.service';
import { enterpriseData } from './enterprise-info.service';
import { annualReportRoutes } from './annual-report.service';
import { enterpriseInfoRoutes } from './enterprise-info.routes';
import { enterpriseViewer } from './enterprise-viewer.service';
import { addToCrmFor, enterpriseStatesFor } from './enterprise-state.service';
import { exportEnterprisesXlsx } from './enterprise-xlsx.service';
import * as favorites from './favorite.service';
import { relationshipMapRoutes } from './relationship-map.routes';
import * as unlock from './unlock.service';

const szjkRoutes: RouteDefinition[] = [
  defineRoute(getEnterpriseState, ({ body, auth }) => enterpriseStatesFor(viewerOf(auth), body)),
  defineRoute(getEnterpriseUnlockState, ({ body, auth }) =>
    unlock.getUnlockState(auth.tenantId, body.entId),
  ),
  defineRoute(getEnterpriseViewer, ({ body, auth }) =>
    enterpriseViewer({ tenantId: auth.tenantId, userId: auth.userId }, body.entId),
  ),
  defineRoute(unlockEnterprise, ({ body, auth, client }) =>
    unlock.unlockEnterprise({ tenantId: auth.tenantId, userId: auth.userId, client }, body.entId),
  ),
  defineRoute(getEnterpriseData, ({ body, auth, client }) =>
    enterpriseData({ auth, client }, body),
  ),
  defineRoute(pageUnlockedEnterprises, ({ body, auth }) =>
    // Under the caller's data scope (docs/adr/0080).
    unlock.pageUnlocked({ tenantId: auth.tenantId, userId: auth.userId }, body),
  ),
  defineRoute(addEnterprisesToCrm, ({ body, auth }) =>
    addToCrmFor({ tenantId: auth.tenantId, userId: auth.userId }, body),
  ),
  defineRoute(getWywStatus, ({ query, auth }) => unlock.wywStatus(viewerOf(auth), query.entId)),
  defineRoute(getWywContact, ({ query, auth }) => unlock.wywContacts(viewerOf(auth), query.entId)),
  defineRoute(exportEnterprises, ({ body, auth, client }) =>
    exportEnterprisesXlsx({ tenantId: auth.tenantId, userId: auth.userId, client }, body.entIds),
  ),
];

const favoriteRoutes: RouteDefinition[] = [
  defineRoute(addFavorite, ({ body, auth }) =>
    favorites.addFavorite({ tenantId: auth.tenantId, userId: auth.userId }, body.entId),
  ),
  defineRoute(removeFavorite, ({ body, auth }) =>
    favorites.removeFavorite({ tenantId: auth.tenantId, userId: auth.userId }, body.entId),
  ),
  defineRoute(pageFavorites, ({ query, auth }) =>
    favorites.pageFavorites({ tenantId: auth.tenantId, userId: auth.userId }, query),
  ),
];

/** Every route of the enterprise domain (detail, tabs, graphs, unlock, leads, favourites, export). */
export const enterpriseRoutes: RouteDefinition[] = [
  ...szjkRoutes,
  ...favoriteRoutes,
  ...enterpriseInfoRoutes,
  ...annualReportRoutes,
  ...relationshipMapRoutes,
];
