import { z } from 'zod';
import { defineContract, pageResponse } from '@/lib/shared/api/contract';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { unlockCreditSchema } from '@/lib/shared/vip/vip.contract';

/**
 * The enterprise domain's endpoints: the company page (header, tabs, contacts), the relationship
 * graphs, unlocking, favourites, leads and the Excel export. Dates are 'YYYY-MM-DD' strings and
 * times ISO strings, as the company page has always received them.
 */

const tags = ['企业'];
const favoriteTags = ['收藏'];
const infoTags = ['企业详情'];
const graphTags = ['企业图谱'];

// ---------------------------------------------------------------------------------------------
// Input pieces

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A positive integer id; '' counts as absent. */
export const optionalId = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().positive().optional(),
);
export const requiredId = z.coerce.number({ message: '请提供企业 id' }).int().positive();
export const optionalText = z.preprocess(
  blankToUndefined,
  z.string().trim().min(1).max(200).optional(),
);

/** yudao-style paging: pageNo from 1, pageSize up to 100. */
export const pageSchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** The company page's own parameters plus entId. */
export const detailRefSchema = z
  .object({
    pid: optionalId,
    entId: optionalId,
    uncid: optionalText,
    company_name: optionalText,
    entName: optionalText,
  })
  .refine((q) => q.pid || q.entId || q.uncid || q.company_name || q.entName, {
    message: '请提供企业 id、统一社会信用代码或企业名称',
  });
export type DetailRef = z.output<typeof detailRefSchema>;

/** Graph endpoints: keyword (exact name or credit code) and/or id. */
export const keywordRefSchema = z
  .object({ keyword: optionalText, id: optionalId, entId: optionalId })
  .refine((q) => q.keyword || q.id || q.entId, {
    message: '请提供企业名称、统一社会信用代码或 id',
  });
export type KeywordRef = z.output<typeof keywordRefSchema>;

const entRef = z.object({ entId: requiredId });
const entPage = pageSchema.extend({ entId: requiredId });
const keywordPage = pageSchema.extend({ keyword: optionalText });

const idList = (max: number) =>
  z
    .array(z.coerce.number().int().positive())
    .min(1, '请选择企业')
    .max(max, `单次最多 ${max} 家企业`);

export const enterpriseStateRequestSchema = z
  .object({
    entId: z.coerce.number().int().positive().optional(),
    entIds: idList(200).optional(),
  })
  .refine((b) => b.entId || b.entIds, {
    message: '请提供 entId 或 entIds',
  });
export type EnterpriseStateRequest = z.output<typeof enterpriseStateRequestSchema>;

export const toCrmRequestSchema = z
  .object({
    entId: z.coerce.number().int().positive().optional(),
    entIds: idList(500).optional(),
    source: z.string().trim().min(1).max(30).optional(),
  })
  .refine((b) => b.entId || b.entIds, { message: '请提供 entId 或 entIds' });
export type ToCrmRequest = z.output<typeof toCrmRequestSchema>;

/** Deepest level of the equity penetration tree (the root is level 0). */
export const EQUITY_MAX_DEPTH = 5;

// ---------------------------------------------------------------------------------------------
// What the company page receives

const dateText = z.string().describe('YYYY-MM-DD');
const isoTime = z.string().describe('ISO 8601 时间');
const jsonObject = z.record(z.string(), z.unknown());

export const codeNameSchema = z.object({ code: z.string(), name: z.string() });
export type CodeName = z.infer<typeof codeNameSchema>;

export const industryLevelsSchema = z.object({
  section: codeNameSchema.nullable(),
  division: codeNameSchema.nullable(),
  group: codeNameSchema.nullable(),
  class: codeNameSchema.nullable(),
});
export type IndustryLevels = z.infer<typeof industryLevelsSchema>;

/** Company header: everything above the tabs. */
export const enterpriseHeaderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uncid: z.string(),
  regNo: z.string().nullable(),
  orgType: z.string(),
  /** 存续 / 在业 / 迁出 / 吊销 / 注销 */
  status: z.string(),
  tags: z.array(z.string()),
  legalPerson: z.string(),
  /** In 万 of regCapitalCurrency. */
  regCapital: z.number().nullable(),
  regCapitalCurrency: z.string(),
  /** "1000万人民币"; '' when unknown. */
  regCapitalText: z.string(),
  establishDate: dateText.nullable(),
  address: z.string().nullable(),
  province: codeNameSchema.nullable(),
  city: codeNameSchema.nullable(),
  district: codeNameSchema.nullable(),
  /** 福建省厦门市思明区 */
  regionName: z.string(),
  industry: industryLevelsSchema,
  /** Name of the deepest known industry level. */
  industryName: z.string(),
  staffSize: z.string().nullable(),
  insuredCount: z.number().int().nullable(),
  website: z.string().nullable(),
  listed: z.boolean(),
  listingInfo: jsonObject.nullable(),
  formerNames: z.array(z.string()),
  brandWords: z.array(z.string()),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  phoneCount: z.number().int(),
  emailCount: z.number().int(),
  updateTime: isoTime,
});
export type EnterpriseHeader = z.infer<typeof enterpriseHeaderSchema>;

/** 工商信息 tab: the header plus the registration record. */
export const enterpriseRegistrationSchema = enterpriseHeaderSchema.extend({
  paidCapital: z.number().nullable(),
  paidCapitalText: z.string(),
  approvalDate: dateText.nullable(),
  termStart: dateText.nullable(),
  termEnd: dateText.nullable(),
  regAuthority: z.string().nullable(),
  businessScope: z.string().nullable(),
});
export type EnterpriseRegistration = z.infer<typeof enterpriseRegistrationSchema>;

export const contactTypeSchema = z.enum(['phone', 'mobile', 'email']);

/** A phone or e-mail. `masked` true: value is masked and personName/position are withheld. */
export const contactItemSchema = z.object({
  id: z.number().int(),
  type: contactTypeSchema,
  value: z.string(),
  masked: z.boolean(),
  personName: z.string().nullable(),
  position: z.string().nullable(),
  /** Where it was found: 年报, 官网, 招聘, ... */
  source: z.string(),
});
export type ContactItem = z.infer<typeof contactItemSchema>;

export const contactSummarySchema = z.object({
  entId: z.number().int(),
  /** The caller's tenant has unlocked this company. */
  unlocked: z.boolean(),
  unlockTime: isoTime.nullable(),
  total: z.number().int(),
  phoneCount: z.number().int(),
  mobileCount: z.number().int(),
  emailCount: z.number().int(),
  list: z.array(contactItemSchema),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

/** Row counts of the detail tabs (tab badges). */
export const enterpriseTabCountsSchema = z.object({
  shareholders: z.number().int(),
  people: z.number().int(),
  changes: z.number().int(),
  investments: z.number().int(),
  branches: z.number().int(),
  financing: z.number().int(),
  honors: z.number().int(),
  chains: z.number().int(),
  annualReports: z.number().int(),
});
export type EnterpriseTabCounts = z.infer<typeof enterpriseTabCountsSchema>;

export const enterpriseDetailSchema = z.object({
  header: enterpriseHeaderSchema,
  contacts: contactSummarySchema,
  counts: enterpriseTabCountsSchema,
});
export type EnterpriseDetail = z.infer<typeof enterpriseDetailSchema>;

export const shareholderRowSchema = z.object({
  id: z.number().int(),
  holderType: z.enum(['person', 'company']),
  holderName: z.string(),
  holderEnterpriseId: z.number().int().nullable(),
  holderUncid: z.string().nullable(),
  /** Percent, 0-100. */
  ratio: z.number().nullable(),
  /** 万元 */
  subscribedAmount: z.number().nullable(),
  subscribedDate: dateText.nullable(),
});
export type ShareholderRow = z.infer<typeof shareholderRowSchema>;

export const personRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roles: z.array(z.string()),
  /** Other companies where the same name holds a role (see the relationship service's rule). */
  relatedCount: z.number().int(),
});
export type PersonRow = z.infer<typeof personRowSchema>;

export const changeRowSchema = z.object({
  id: z.number().int(),
  changeDate: dateText,
  item: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ChangeRow = z.infer<typeof changeRowSchema>;

export const investmentRowSchema = z.object({
  id: z.number().int(),
  investeeEnterpriseId: z.number().int().nullable(),
  investeeName: z.string(),
  investeeUncid: z.string().nullable(),
  investeeStatus: z.string().nullable(),
  investeeLegalPerson: z.string().nullable(),
  investeeEstablishDate: dateText.nullable(),
  ratio: z.number().nullable(),
  amount: z.number().nullable(),
  investDate: dateText.nullable(),
});
export type InvestmentRow = z.infer<typeof investmentRowSchema>;

export const branchRowSchema = z.object({
  id: z.number().int(),
  branchEnterpriseId: z.number().int().nullable(),
  name: z.string(),
  uncid: z.string().nullable(),
  principal: z.string().nullable(),
  regionCode: z.string().nullable(),
  regionName: z.string(),
  establishDate: dateText.nullable(),
  status: z.string().nullable(),
});
export type BranchRow = z.infer<typeof branchRowSchema>;

export const financingRowSchema = z.object({
  id: z.number().int(),
  round: z.string(),
  financingDate: dateText,
  amount: z.string().nullable(),
  investors: z.array(z.string()),
});
export type FinancingRow = z.infer<typeof financingRowSchema>;

export const honorRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 国家级 / 省级 / 市级 */
  level: z.string(),
  year: z.number().int(),
  issuer: z.string().nullable(),
});
export type HonorRow = z.infer<typeof honorRowSchema>;

export const chainRowSchema = z.object({
  chainCode: z.string(),
  chainName: z.string(),
  nodeName: z.string(),
  /** 上游 / 中游 / 下游 when the chain is in the bundled chain table. */
  stage: z.string().nullable(),
});
export type ChainRow = z.infer<typeof chainRowSchema>;

export const annualReportRowSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  publishedAt: dateText.nullable(),
  /** Published figures; contacts inside are masked unless unlocked. */
  data: jsonObject,
});
export type AnnualReportRow = z.infer<typeof annualReportRowSchema>;

export const annualReportsResultSchema = z.object({
  /** Every published year, newest first. */
  years: z.array(z.number().int()),
  /** The requested year's report (newest when no year was given); null when none. */
  report: annualReportRowSchema.nullable(),
});
export type AnnualReportsResult = z.infer<typeof annualReportsResultSchema>;

/** 企业动态: recent changes, financing and honours merged by date, newest first. */
export const recentEventSchema = z.object({
  kind: z.enum(['change', 'financing', 'honor']),
  date: z.string(),
  title: z.string(),
  content: z.string(),
});
export type RecentEvent = z.infer<typeof recentEventSchema>;

/** 经营信息 summary. */
export const manageInfoSchema = z.object({
  entId: z.number().int(),
  entName: z.string(),
  staffSize: z.string().nullable(),
  insuredCount: z.number().int().nullable(),
  listed: z.boolean(),
  listingInfo: jsonObject.nullable(),
  tags: z.array(z.string()),
  latestAnnualReport: annualReportRowSchema.nullable(),
  latestFinancing: financingRowSchema.nullable(),
  financingCount: z.number().int(),
  honorCount: z.number().int(),
  chains: z.array(chainRowSchema),
});
export type ManageInfo = z.infer<typeof manageInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Graphs (ECharts-ready)

export const graphNodeKindSchema = z.enum(['company', 'person']);
export type GraphNodeKind = z.infer<typeof graphNodeKindSchema>;

export const graphNodeSchema = z.object({
  /** 'e:<entId>' for known companies, 'n:<name>' for unregistered ones, 'p:<name>' for people. */
  id: z.string(),
  name: z.string(),
  /** Index in GRAPH_CATEGORIES. */
  category: z.number().int(),
  kind: graphNodeKindSchema,
  entId: z.number().int().nullable(),
  uncid: z.string().nullable(),
  isCenter: z.boolean(),
  /** The expand endpoints can load a further ring around this node. */
  expandable: z.boolean(),
  symbolSize: z.number(),
});
export type GraphNode = z.infer<typeof graphNodeSchema>;

export const graphLinkSchema = z.object({
  source: z.string(),
  target: z.string(),
  /** 法定代表人 / 持股 51% / 董事 / 投资 / 分支机构 ... */
  label: z.string(),
  /** Percent where the link is a shareholding. */
  value: z.number().nullable(),
});
export type GraphLink = z.infer<typeof graphLinkSchema>;

export const graphDataSchema = z.object({
  centerId: z.string(),
  nodes: z.array(graphNodeSchema),
  links: z.array(graphLinkSchema),
  categories: z.array(z.object({ name: z.string() })),
  /** Some relations were left out to keep the graph small. */
  truncated: z.boolean(),
});
export type GraphData = z.infer<typeof graphDataSchema>;

/** Equity penetration tree (ECharts tree series: name/value/children). */
export type EquityTreeNode = {
  id: string;
  name: string;
  kind: GraphNodeKind;
  entId: number | null;
  uncid: string | null;
  /** Percent held (upward: of the child; downward: held by the parent). */
  ratio: number | null;
  /** ECharts value = ratio. */
  value: number | null;
  amount: number | null;
  depth: number;
  /** More levels exist below the depth limit or beyond the per-level cap. */
  hasMore: boolean;
  children: EquityTreeNode[];
};

const equityNodeFields = z.object({
  id: z.string(),
  name: z.string(),
  kind: graphNodeKindSchema,
  entId: z.number().int().nullable(),
  uncid: z.string().nullable(),
  ratio: z.number().nullable(),
  value: z.number().nullable(),
  amount: z.number().nullable(),
  depth: z.number().int(),
  hasMore: z.boolean(),
});

/**
 * The tree down from `level`: spelled out level by level (the depth is bounded) rather than as a
 * recursive schema, whose JSON Schema `$ref: "#"` would point at the OpenAPI document's root.
 */
function equityTreeLevel(level: number): z.ZodType<EquityTreeNode, EquityTreeNode> {
  return equityNodeFields.extend({
    children: z.array(level < EQUITY_MAX_DEPTH ? equityTreeLevel(level + 1) : z.never()),
  });
}

export const equityTreeNodeSchema = equityTreeLevel(0);

export const controlPathStepSchema = z.object({
  name: z.string(),
  kind: graphNodeKindSchema,
  entId: z.number().int().nullable(),
  /** Percent this step holds in the step before it. */
  ratio: z.number(),
});
export type ControlPathStep = z.infer<typeof controlPathStepSchema>;

export const actualControllerSchema = z.object({
  entId: z.number().int(),
  entName: z.string(),
  /** Null when no shareholders are known. */
  controller: z
    .object({ name: z.string(), kind: graphNodeKindSchema, entId: z.number().int().nullable() })
    .nullable(),
  /** Product of the ratios along the path, percent. */
  cumulativeRatio: z.number().nullable(),
  /** From the company's largest shareholder up to the controller. */
  path: z.array(controlPathStepSchema),
  graph: graphDataSchema,
});
export type ActualController = z.infer<typeof actualControllerSchema>;

// ---------------------------------------------------------------------------------------------
// Tenant-specific answers: state, unlocking, leads, favourites

/** Tenant-specific flags for one company (get-enterprise-state). */
export const enterpriseStateSchema = z.object({
  entId: z.number().int(),
  unlocked: z.boolean(),
  favorite: z.boolean(),
  inCrm: z.boolean(),
  clueId: z.number().int().nullable(),
});
export type EnterpriseState = z.infer<typeof enterpriseStateSchema>;

export const enterpriseDataSchema = enterpriseDetailSchema.extend({
  state: enterpriseStateSchema,
});
export type EnterpriseData = z.infer<typeof enterpriseDataSchema>;

export const unlockQuotaCodeSchema = z.union([
  z.literal(ERRORS.UNLOCK_QUOTA_EXHAUSTED.code),
  z.literal(ERRORS.UNLOCK_NOT_IN_EDITION.code),
]);
export type UnlockQuotaCode = z.infer<typeof unlockQuotaCodeSchema>;

export const unlockStateSchema = z.object({
  entId: z.number().int(),
  unlocked: z.boolean(),
  unlockTime: isoTime.nullable(),
  credit: unlockCreditSchema,
  /** Whether unlock-enterprise would succeed now (true when already unlocked). */
  canUnlock: z.boolean(),
  /** The code unlock-enterprise would answer with; null when it would succeed. */
  blockedCode: unlockQuotaCodeSchema.nullable(),
});
export type UnlockState = z.infer<typeof unlockStateSchema>;

/**
 * The viewer-specific part of a company page, fetched once after hydration: the public HTML is
 * the same for everyone (masked contacts, neutral buttons) and this fills in the signed-in user's
 * own state. Real contacts and the latest annual report (with real contacts) only when unlocked.
 */
export const enterpriseViewerSchema = z.object({
  entId: z.number().int(),
  state: enterpriseStateSchema,
  /** The tenant's real contacts; null unless the company is unlocked. */
  contacts: contactSummarySchema.nullable(),
  /** The newest annual report with its real contacts; null unless unlocked (or none published). */
  annualReport: annualReportRowSchema.nullable(),
  /** The tenant's unlock quota. */
  credit: unlockCreditSchema,
  /** The code unlock-enterprise would answer with; null when it would succeed. */
  blockedCode: unlockQuotaCodeSchema.nullable(),
});
export type EnterpriseViewer = z.infer<typeof enterpriseViewerSchema>;

export const unlockResultSchema = z.object({
  entId: z.number().int(),
  unlocked: z.literal(true),
  /** False when the company was already unlocked (nothing charged). */
  charged: z.boolean(),
  /** monthly allowance or a grant; null when nothing was charged. */
  chargedTo: z.enum(['monthly', 'grant']).nullable(),
  unlockTime: isoTime,
  contacts: contactSummarySchema,
  credit: unlockCreditSchema,
});
export type UnlockResult = z.infer<typeof unlockResultSchema>;

export const unlockedEnterpriseSchema = z.object({
  entId: z.number().int(),
  name: z.string(),
  uncid: z.string(),
  status: z.string(),
  legalPerson: z.string(),
  regCapital: z.number().nullable(),
  regCapitalCurrency: z.string(),
  establishDate: dateText.nullable(),
  regionName: z.string(),
  industryName: z.string(),
  unlockTime: isoTime,
  unlockUserId: z.number().int(),
  unlockUserName: z.string().nullable(),
  /** Real values: the tenant unlocked these companies. */
  contacts: z.array(contactItemSchema),
});
export type UnlockedEnterprise = z.infer<typeof unlockedEnterpriseSchema>;

export const toCrmResultSchema = z.object({
  created: z.number().int(),
  existed: z.number().int(),
  /** Ids that are not companies; skipped. */
  missing: z.array(z.number().int()),
  items: z.array(
    z.object({ entId: z.number().int(), clueId: z.number().int(), created: z.boolean() }),
  ),
});
export type ToCrmResult = z.infer<typeof toCrmResultSchema>;

/** Contact-collection (挖一挖) status of one company. */
export const wywStatusSchema = z.object({
  entId: z.number().int(),
  /** 0 暂无联系方式, 2 已获取 (1 采集中 is reserved for batch jobs). */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  statusText: z.string(),
  unlocked: z.boolean(),
  total: z.number().int(),
  phoneCount: z.number().int(),
  mobileCount: z.number().int(),
  emailCount: z.number().int(),
});
export type WywStatus = z.infer<typeof wywStatusSchema>;

export const favoriteAddedSchema = z.object({
  entId: z.number().int(),
  favorite: z.literal(true),
  created: z.boolean(),
});
export type FavoriteAdded = z.infer<typeof favoriteAddedSchema>;

export const favoriteRemovedSchema = z.object({
  entId: z.number().int(),
  favorite: z.literal(false),
  removed: z.boolean(),
});
export type FavoriteRemoved = z.infer<typeof favoriteRemovedSchema>;

export const favoriteEnterpriseSchema = z.object({
  entId: z.number().int(),
  name: z.string(),
  uncid: z.string(),
  status: z.string(),
  legalPerson: z.string(),
  regCapitalText: z.string(),
  establishDate: dateText.nullable(),
  regionName: z.string(),
  industryName: z.string(),
  tags: z.array(z.string()),
  phoneCount: z.number().int(),
  emailCount: z.number().int(),
  unlocked: z.boolean(),
  favoriteTime: isoTime,
});
export type FavoriteEnterprise = z.infer<typeof favoriteEnterpriseSchema>;

// ---------------------------------------------------------------------------------------------
// /szjk/enterprise: state, unlocking, leads, export

export const getEnterpriseState = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/get-enterprise-state',
  summary:
    '当前用户对企业的状态：unlocked（本企业已解锁）、favorite（本人已收藏）、inCrm/clueId（已加入线索）。body {entId} 返回对象，{entIds[]} 返回数组；未登录时均为 false',
  tags,
  access: 'public',
  write: false,
  body: enterpriseStateRequestSchema,
  response: z.union([enterpriseStateSchema, z.array(enterpriseStateSchema)]),
});

export const getEnterpriseUnlockState = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/get-enterprise-unlock-state',
  summary:
    '解锁状态与本企业剩余额度；blockedCode 为解锁将返回的错误码（1004011000 额度用完 / 1004011001 版本不含解锁），null 表示可解锁',
  tags,
  access: 'tenant',
  write: false,
  body: entRef,
  response: unlockStateSchema,
});

export const getEnterpriseViewer = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/viewer-state',
  summary:
    '企业页的个人部分（页面 HTML 对所有访客相同，登录后由此补全）：收藏/线索/解锁状态、剩余解锁额度；已解锁时含真实联系方式与最新年报（entId）',
  tags,
  access: 'tenant',
  write: false,
  body: entRef,
  response: enterpriseViewerSchema,
});

export const unlockEnterprise = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/unlock-enterprise',
  summary:
    '解锁企业联系方式：每家企业每个租户只扣一次额度（重复调用不扣费并返回联系方式）；额度不足 1004011000，版本不含解锁 1004011001',
  tags,
  access: 'tenant',
  permission: 'szjk:enterprise:unlock',
  body: entRef,
  response: unlockResultSchema,
});

export const getEnterpriseData = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/get-data',
  summary:
    '企业数据一次取全：header、contacts（未解锁打码）、counts、state（entId | pid | uncid | company_name）',
  tags,
  access: 'public',
  write: false,
  body: detailRefSchema,
  response: enterpriseDataSchema,
});

export const pageUnlockedEnterprises = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/unlock-page',
  summary: '本企业已解锁的企业列表（分页，keyword 按名称模糊或信用代码精确），含真实联系方式',
  tags,
  access: 'tenant',
  write: false,
  body: keywordPage,
  response: pageResponse(unlockedEnterpriseSchema),
});

export const addEnterprisesToCrm = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/to-crm',
  summary:
    '加入线索：为本租户创建线索，同一企业只建一次（entId 或 entIds[]，source 可选，默认 企业详情）',
  tags,
  access: 'tenant',
  permission: 'szjk:enterprise:to-crm',
  body: toCrmRequestSchema,
  response: toCrmResultSchema,
});

export const getWywStatus = defineContract({
  method: 'GET',
  path: '/szjk/enterprise/get-wyw-status',
  summary: '联系方式采集（挖一挖）状态：status 0 暂无 / 2 已获取，数量及是否已解锁（entId）',
  tags,
  access: 'tenant',
  query: entRef,
  response: wywStatusSchema,
});

export const getWywContact = defineContract({
  method: 'GET',
  path: '/szjk/enterprise/wyw-contact',
  summary: '企业联系方式列表：已解锁为真实号码（含联系人、职务、来源），未解锁为打码号码（entId）',
  tags,
  access: 'tenant',
  query: entRef,
  response: contactSummarySchema,
});

export const exportEnterprises = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/export',
  summary:
    '导出企业为 导出.xlsx（entIds[]，按所选顺序）；未解锁企业的联系方式打码；条数上限为版本的导出上限（超出 1004012002）',
  tags,
  access: 'tenant',
  permission: 'szjk:enterprise:export',
  write: false,
  expensive: true,
  body: z.object({ entIds: idList(10000) }),
  response: z.null(),
  responseKind: 'file',
  fileType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

// ---------------------------------------------------------------------------------------------
// /szjk/favorite

export const addFavorite = defineContract({
  method: 'POST',
  path: '/szjk/favorite/add',
  summary: '收藏企业（entId），重复收藏不报错',
  tags: favoriteTags,
  access: 'tenant',
  body: entRef,
  response: favoriteAddedSchema,
});

export const removeFavorite = defineContract({
  method: 'POST',
  path: '/szjk/favorite/remove',
  summary: '取消收藏（entId）',
  tags: favoriteTags,
  access: 'tenant',
  body: entRef,
  response: favoriteRemovedSchema,
});

export const pageFavorites = defineContract({
  method: 'GET',
  path: '/szjk/favorite/page',
  summary: '我的收藏（分页，keyword 按名称模糊或信用代码精确）',
  tags: favoriteTags,
  access: 'tenant',
  query: keywordPage,
  response: pageResponse(favoriteEnterpriseSchema),
});

// ---------------------------------------------------------------------------------------------
// /shuzhituoke/enterprise-info and friends: the company page (public, visitors limited per IP)

export const getEnterpriseInfo = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/get',
  summary:
    '企业详情头部：照面信息、联系方式摘要（未解锁打码）、各标签页数量（pid | entId | uncid | company_name）',
  tags: infoTags,
  access: 'public',
  query: detailRefSchema,
  response: enterpriseDetailSchema,
});

export const getEnterpriseRegistration = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/registration',
  summary: '工商信息：照面信息与登记信息（entId）',
  tags: infoTags,
  access: 'public',
  query: entRef,
  response: enterpriseRegistrationSchema,
});

export const pageEnterpriseShareholders = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/shareholders',
  summary: '股东信息，按持股比例降序分页（entId, pageNo, pageSize）',
  tags: infoTags,
  access: 'public',
  query: entPage,
  response: pageResponse(shareholderRowSchema),
});

export const pageEnterprisePeople = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/people',
  summary: '主要人员，含同名同城市关联企业数 relatedCount（entId, pageNo, pageSize）',
  tags: infoTags,
  access: 'public',
  query: entPage,
  response: pageResponse(personRowSchema),
});

export const pageEnterpriseChanges = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/changes',
  summary: '变更记录，按日期降序分页（entId, pageNo, pageSize）',
  tags: infoTags,
  access: 'public',
  query: entPage,
  response: pageResponse(changeRowSchema),
});

export const pageEnterpriseInvestments = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/investments',
  summary: '对外投资，按持股比例降序分页（entId, pageNo, pageSize）',
  tags: infoTags,
  access: 'public',
  query: entPage,
  response: pageResponse(investmentRowSchema),
});

export const pageEnterpriseBranches = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/branches',
  summary: '分支机构分页（entId, pageNo, pageSize）',
  tags: infoTags,
  access: 'public',
  query: entPage,
  response: pageResponse(branchRowSchema),
});

export const pageEnterpriseFinancing = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/financing',
  summary: '融资信息，按日期降序分页（entId, pageNo, pageSize）',
  tags: infoTags,
  access: 'public',
  query: entPage,
  response: pageResponse(financingRowSchema),
});

export const pageEnterpriseHonors = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/honors',
  summary: '荣誉资质，按年份降序分页（entId, pageNo, pageSize, level 可选：国家级/省级/市级）',
  tags: infoTags,
  access: 'public',
  query: entPage.extend({ level: optionalText }),
  response: pageResponse(honorRowSchema),
});

export const listEnterpriseChains = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/chains',
  summary: '产业链：企业所在的产业链与环节（entId）',
  tags: infoTags,
  access: 'public',
  query: entRef,
  response: z.array(chainRowSchema),
});

export const getEnterpriseAnnualReports = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/annual-reports',
  summary: '企业年报：已公示年份与某一年的年报（entId, year 可选，默认最新）；联系方式未解锁时打码',
  tags: infoTags,
  access: 'public',
  query: entRef.extend({ year: optionalId }),
  response: annualReportsResultSchema,
});

export const listGovernmentHonors = defineContract({
  method: 'POST',
  path: '/shuzhituoke/enterprise-government-honors/get-list',
  summary: '政府荣誉资质列表（entId, pageNo, pageSize, level 可选）',
  tags: infoTags,
  access: 'public',
  write: false,
  body: entPage.extend({ level: optionalText }),
  response: pageResponse(honorRowSchema),
});

export const getRecentEnterpriseInfo = defineContract({
  method: 'POST',
  path: '/shuzhituoke/enterprise-info/get-info-recently',
  summary: '企业动态：最近的变更、融资、荣誉，按日期倒序（entId, limit 默认 10，最多 50）',
  tags: infoTags,
  access: 'public',
  write: false,
  body: entRef.extend({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
  response: z.array(recentEventSchema),
});

export const getContactGeneralInfo = defineContract({
  method: 'POST',
  path: '/shuzhituoke/enterprise-info/get-contact-general-info',
  summary: '联系方式概况：数量与号码（未解锁时打码，解锁后为真实号码及来源）（entId）',
  tags: infoTags,
  access: 'public',
  write: false,
  body: entRef,
  response: contactSummarySchema,
});

export const listIndustryChainCodes = defineContract({
  method: 'POST',
  path: '/shuzhituoke/enterprise-industry-chain-code/get-list',
  summary: '企业所属产业链与环节（entId）',
  tags: infoTags,
  access: 'public',
  write: false,
  body: entRef,
  response: z.array(chainRowSchema),
});

export const listObtainingFinancing = defineContract({
  method: 'POST',
  path: '/shuzhituoke/enterprise-obtaining-financing/list',
  summary: '融资信息（query id 或 body entId；body 可带 pageNo, pageSize）',
  tags: infoTags,
  access: 'public',
  write: false,
  query: z.object({ id: optionalId }),
  body: pageSchema.extend({ entId: optionalId }),
  response: pageResponse(financingRowSchema),
});

export const getEnterpriseManageInfo = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-manage-info/get',
  summary: '经营信息：规模、参保、上市、最新年报、融资与荣誉概况、产业链（entId 或 entName）',
  tags: infoTags,
  access: 'public',
  query: z
    .object({ entId: optionalId, entName: optionalText })
    .refine((q) => q.entId || q.entName, { message: '请提供 entId 或 entName' }),
  response: manageInfoSchema,
});

// ---------------------------------------------------------------------------------------------
// /shuzhituoke/enterprise-relationship-map: graphs (public, visitors limited per IP)

export const getEnterpriseMap = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-relationship-map/ent-map',
  summary:
    '企业图谱：中心企业及法定代表人、股东、主要人员、对外投资、分支机构（keyword 名称或信用代码，或 id）',
  tags: graphTags,
  access: 'public',
  query: keywordRefSchema,
  response: graphDataSchema,
});

export const getRelationshipMap = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-relationship-map/relationship-map',
  summary: '关系图谱：两层关系（关联企业的股东与投资、关联人员的同名同城市企业）（keyword 或 id）',
  tags: graphTags,
  access: 'public',
  query: keywordRefSchema,
  response: graphDataSchema,
});

export const getNextEnterpriseRing = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-relationship-map/next-ent',
  summary: '展开企业节点：加载该企业的下一层关系（id 或 keyword）',
  tags: graphTags,
  access: 'public',
  query: keywordRefSchema,
  response: graphDataSchema,
});

export const getNextPersonRing = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-relationship-map/next-main-person',
  summary:
    '展开人员节点：该人员（同名、与所在企业同城市）任职或持股的企业（personName + 所在企业 id 或 keyword）',
  tags: graphTags,
  access: 'public',
  query: keywordRefSchema.and(
    z.object({ personName: z.string().trim().min(1, '请提供人员姓名').max(50) }),
  ),
  response: graphDataSchema,
});

export const getEquityPenetration = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-relationship-map/equity-penetration',
  summary:
    '股权穿透树：direction=parent 向上（股东）或 children 向下（对外投资），depth 1-5 默认 3（keyword 或 id）',
  tags: graphTags,
  access: 'public',
  query: keywordRefSchema.and(
    z.object({
      direction: z.enum(['parent', 'children']).default('parent'),
      depth: z.coerce.number().int().min(1).max(EQUITY_MAX_DEPTH).default(3),
    }),
  ),
  response: equityTreeNodeSchema,
});

export const getActualController = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-relationship-map/actual-person-map',
  summary: '实际控制人：沿最大股东向上追溯至自然人，含累计持股比例、控制路径与图（keyword 或 id）',
  tags: graphTags,
  access: 'public',
  query: keywordRefSchema,
  response: actualControllerSchema,
});
