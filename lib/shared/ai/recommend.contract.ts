import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { rankedCompanySchema } from '@/lib/shared/enterprise/ranked-company';

/*
 * 客户推荐 / 画像推荐 (/portraitRecommend, spec 7.3 POST
 * /shuzhituoke/enterprise-recommendation/recommendation-page, issue 34 item 4, ADR 0203): a
 * portrait of the tenant's customers (won opportunities weigh more; leads when there are no
 * customers; three answers on a cold start) and the companies that match it and are not yet the
 * tenant's leads or customers, each with the portrait parts it matches and their points.
 */

export const RECOMMEND_PATH = '/portraitRecommend';
export const RECOMMEND_PAGE_SIZE = 20;

/** The parts of the portrait, in the order the reasons are shown, with their maximum points. */
export const RECOMMEND_PARTS = ['industry', 'region', 'staff', 'capital', 'age', 'tag'] as const;
export type RecommendPart = (typeof RECOMMEND_PARTS)[number];
export const RECOMMEND_PART_LABELS: Record<RecommendPart, string> = {
  industry: '行业',
  region: '地区',
  staff: '人员规模',
  capital: '注册资本',
  age: '成立年限',
  tag: '企业标签',
};
export const RECOMMEND_PART_POINTS: Record<RecommendPart, number> = {
  industry: 35,
  region: 25,
  staff: 10,
  capital: 10,
  age: 10,
  tag: 10,
};

/** Registered-capital bands in 万 (lower bounds) and their labels. */
export const CAPITAL_BANDS = [
  { min: 0, label: '100万以下' },
  { min: 100, label: '100-500万' },
  { min: 500, label: '500-1000万' },
  { min: 1000, label: '1000-5000万' },
  { min: 5000, label: '5000万以上' },
] as const;
/** Company-age bands in years (lower bounds) and their labels. */
export const AGE_BANDS = [
  { min: 0, label: '1年内' },
  { min: 1, label: '1-3年' },
  { min: 3, label: '3-5年' },
  { min: 5, label: '5-10年' },
  { min: 10, label: '10年以上' },
] as const;

/** Where the portrait came from. */
export const PORTRAIT_SOURCES = ['customers', 'leads', 'answers', 'none'] as const;
export type PortraitSource = (typeof PORTRAIT_SOURCES)[number];

const code = (re: RegExp, message: string) => z.string().trim().regex(re, message);

export const recommendBodySchema = z.object({
  pageNo: z.coerce.number().int().min(1, '页码从 1 开始').max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50, '每页最多 50 条').default(RECOMMEND_PAGE_SIZE),
  /**
   * Cold start (no customers, no leads): the answers to three questions — industries (GB/T 4754
   * section letters or two-digit divisions), a province or city, and a staff band (optional).
   */
  industries: z
    .array(code(/^([A-T]|\d{2})$/, '行业代码不正确'))
    .max(5, '最多选择 5 个行业')
    .optional(),
  region: code(/^\d{6}$/, '地区代码不正确').optional(),
  staffSize: z.string().trim().max(20).optional(),
});
export type RecommendBody = z.output<typeof recommendBodySchema>;

const shareSchema = z.object({ key: z.string(), label: z.string(), share: z.number() });
export const recommendPortraitSchema = z.object({
  source: z.enum(PORTRAIT_SOURCES),
  /** Customers (or leads) the portrait is drawn from, and how many of them have a won deal. */
  basis: z.number().int(),
  won: z.number().int(),
  /** Companies marked 不感兴趣 (their traits weigh less). */
  disliked: z.number().int(),
  industries: z.array(shareSchema),
  regions: z.array(shareSchema),
  staff: z.array(shareSchema),
  capital: z.array(shareSchema),
  age: z.array(shareSchema),
  tags: z.array(shareSchema),
});
export type RecommendPortrait = z.infer<typeof recommendPortraitSchema>;

export const recommendReasonSchema = z.object({
  part: z.enum(RECOMMEND_PARTS),
  points: z.number(),
  /** e.g. 软件和信息技术服务业（占您客户的 40%） */
  text: z.string(),
});
export type RecommendReason = z.infer<typeof recommendReasonSchema>;

/** The score is 0-100. */
export const recommendRowSchema = rankedCompanySchema.extend({
  staffSize: z.string().nullable(),
  tags: z.array(z.string()),
  reasons: z.array(recommendReasonSchema),
});
export type RecommendRow = z.infer<typeof recommendRowSchema>;

export const recommendPageSchema = z.object({
  portrait: recommendPortraitSchema,
  total: z.number().int(),
  list: z.array(recommendRowSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  maxResults: z.number().int(),
  notice: z.string().nullable(),
});
export type RecommendPage = z.infer<typeof recommendPageSchema>;

export const enterpriseRecommendationPage = defineContract({
  method: 'POST',
  path: '/shuzhituoke/enterprise-recommendation/recommendation-page',
  summary:
    '客户推荐：按本租户客户（赢单加权；无客户时按线索；冷启动按所选行业、地区）的画像——行业、地区、人员规模、注册资本、成立年限、标签——给尚未成为线索或客户的企业打分排序，并列出每项匹配及得分（ADR 0203）',
  tags: ['客户推荐'],
  access: 'tenant',
  write: false,
  expensive: true,
  body: recommendBodySchema,
  response: recommendPageSchema,
});

export const enterpriseRecommendationFeedback = defineContract({
  method: 'POST',
  path: '/shuzhituoke/enterprise-recommendation/feedback',
  summary:
    '客户推荐反馈：不感兴趣（该企业不再推荐，其与画像共有的特征此后权重降低）；撤销则删除该反馈',
  tags: ['客户推荐'],
  access: 'tenant',
  body: z.object({
    entId: z.coerce
      .number({ error: '企业编号不正确' })
      .int('企业编号不正确')
      .positive('企业编号不正确')
      .max(2 ** 53 - 1, '企业编号不正确'),
    kind: z.enum(['dislike', 'undo'], { error: '反馈类型不正确' }).default('dislike'),
  }),
  response: z.object({ ok: z.boolean() }),
});
