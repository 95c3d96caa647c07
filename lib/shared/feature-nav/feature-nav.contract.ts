import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';

const tags = ['更多工具'];
/** Spec 9: the usual-tools list shows at most 8. */
export const COMMON_FEATURES_MAX = 8;

export const featureNavItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  path: z.string(),
  icon: z.string(),
  external: z.boolean(),
});
export type FeatureNavItem = z.infer<typeof featureNavItemSchema>;

export const featureNavGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subFeatureNavs: z.array(featureNavItemSchema),
});
export type FeatureNavGroup = z.infer<typeof featureNavGroupSchema>;

export const listFeatureNavsForUser = defineContract({
  method: 'GET',
  path: '/system/feature-nav/list-for-user',
  summary: '“更多工具”分组与条目（spec 2.4 六个分组）',
  tags,
  access: 'public',
  response: z.array(featureNavGroupSchema),
});

export const listCommonFeatureNavs = defineContract({
  method: 'GET',
  path: '/system/feature-nav/common-list-for-user',
  summary: '常用工具（最多 8 个，按使用次数）；未登录为空',
  tags,
  access: 'public',
  response: z.array(featureNavItemSchema),
});

export const markFeatureUse = defineContract({
  method: 'POST',
  path: '/system/feature-nav/mark-user-use-feature',
  summary: '记录一次工具点击 {id, type}（需登录）',
  tags,
  access: 'user',
  write: false,
  body: z.object({
    id: z.coerce.number().int().positive(),
    type: z.coerce.number().int().min(0).max(9).default(0),
  }),
  response: z.boolean(),
});
