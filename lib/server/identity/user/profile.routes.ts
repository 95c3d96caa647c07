import 'server-only';
import {
  deleteMyAccount,
  getSuperAdminUsers,
  getSztkProfile,
  getUserProfile,
  listAllSimpleUsers,
  resetSelfPassword,
  updateAvatar,
  updatePassword,
  updatePasswordSzjk,
  updateProfilePassword,
  updateSztkProfile,
  updateUserMobile,
  verifyCurrentMobile,
} from '@/lib/shared/user/user.contract';
import { defineRoute } from '@/lib/server/platform';
import { simpleMembers, tenantAdmins } from './member.service';
import * as profile from './profile.service';
import { requireEnterpriseToken } from '../auth/enterprise-gate';

export const profileRoutes = [
  defineRoute(getUserProfile, ({ auth }) => profile.getUserProfile(auth.userId)),
  defineRoute(getSztkProfile, ({ auth }) => profile.getSztkProfile(auth.userId)),
  defineRoute(updateSztkProfile, ({ auth, body }) => profile.updateProfile(auth.userId, body)),
  defineRoute(updateAvatar, ({ auth, body }) => profile.updateAvatar(auth, body)),
  defineRoute(verifyCurrentMobile, ({ auth, body }) =>
    profile.verifyCurrentMobile(auth.userId, body),
  ),
  defineRoute(updateUserMobile, ({ auth, body, client }) =>
    profile.changeMobile(auth, body, client),
  ),
  defineRoute(resetSelfPassword, ({ auth, body, client }) =>
    profile.changePassword(
      auth,
      { newPassword: body.newPassword, verificationCode: body.verificationCode },
      client,
    ),
  ),
  defineRoute(updatePassword, ({ auth, body, client }) =>
    profile.changePassword(auth, body, client),
  ),
  defineRoute(updatePasswordSzjk, ({ auth, body, client }) =>
    profile.changePassword(auth, body, client),
  ),
  defineRoute(updateProfilePassword, ({ auth, body, client }) =>
    profile.changePassword(auth, body, client),
  ),
  defineRoute(deleteMyAccount, ({ auth, body, client }) =>
    profile.deleteOwnAccount(auth, body, client),
  ),
  defineRoute(getSuperAdminUsers, ({ auth }) =>
    tenantAdmins(requireEnterpriseToken(auth).tenantId),
  ),
  defineRoute(listAllSimpleUsers, ({ auth, query }) => simpleMembers(auth.tenantId, query)),
];
