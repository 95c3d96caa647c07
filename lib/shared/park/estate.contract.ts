import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { ESTATE_KINDS, ESTATE_MESSAGES, ESTATE_TYPE_ALL, isEstateType } from './estate-model';

/**
 * Parks and buildings (issue 30 item 5, ADR 0201): name search (the top bar's park option),
 * detail with occupancy, the companies inside by type, recommendations from a member's customers
 * (spec 7.3 POST /shuzhituoke/park/recommendation-page) and following a building (fills
 * accountInfo.buildingList).
 */
const tags = ['园区楼宇'];

/** `all` or a GB/T 4754 section letter (the estate page's `{type}`). */
const estateTypeSchema = z
  .string()
  .trim()
  .refine(isEstateType, ESTATE_MESSAGES.typeUnknown)
  .default(ESTATE_TYPE_ALL);

const estateId = z.coerce
  .number({ error: ESTATE_MESSAGES.notFound })
  .int(ESTATE_MESSAGES.notFound)
  .positive(ESTATE_MESSAGES.notFound)
  .max(Number.MAX_SAFE_INTEGER, ESTATE_MESSAGES.notFound);

export const estateSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ESTATE_KINDS),
  name: z.string(),
  regionName: z.string().describe('省 市 区'),
  address: z.string().nullable(),
  /** Companies inside the outline when last counted (the detail page counts afresh). */
  companyCount: z.number().int(),
  areaKm2: z.number(),
  lng: z.number(),
  lat: z.number(),
  /** Generated demo record (shown with 演示数据). */
  demo: z.boolean(),
});
export type EstateSummary = z.infer<typeof estateSummarySchema>;

const countSchema = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
export const occupancySchema = z.object({
  total: z.number().int(),
  industries: z.array(countSchema).describe('按国民经济行业门类'),
  sizes: z.array(countSchema).describe('按人员规模'),
  tookMs: z.number(),
});
export type Occupancy = z.infer<typeof occupancySchema>;

export const estateDetailSchema = estateSummarySchema.extend({
  ring: z.array(z.tuple([z.number(), z.number()])),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  cityCode: z.string().nullable(),
  source: z.string(),
  parent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Buildings inside a park. */
  buildings: z.array(estateSummarySchema),
  occupancy: occupancySchema,
  /** The heaviest companies inside (at most 200), drawn on the map. */
  points: z.array(
    z.object({ id: z.number().int(), name: z.string(), lng: z.number(), lat: z.number() }),
  ),
  followed: z.boolean(),
});
export type EstateDetail = z.infer<typeof estateDetailSchema>;

export const estateSearchBodySchema = z.object({
  keyword: z.string().trim().max(50, '关键词过长').default(''),
  kind: z.enum(ESTATE_KINDS).optional(),
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50, '每页最多 50 条').default(10),
});

export const searchEstates = defineContract({
  method: 'POST',
  path: '/shuzhituoke/park/search',
  summary: '按名称查找园区与楼宇（顶栏搜索框的园区选项）',
  tags,
  access: 'public',
  write: false,
  body: estateSearchBodySchema,
  response: z.object({ total: z.number().int(), list: z.array(estateSummarySchema) }),
});

export const estateDetail = defineContract({
  method: 'POST',
  path: '/shuzhituoke/park/detail',
  summary: '园区/楼宇详情：轮廓、入驻企业按行业与规模的分布、园区内的楼宇',
  tags,
  access: 'tenant',
  write: false,
  expensive: true,
  body: z.object({ estateId }),
  response: estateDetailSchema,
});

export const estateCompanyPointSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uncid: z.string(),
  industry: z.string(),
  staffSize: z.string().nullable(),
  address: z.string().nullable(),
  status: z.string(),
  lng: z.number(),
  lat: z.number(),
});
export type EstateCompany = z.infer<typeof estateCompanyPointSchema>;

export const estateCompaniesBodySchema = z.object({
  estateId,
  type: estateTypeSchema,
  staffSize: z.string().trim().max(20).optional(),
  pageNo: z.coerce.number().int().min(1).max(500).default(1),
  pageSize: z.coerce.number().int().min(1).max(50, '每页最多 50 条').default(20),
});
export type EstateCompaniesBody = z.infer<typeof estateCompaniesBodySchema>;

export const estateCompanies = defineContract({
  method: 'POST',
  path: '/shuzhituoke/park/companies',
  summary: '园区/楼宇内的企业，按类型（全部或行业门类）与人员规模筛选，按企业权重排序',
  tags,
  access: 'tenant',
  write: false,
  expensive: true,
  body: estateCompaniesBodySchema,
  response: z.object({
    total: z.number().int(),
    list: z.array(estateCompanyPointSchema),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const portraitSchema = z.object({
  /** Leads and customers the portrait is drawn from. */
  basis: z.number().int(),
  industries: z.array(z.object({ key: z.string(), label: z.string(), share: z.number() })),
  sizes: z.array(z.object({ key: z.string(), label: z.string(), share: z.number() })),
  regions: z.array(z.object({ key: z.string(), label: z.string(), share: z.number() })),
});
export type Portrait = z.infer<typeof portraitSchema>;

export const recommendedEstateSchema = estateSummarySchema.extend({
  /** 0-100. */
  score: z.number(),
  parts: z.object({ industry: z.number(), size: z.number(), region: z.number() }),
  reasons: z.array(z.string()),
});
export type RecommendedEstate = z.infer<typeof recommendedEstateSchema>;

export const parkRecommendationPage = defineContract({
  method: 'POST',
  path: '/shuzhituoke/park/recommendation-page',
  summary:
    '按成员的线索与客户画像（行业、规模、地区）推荐园区；评分 = 行业 50% + 规模 20% + 地区 30%（ADR 0201）',
  tags,
  access: 'tenant',
  write: false,
  expensive: true,
  body: z.object({
    pageNo: z.coerce.number().int().min(1).max(100).default(1),
    pageSize: z.coerce.number().int().min(1).max(50, '每页最多 50 条').default(10),
  }),
  response: z.object({
    total: z.number().int(),
    list: z.array(recommendedEstateSchema),
    portrait: portraitSchema,
  }),
});

export const followEstate = defineContract({
  method: 'POST',
  path: '/shuzhituoke/park/follow',
  summary: '关注或取消关注楼宇/园区（关注的楼宇列入 accountInfo.buildingList）',
  tags,
  access: 'tenant',
  body: z.object({ estateId, follow: z.boolean() }),
  response: z.object({ buildingList: z.array(z.string()) }),
});
