import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { contactSummarySchema } from '@/lib/shared/enterprise/enterprise.contract';
import { WYW_BATCH_MAX, WYW_LOCKED_MODES, WYW_TEXT } from './wyw.constants';

const tags = ['线索管理'];

/** The batch lead-export job as the overlay sees it (spec 3). */
export const wywJobStateSchema = z.object({
  jobId: z.number().int(),
  /** 0 running (or waiting), 1 finished, 2 stopped, 3 failed */
  status: z.number().int(),
  newContactCompanyNum: z.number().int(),
  newContactNum: z.number().int(),
  processedCompanyNum: z.number().int(),
  totalCompanyNum: z.number().int(),
  /** Leads skipped because they were deleted (or left the caller's scope) during the job. */
  skippedNum: z.number().int(),
  /** Once finished (0 before): the counts of WywSummary, the same as in the file and 下载中心. */
  collectedCompanyNum: z.number().int(),
  exportedNum: z.number().int(),
  omittedNum: z.number().int(),
  maskedNum: z.number().int(),
  unlockedNum: z.number().int(),
  /** Once finished: wywSummaryText of those counts (the toast and the job's message), else null. */
  summary: z.string().nullable(),
  /** 0-100; 100 = done. */
  progressPercent: z.number().int(),
  fileName: z.string().nullable(),
  downloadable: z.boolean(),
  error: z.string().nullable(),
});
export type WywJobState = z.infer<typeof wywJobStateSchema>;

const clueIdsSchema = z
  .array(z.coerce.number().int().positive())
  .min(1, WYW_TEXT.noSelection)
  .max(WYW_BATCH_MAX, WYW_TEXT.tooMany);

export const batchWywBodySchema = z.object({
  clueIds: clueIdsSchema,
  /**
   * Leads whose company is not unlocked: unlock (against the quota, one unit per company), omit
   * (left out of the file) or mask (listed, contacts masked; the default).
   */
  locked: z.enum(WYW_LOCKED_MODES).default('mask'),
});

export const batchWywPreviewSchema = z.object({
  /** Selected leads in the caller's scope (those the export takes). */
  leadNum: z.number().int(),
  /** Of those, leads whose company the enterprise has not unlocked. */
  lockedNum: z.number().int(),
  /** Their distinct companies: unlocking all costs this many units of quota. */
  unlockCost: z.number().int(),
  /** Unlock quota left (monthly and grants). */
  remaining: z.number().int(),
  /** The caller may unlock (permission) and the quota covers unlockCost. */
  canUnlock: z.boolean(),
  /** Why not, in Chinese; null when canUnlock. */
  unlockBlocked: z.string().nullable(),
});
export type BatchWywPreview = z.infer<typeof batchWywPreviewSchema>;

export const batchWywPreview = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/batch-wyw-preview',
  summary:
    '批量导出前：所选线索（按数据权限）中联系方式未解锁的条数、解锁全部所需额度与剩余额度，供选择解锁后导出或只导出已解锁的',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:export',
  body: z.object({ clueIds: clueIdsSchema }),
  response: batchWywPreviewSchema,
});

export const batchWywStartedSchema = z.object({
  jobId: z.number().int(),
  /** false: a batch of the caller was already running; that one is returned. */
  created: z.boolean(),
  state: wywJobStateSchema,
});
export type BatchWywStarted = z.infer<typeof batchWywStartedSchema>;

export const batchWywContactByClue = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/batch-wyw-contact-by-clue',
  summary:
    '批量导出：对所选线索（clueIds，按数据权限）重新全网采集联系方式并生成 导出.xlsx；后台任务。locked 决定未解锁企业的线索：unlock 按额度解锁后导出、omit 不导出、mask 打码导出（默认）。已有进行中的批量导出时返回该任务（created=false），不重复创建',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:export',
  body: batchWywBodySchema,
  response: batchWywStartedSchema,
});

export const getProgressWywJobId = defineContract({
  method: 'GET',
  path: '/szjk/enterprise/get-progress-wyw-job-id',
  summary: '当前用户进行中的批量导出任务 id（没有则为 null）；用于刷新或新标签页恢复进度',
  tags,
  access: 'user',
  response: z.number().int().nullable(),
});

export const deleteBatchWywJob = defineContract({
  method: 'DELETE',
  path: '/szjk/enterprise/delete-batch-wyw-job',
  summary: '终止批量导出（jobId；只能终止自己的任务）：停止采集，已采集的联系方式保留',
  tags,
  access: 'tenant',
  query: z.object({ jobId: z.coerce.number().int().positive() }),
  response: z.boolean(),
});

export const getBatchWywJob = defineContract({
  method: 'GET',
  path: '/szjk/enterprise/get-batch-wyw-job',
  summary:
    '批量导出任务状态（jobId；只能查看自己的任务）。与 WebSocket /websocket/wyw/get-batch-wyw-job 的回复相同，连接断开时轮询此接口',
  tags,
  access: 'user',
  query: z.object({ jobId: z.coerce.number().int().positive() }),
  response: wywJobStateSchema,
});

export const wywCollectedSchema = z.object({
  entId: z.number().int(),
  /** Contacts the source returned this time. */
  foundCount: z.number().int(),
  /** Of those, not known before (stored now). */
  newCount: z.number().int(),
  collectTime: z.string(),
  /** The company's contacts after collecting: masked unless the caller's enterprise unlocked it. */
  contacts: contactSummarySchema,
});
export type WywCollected = z.infer<typeof wywCollectedSchema>;

export const wywCollect = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/wyw-collect',
  summary:
    '挖一挖：对一家企业全网采集联系方式并保存新发现的（entId）；返回本次发现数、新增数和联系方式（未解锁打码，不扣解锁额度）',
  tags: ['企业数据'],
  access: 'tenant',
  // It asks the paid contact provider (issue 28 item 6).
  permission: 'szjk:enterprise:wyw',
  expensive: true,
  body: z.object({ entId: z.coerce.number().int().positive() }),
  response: wywCollectedSchema,
});
