import 'server-only';
import {
  createTenant,
  deleteOwnTenant,
  deleteTenant,
  getTenantBaseInfo,
  getTenantIdByUsername,
  getTenantPage,
  updateTenant,
  updateTenantApproval,
  updateTenantBaseInfo,
  updateTenantLogo,
} from '@/lib/shared/tenant/tenant.contract';
import { getMemberLimit, updateMemberLimit } from '@/lib/shared/tenant/member-limit.contract';
import { updateTenantStatus } from '@/lib/shared/console/console.contract';
import { setTenantStatus } from './tenant-console.service';
import * as memberLimit from './member-limit.service';
import { defineRoute } from '@/lib/server/platform';
import * as tenantAdmin from './tenant-admin.service';
import {
  dissolveOwnTenant,
  ownTenantBaseInfo,
  tenantIdByLogin,
  updateOwnTenantApproval,
  updateOwnTenantBaseInfo,
  uploadOwnTenantLogo,
} from './tenant.service';

export const tenantRoutes = [
  defineRoute(getMemberLimit, ({ auth }) => memberLimit.getMemberLimit(auth)),
  defineRoute(updateMemberLimit, ({ auth, body, client }) =>
    memberLimit.updateMemberLimit(auth, body.limit, client),
  ),
  defineRoute(getTenantIdByUsername, ({ query, client }) => tenantIdByLogin(query.name, client)),
  defineRoute(getTenantBaseInfo, ({ auth }) => ownTenantBaseInfo(auth.tenantId)),
  defineRoute(updateTenantBaseInfo, ({ auth, body, client }) =>
    updateOwnTenantBaseInfo(auth, body, client),
  ),
  defineRoute(updateTenantLogo, ({ auth, body }) => uploadOwnTenantLogo(auth, body)),
  defineRoute(updateTenantApproval, ({ auth, query, client }) =>
    updateOwnTenantApproval(auth, query.approval, client),
  ),
  defineRoute(deleteOwnTenant, ({ auth, client }) => dissolveOwnTenant(auth, client)),

  // --- Platform operations (super_admin). ---
  defineRoute(getTenantPage, ({ query }) => tenantAdmin.tenantPage(query)),
  defineRoute(createTenant, ({ auth, body, client }) =>
    tenantAdmin.createTenant(auth, body, client),
  ),
  defineRoute(updateTenant, ({ auth, body, client }) =>
    tenantAdmin.updateTenant(auth, body, client),
  ),
  defineRoute(deleteTenant, ({ auth, query, client }) =>
    tenantAdmin.deleteOtherTenant(auth, query.id, client),
  ),
  // The operator's console (issue 29 item 5); its tenant list is composed in commerce (quota).
  defineRoute(updateTenantStatus, ({ auth, body, client }) => setTenantStatus(auth, body, client)),
];
