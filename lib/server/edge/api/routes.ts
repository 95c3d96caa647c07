import { type RouteDefinition, fileRoutes, trackRoutes, jobRoutes } from '@/lib/server/platform';
import {
  sessionRoutes,
  loginRoutes,
  qrRoutes,
  profileRoutes,
  userAdminRoutes,
  roleRoutes,
  tenantRoutes,
  invitationRoutes,
  notifyRoutes,
  featureNavRoutes,
  captchaRoutes,
  workspaceRoutes,
  parkRoutes,
  partnerRoutes,
  deptRoutes,
} from '@/lib/server/identity';
import { consoleRoutes, vipRoutes } from '@/lib/server/commerce';
import { enterpriseRoutes, exportRoutes, reportRoutes } from '@/lib/server/enterprise';
import { searchRoutes, advancedSearchRoutes, estateRoutes, mapRoutes } from '@/lib/server/search';
import {
  clueRoutes,
  clueIoRoutes,
  wywRoutes,
  savedViewRoutes,
  workbenchRoutes,
  customerRoutes,
  opportunityRoutes,
  dataBoardRoutes,
  dataCenterRoutes,
  codeGroupRoutes,
  dataManagementRoutes,
} from '@/lib/server/crm';
import { contentRoutes, financeRoutes, industryRoutes } from '@/lib/server/content';
import { aiRoutes } from '@/lib/server/ai';

/**
 * Every route of the API root. Each domain keeps its routes in lib/server/<domain>/<domain>.routes.ts
 * and is listed here once.
 */
export function getRoutes(): RouteDefinition[] {
  return [
    ...sessionRoutes,
    ...loginRoutes,
    ...qrRoutes,
    ...profileRoutes,
    ...userAdminRoutes,
    ...roleRoutes,
    ...tenantRoutes,
    ...invitationRoutes,
    ...vipRoutes,
    ...consoleRoutes,
    ...notifyRoutes,
    ...fileRoutes,
    ...featureNavRoutes,
    ...trackRoutes,
    ...jobRoutes,
    ...enterpriseRoutes,
    ...exportRoutes,
    ...reportRoutes,
    ...deptRoutes,
    ...searchRoutes,
    ...captchaRoutes,
    ...advancedSearchRoutes,
    ...mapRoutes,
    ...estateRoutes,
    ...workspaceRoutes,
    ...parkRoutes,
    ...partnerRoutes,
    ...clueRoutes,
    ...clueIoRoutes,
    ...wywRoutes,
    ...savedViewRoutes,
    ...workbenchRoutes,
    ...customerRoutes,
    ...opportunityRoutes,
    ...dataBoardRoutes,
    ...dataCenterRoutes,
    ...codeGroupRoutes,
    ...dataManagementRoutes,
    ...contentRoutes,
    ...industryRoutes,
    ...financeRoutes,
    ...aiRoutes,
  ];
}
