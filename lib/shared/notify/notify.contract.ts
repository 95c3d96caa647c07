import { z } from 'zod';
import { defineContract, pageResponse } from '@/lib/shared/api/contract';

const tags = ['消息中心'];

/** ids=1,2,3 or ids=1&ids=2 */
const idsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(','))
      .map((s) => Number.parseInt(s, 10))
      .filter((n) => Number.isInteger(n) && n > 0),
  )
  .pipe(z.array(z.number()).max(500));

const timeBound = z.coerce.number().int().min(0).max(8_640_000_000_000).optional();

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  templateCode: z.string().nullable(),
  /** The page it leads to (same site); null when stored without one (notificationTarget). */
  link: z.string().nullable(),
  readStatus: z.boolean(),
  readTime: z.number().nullable(),
  createTime: z.number(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const remindStatusSchema = z.object({
  unreadCount: z.number().int(),
  pendingJoinRequestCount: z.number().int(),
  vipExpiringSoon: z.boolean(),
  vipExpired: z.boolean(),
  expireTime: z.number().nullable(),
});
export type RemindStatus = z.infer<typeof remindStatusSchema>;

export const getUnreadCount = defineContract({
  method: 'GET',
  path: '/system/notify-message/get-unread-count',
  summary: '未读消息数（消息中心角标）',
  tags,
  access: 'user',
  response: z.number().int(),
});

export const getMyNotificationPage = defineContract({
  method: 'GET',
  path: '/system/notify-message/my-page',
  summary: '我的消息分页（可按已读状态、类型 templateCode、创建时间 beginTime–endTime 过滤）',
  tags,
  access: 'user',
  query: z.object({
    pageNo: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    readStatus: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    /** The kind: join_request, payment_succeeded, quota_low, vip_expiring, … */
    templateCode: z
      .string()
      .trim()
      .regex(/^[a-z_]{1,40}$/, 'templateCode 格式不正确')
      .optional(),
    /** Created at or after / before these times (epoch ms). */
    beginTime: timeBound,
    endTime: timeBound,
  }),
  response: pageResponse(notificationSchema),
});

export const updateNotificationRead = defineContract({
  method: 'PUT',
  path: '/system/notify-message/update-read',
  summary: '标记已读（ids=1,2）；含非本人的消息则拒绝（403），不做任何标记',
  tags,
  access: 'user',
  write: false,
  query: z.object({ ids: idsSchema }),
  response: z.boolean(),
});

export const updateAllNotificationsRead = defineContract({
  method: 'PUT',
  path: '/system/notify-message/update-all-read',
  summary: '全部标记已读',
  tags,
  access: 'user',
  write: false,
  response: z.boolean(),
});

export const getRemindStatus = defineContract({
  method: 'GET',
  path: '/system/notify/get-remind-status',
  summary: '提醒状态：未读数、待审加入申请（管理员）、会员即将到期/已到期',
  tags,
  // Enterprise-token gate in the handler: 403 instead of 1002000010 (spec 6).
  access: 'user',
  response: remindStatusSchema,
});
