import 'server-only';
import {
  getMyNotificationPage,
  getRemindStatus,
  getUnreadCount,
  updateAllNotificationsRead,
  updateNotificationRead,
} from '@/lib/shared/notify/notify.contract';
import { hasPermission } from '@/lib/shared/auth/permission';
import { defineRoute } from '@/lib/server/platform';
import { requireEnterpriseToken } from '../auth/enterprise-gate';
import { markRead, pageNotifications, remindStatus, unreadCount } from './notify.service';

export const notifyRoutes = [
  defineRoute(getUnreadCount, ({ auth }) => unreadCount(auth.userId)),
  defineRoute(getMyNotificationPage, ({ auth, query }) => pageNotifications(auth.userId, query)),
  defineRoute(updateNotificationRead, async ({ auth, query }) => {
    await markRead(auth.userId, query.ids);
    return true;
  }),
  defineRoute(updateAllNotificationsRead, async ({ auth }) => {
    await markRead(auth.userId, 'all');
    return true;
  }),
  defineRoute(getRemindStatus, ({ auth }) =>
    remindStatus(
      requireEnterpriseToken(auth),
      hasPermission(auth.permissions, 'system:join-request:query'),
    ),
  ),
];
