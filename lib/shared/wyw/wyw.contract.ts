import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { contactSummarySchema } from '@/lib/shared/enterprise/enterprise.contract';
import { WYW_BATCH_MAX, WYW_TEXT } from './wyw.constants';

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
  /** 0-100; 100 = done. */
  progressPercent: z.number().int(),
  fileName: z.string().nullable(),
  downloadable: z.boolean(),
  error: z.string().nullable(),
});
export type WywJobState = z.infer<typeof wywJobStateSchema>;

export const batchWywBodySchema = z.object({
  clueIds: z
    .array(z.coerce.number().int().positive())
    .min(1, WYW_TEXT.noSelection)
    .max(WYW_BATCH_MAX, WYW_TEXT.tooMany),
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
    '批量导出：对所选线索（clueIds，按数据权限）重新全网采集联系方式并生成 导出.xlsx；后台任务。已有进行中的批量导出时返回该任务（created=false），不重复创建',
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
