import 'server-only';

/**
 * Front door of the identity module (ADR 0170): auth, users, tenants, departments, roles, permissions, data scope, invitations, menus, WeChat, captcha, notifications, feature navigation, layout settings, park entry, partner sign-in.
 * Other modules import only what is exported here; identity itself may import platform.
 */

export { requireEnterpriseToken } from './auth/enterprise-gate';
export { loginRoutes } from './auth/login.routes';
export { limitPageRequest } from './auth/page-rate-limit';
export { limitPageView, sessionRateIdentity } from './auth/page-view-limit';
export { cookieHeaderReader, type PageViewer, pageViewerFrom } from './auth/session-viewer';
export { sessionRoutes } from './auth/session.routes';
export { verifyAccessToken } from './auth/token.service';
export { ANONYMOUS, type Viewer } from './auth/viewer';
export { captchaRoutes } from './captcha/captcha.routes';
export {
  ownerScope,
  type OwnerScope,
  scopePredicate,
  subtreeIds,
} from './data-scope/data-scope.service';
export { deptRoutes } from './dept/dept.routes';
export { featureNavRoutes } from './feature-nav/feature-nav.routes';
export { invitationRoutes } from './invitation/invitation.routes';
export { claimRewards, rewardInfo } from './invitation/invitation.service';
export { notifyRoutes } from './notify/notify.routes';
export { notify, NOTIFY_KINDS } from './notify/notify.service';
export { parkRoutes } from './park/park.routes';
export { partnerRoutes } from './partner/partner.routes';
export {
  partnerOfRedirect,
  type PartnerFrameView,
  partnerPageAt,
  signExchange,
} from './partner/partner.service';
export { loadUserAccess } from './permission/permission.service';
export { roleRoutes } from './role/role.routes';
export { limitCaller, type RateIdentity } from './tenant/rate-caller';
export { tenantRoutes } from './tenant/tenant.routes';
export {
  type ConsoleActor,
  type ConsoleTenantBase,
  consoleTenantPage,
} from './tenant/tenant-console.service';
export { effectiveEdition, getActiveTenant } from './tenant/tenant.service';
export { profileRoutes } from './user/profile.routes';
export { userAdminRoutes } from './user/user-admin.routes';
export { type DbOrTx, isTenantAdmin } from './user/user.repository';
export { qrRoutes } from './wechat/qr.routes';
export { workspaceRoutes } from './workspace/workspace.routes';
export { consumeSmsCode } from './auth/sms.service';
