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

export const feedbackBody = z.object({
  content: z.string().trim().min(1, '请输入反馈内容').max(2000, '反馈内容最多 2000 个字符'),
  type: z.string().trim().max(32).optional(),
  contact: z.string().trim().max(100).optional(),
  pagePath: z.string().trim().max(300).optional(),
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
  summary: '意见反馈',
  tags,
  access: 'public',
  body: feedbackBody,
  response: z.number().int().describe('反馈编号'),
});
