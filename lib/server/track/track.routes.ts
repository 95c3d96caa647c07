import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { apiError } from '../api/api-error';
import { getDb } from '../db';
import { auditLogs, feedbacks } from '@/db/schema';
import { hitRateLimit } from '../rate-limit/rate-limit.service';

const tags = ['埋点与反馈'];

export const trackRoutes = [
  legacyRoute({
    method: 'POST',
    path: '/system/track-log/log',
    summary: '页面/操作埋点（匿名可用，按 IP 限流）',
    tags,
    access: 'public',
    write: false,
    body: z.object({
      event: z.string().trim().min(1).max(64).optional(),
      type: z.string().trim().max(64).optional(),
      path: z.string().trim().max(300).optional(),
      target: z.string().trim().max(300).optional(),
      detail: z.record(z.string(), z.unknown()).optional(),
    }),
    response: z.boolean(),
    handler: async ({ body, auth, client }) => {
      const limit = await hitRateLimit(`track:ip:${client.ip}`, 600, 60_000);
      if (!limit.allowed) throw apiError('TOO_MANY_REQUESTS');
      const detail =
        body.detail && JSON.stringify(body.detail).length <= 4000 ? body.detail : undefined;
      await getDb()
        .insert(auditLogs)
        .values({
          action: `track:${body.event ?? body.type ?? 'event'}`,
          tenantId: auth?.tenantId ?? null,
          userId: auth?.userId ?? null,
          target: body.target ?? body.path ?? null,
          detail: detail ?? null,
          ip: client.ip,
          userAgent: client.userAgent.slice(0, 500),
        });
      return true;
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/system/feedback/create',
    summary: '意见反馈',
    tags,
    access: 'public',
    body: z.object({
      content: z.string().trim().min(1, '请输入反馈内容').max(2000, '反馈内容最多 2000 个字符'),
      type: z.string().trim().max(32).optional(),
      contact: z.string().trim().max(100).optional(),
      pagePath: z.string().trim().max(300).optional(),
    }),
    response: z.number(),
    handler: async ({ body, auth, client }) => {
      const limit = await hitRateLimit(`feedback:ip:${client.ip}`, 20, 3600_000);
      if (!limit.allowed) throw apiError('TOO_MANY_REQUESTS');
      const [row] = await getDb()
        .insert(feedbacks)
        .values({
          tenantId: auth?.tenantId ?? null,
          userId: auth?.userId ?? null,
          type: body.type ?? null,
          content: body.content,
          contact: body.contact ?? null,
          pagePath: body.pagePath ?? null,
        })
        .returning({ id: feedbacks.id });
      return row.id;
    },
  }),
];
