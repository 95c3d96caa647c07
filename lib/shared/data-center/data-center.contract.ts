import { z } from 'zod';
import { defineContract, epochMs, pageResponse } from '@/lib/shared/api/contract';
import { crmId as id, pageSizeMessage, paging } from '@/lib/shared/crm/crm.schemas';
import {
  ASSET_KEYS,
  DATA_CENTER_MERGE_PERMISSION,
  DATA_CENTER_MESSAGES as M,
  DATA_CENTER_PAGE_SIZE_MAX,
  DATA_CENTER_QUERY_PERMISSION,
  DUPLICATE_KEYS,
  ISSUE_KINDS,
  MERGE_MAX,
} from './data-center.constants';

const tags = ['数据中心'];
const count = z.number().int();

export const assetSchema = z.object({
  key: z.enum(ASSET_KEYS),
  name: z.string(),
  total: count,
  /** New in the trend's days. */
  recent: count,
});

export const assetDaySchema = z.object({
  /** China day, YYYY-MM-DD. */
  day: z.string(),
  unlock: count,
  clue: count,
  customer: count,
  contact: count,
});

export const transferJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  direction: z.enum(['import', 'export']),
  kindName: z.string(),
  title: z.string(),
  status: z.string(),
  userName: z.string().nullable(),
  /** Rows imported or exported, when the job says. */
  rows: count.nullable(),
  /** The caller's own job: its file is in the caller's 下载中心. */
  mine: z.boolean(),
  createTime: epochMs,
  finishTime: epochMs.nullable(),
});
export type TransferJob = z.infer<typeof transferJobSchema>;

export const dataCenterOverviewSchema = z.object({
  days: count,
  /** Empty when the scope holds no asset at all (an empty state, not zeros). */
  assets: z.array(assetSchema),
  /** One row per day of the trend; empty when nothing was added in those days. */
  trend: z.array(assetDaySchema),
  history: z.object({ total: count, list: z.array(transferJobSchema) }),
});
export type DataCenterOverview = z.infer<typeof dataCenterOverviewSchema>;

export const duplicateStatSchema = z.object({ groups: count, leads: count });

export const dataQualitySchema = z.object({
  /** Live leads and customers in the scope: 0 means there is nothing to judge yet. */
  leads: count,
  customers: count,
  noContact: count,
  noOwner: count,
  duplicates: z.object({ creditCode: duplicateStatSchema, name: duplicateStatSchema }),
});
export type DataQuality = z.infer<typeof dataQualitySchema>;

export const duplicateLeadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  ownerName: z.string().nullable(),
  status: z.number().int(),
  converted: z.boolean(),
  followCount: count,
  hasContact: z.boolean(),
  createTime: epochMs,
});
export type DuplicateLead = z.infer<typeof duplicateLeadSchema>;

export const duplicateGroupSchema = z.object({
  /** The shared credit code or name (as the first lead spells it). */
  key: z.string(),
  leads: z.array(duplicateLeadSchema),
  /** The lead the merge proposes to keep (suggestKept). */
  suggestedKeepId: z.number().int(),
});
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;

export const duplicatePageQuerySchema = z.object({
  ...paging(DATA_CENTER_PAGE_SIZE_MAX, pageSizeMessage(DATA_CENTER_PAGE_SIZE_MAX)),
  key: z.enum(DUPLICATE_KEYS),
});
export type DuplicatePageQuery = z.output<typeof duplicatePageQuerySchema>;

export const issueRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 跟进人 / 负责人; for 无负责人 the member who left (or null). */
  ownerName: z.string().nullable(),
  createTime: epochMs,
});
export type IssueRow = z.infer<typeof issueRowSchema>;

export const issuePageQuerySchema = z.object({
  ...paging(DATA_CENTER_PAGE_SIZE_MAX, pageSizeMessage(DATA_CENTER_PAGE_SIZE_MAX)),
  kind: z.enum(ISSUE_KINDS),
});
export type IssuePageQuery = z.output<typeof issuePageQuerySchema>;

export const mergeBodySchema = z
  .object({
    keepId: z.coerce.number({ error: M.keepRequired }).int().positive(M.keepRequired),
    mergeIds: z.array(id).min(1, M.mergeRequired).max(MERGE_MAX, M.tooMany),
  })
  .refine((v) => !v.mergeIds.includes(v.keepId), { message: M.keepInMerged, path: ['mergeIds'] });
export type MergeBody = z.output<typeof mergeBodySchema>;

export const mergeResultSchema = z.object({
  keptId: z.number().int(),
  merged: count,
  movedFollowUps: count,
  /** Contact fields of the kept lead filled in from the merged ones. */
  filledFields: count,
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

export const getDataCenterOverview = defineContract({
  method: 'GET',
  path: '/szjk/data-center/overview',
  summary:
    '数据中心：已解锁企业、线索、客户、联系人的总数与近 30 天趋势，导入导出记录（按数据权限）',
  tags,
  access: 'tenant',
  permission: DATA_CENTER_QUERY_PERMISSION,
  expensive: true,
  response: dataCenterOverviewSchema,
});

export const getDataQuality = defineContract({
  method: 'GET',
  path: '/szjk/data-center/quality',
  summary:
    '数据质量：无联系方式的线索、重复线索（信用代码 / 名称）、负责人已离职的客户（按数据权限）',
  tags,
  access: 'tenant',
  permission: DATA_CENTER_QUERY_PERMISSION,
  expensive: true,
  response: dataQualitySchema,
});

export const duplicatePage = defineContract({
  method: 'POST',
  path: '/szjk/data-center/duplicate-page',
  summary: '重复线索分组（按信用代码或名称，组内线索均在数据权限内）',
  tags,
  access: 'tenant',
  permission: DATA_CENTER_QUERY_PERMISSION,
  expensive: true,
  write: false,
  body: duplicatePageQuerySchema,
  response: pageResponse(duplicateGroupSchema),
});

export const issuePage = defineContract({
  method: 'POST',
  path: '/szjk/data-center/issue-page',
  summary: '数据质量问题明细：无联系方式的线索（noContact）或负责人已离职的客户（noOwner）',
  tags,
  access: 'tenant',
  permission: DATA_CENTER_QUERY_PERMISSION,
  expensive: true,
  write: false,
  body: issuePageQuerySchema,
  response: pageResponse(issueRowSchema),
});

export const mergeClues = defineContract({
  method: 'POST',
  path: '/szjk/data-center/merge',
  summary:
    '合并重复线索：跟进记录移到保留的线索，空缺的联系方式补齐，被合并的线索移入回收站（恢复即撤销合并）',
  tags,
  access: 'tenant',
  permission: DATA_CENTER_MERGE_PERMISSION,
  body: mergeBodySchema,
  response: mergeResultSchema,
});
