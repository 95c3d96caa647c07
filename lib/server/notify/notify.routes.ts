import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { getDb } from '../db';
import { joinRequests } from '@/db/schema';
import { hasPermission } from '@/lib/shared/auth/permission';
import { markRead, pageNotifications, unreadCount } from './notify.service';
import { getActiveTenant } from '../tenant/tenant.service';

const tags = ['消息中心'];
const VIP_EXPIRY_REMIND_MS = 7 * 86400_000;

/** ids=1,2,3 or ids=1&ids=2 */
const idsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(','))
      .map((s) => Number.parseInt(s, 10))
      .filter((n) => Number.isInteger(n) && n > 0),
  )
  .pipe(z.array(z.number()).max(500));

export const notifyRoutes = [
  legacyRoute({
    method: 'GET',
    path: '/system/notify-message/get-unread-count',
    summary: '未读消息数（消息中心角标）',
    tags,
    access: 'user',
    response: z.number(),
    handler: async ({ auth }) => unreadCount(auth.userId),
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/notify-message/my-page',
    summary: '我的消息分页（readStatus 可选过滤）',
    tags,
    access: 'user',
    query: z.object({
      pageNo: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(10),
      readStatus: z
        .enum(['true', 'false'])
        .transform((v) => v === 'true')
        .optional(),
    }),
    handler: async ({ auth, query }) => pageNotifications(auth.userId, query),
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/notify-message/update-read',
    summary: '标记已读（ids=1,2）',
    tags,
    access: 'user',
    write: false,
    query: z.object({ ids: idsSchema }),
    response: z.boolean(),
    handler: async ({ auth, query }) => {
      await markRead(auth.userId, query.ids);
      return true;
    },
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/notify-message/update-all-read',
    summary: '全部标记已读',
    tags,
    access: 'user',
    write: false,
    response: z.boolean(),
    handler: async ({ auth }) => {
      await markRead(auth.userId, 'all');
      return true;
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/notify/get-remind-status',
    summary: '提醒状态：未读数、待审加入申请（管理员）、会员即将到期/已到期',
    tags,
    access: 'tenant',
    response: z.object({
      unreadCount: z.number(),
      pendingJoinRequestCount: z.number(),
      vipExpiringSoon: z.boolean(),
      vipExpired: z.boolean(),
      expireTime: z.number().nullable(),
    }),
    handler: async ({ auth }) => {
      const tenant = await getActiveTenant(auth.tenantId);
      let pending = 0;
      if (hasPermission(auth.permissions, 'system:join-request:query')) {
        const [row] = await getDb()
          .select({ n: count() })
          .from(joinRequests)
          .where(and(eq(joinRequests.tenantId, auth.tenantId), eq(joinRequests.status, 0)));
        pending = Number(row?.n ?? 0);
      }
      const expiresAt = tenant.edition > 0 ? (tenant.editionExpiresAt?.getTime() ?? null) : null;
      const now = Date.now();
      return {
        unreadCount: await unreadCount(auth.userId),
        pendingJoinRequestCount: pending,
        vipExpiringSoon:
          expiresAt !== null && expiresAt > now && expiresAt - now <= VIP_EXPIRY_REMIND_MS,
        vipExpired: expiresAt !== null && expiresAt <= now,
        expireTime: expiresAt,
      };
    },
  }),
];
