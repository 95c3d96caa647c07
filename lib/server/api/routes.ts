import type { RouteDefinition } from './define-route';
import { sessionRoutes } from '../auth/session.routes';
import { loginRoutes } from '../auth/login.routes';
import { qrRoutes } from '../wechat/qr.routes';
import { profileRoutes } from '../user/profile.routes';
import { userAdminRoutes } from '../user/user-admin.routes';
import { roleRoutes } from '../role/role.routes';
import { tenantRoutes } from '../tenant/tenant.routes';
import { invitationRoutes } from '../invitation/invitation.routes';
import { vipRoutes } from '../vip/vip.routes';
import { notifyRoutes } from '../notify/notify.routes';
import { fileRoutes } from '../files/files.routes';
import { featureNavRoutes } from '../feature-nav/feature-nav.routes';
import { trackRoutes } from '../track/track.routes';
import { enterpriseRoutes } from '../enterprise/enterprise.routes';
import { searchRoutes } from '../search/search.routes';
import { captchaRoutes } from '../captcha/captcha.routes';
import { advancedSearchRoutes } from '../search/advanced-search.routes';
import { workspaceRoutes } from '../workspace/workspace.routes';
import { parkRoutes } from '../park/park.routes';
import { deptRoutes } from '../dept/dept.routes';
import { jobRoutes } from '../jobs/job.routes';
import { exportRoutes } from '../export/export.routes';
import { clueRoutes } from '../clue/clue.routes';
import { clueIoRoutes } from '../clue-io/clue-io.routes';
import { wywRoutes } from '../wyw/wyw.routes';
import { savedViewRoutes } from '../saved-view/saved-view.routes';
import { customerRoutes } from '../customer/customer.routes';
import { opportunityRoutes } from '../opportunity/opportunity.routes';
import { contentRoutes } from '../content/content.routes';
import { aiRoutes } from '../ai/ai.routes';

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
    ...notifyRoutes,
    ...fileRoutes,
    ...featureNavRoutes,
    ...trackRoutes,
    ...jobRoutes,
    ...enterpriseRoutes,
    ...exportRoutes,
    ...deptRoutes,
    ...searchRoutes,
    ...captchaRoutes,
    ...advancedSearchRoutes,
    ...workspaceRoutes,
    ...parkRoutes,
    ...clueRoutes,
    ...clueIoRoutes,
    ...wywRoutes,
    ...savedViewRoutes,
    ...customerRoutes,
    ...opportunityRoutes,
    ...contentRoutes,
    ...aiRoutes,
  ];
}
