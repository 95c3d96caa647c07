import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';

const tags = ['埋点与反馈'];

export const trackEventBody = z.object({
  event: z.string().trim().min(1).max(64).optional(),
  type: z.string().trim().max(64).optional(),
  path: z.string().trim().max(300).optional(),
  target: z.string().trim().max(300).optional(),
  detail: z.record(z.string(), z.unknown()).optional(),
});
export type TrackEvent = z.infer<typeof trackEventBody>;

/** Limits of the 意见反馈 form (the browser shows the same rules). */
export const FEEDBACK_CONTENT_MIN = 5;
export const FEEDBACK_CONTENT_MAX = 500;
export const FEEDBACK_CONTACT_MAX = 50;
export const FEEDBACK_PAGE_MAX = 200;

export const feedbackBody = z.object({
  content: z
    .string()
    .trim()
    .min(FEEDBACK_CONTENT_MIN, `反馈内容至少 ${FEEDBACK_CONTENT_MIN} 个字符`)
    .max(FEEDBACK_CONTENT_MAX, `反馈内容最多 ${FEEDBACK_CONTENT_MAX} 个字符`),
  type: z.string().trim().max(32).optional(),
  contact: z
    .string()
    .trim()
    .max(FEEDBACK_CONTACT_MAX, `联系方式最多 ${FEEDBACK_CONTACT_MAX} 个字符`)
    .optional(),
  pagePath: z.string().trim().max(FEEDBACK_PAGE_MAX, '页面地址过长').optional(),
});
export type Feedback = z.infer<typeof feedbackBody>;

export const logTrackEvent = defineContract({
  method: 'POST',
  path: '/system/track-log/log',
  summary: '页面/操作埋点（匿名可用，按 IP 限流）',
  tags,
  access: 'public',
  write: false,
  body: trackEventBody,
  response: z.boolean(),
});

export const createFeedback = defineContract({
  method: 'POST',
  path: '/system/feedback/create',
  summary: '意见反馈（需登录，按 IP 限流）',
  tags,
  access: 'user',
  body: feedbackBody,
  response: z.number().int().describe('反馈编号'),
});
