import { z } from 'zod';
import { defineContract, epochMs, pageResponse } from '@/lib/shared/api/contract';
import { JOB_STATUSES } from './job.types';

const tags = ['下载中心'];

export const jobViewSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  processed: z.number().int(),
  total: z.number().int().nullable(),
  percent: z.number().int(),
  message: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  downloadable: z.boolean(),
  createTime: epochMs,
  finishTime: epochMs.nullable(),
  expireTime: epochMs.nullable(),
});

const idQuery = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

export const getJobPage = defineContract({
  method: 'GET',
  path: '/szjk/job/page',
  summary: '下载中心：我的导出、导入与后台任务（新的在前）',
  tags,
  access: 'user',
  query: z.object({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    status: z.enum(JOB_STATUSES).optional(),
  }),
  response: pageResponse(jobViewSchema),
});

export const getJob = defineContract({
  method: 'GET',
  path: '/szjk/job/get',
  summary: '一个任务的进度与结果（只能查看自己的任务）',
  tags,
  access: 'user',
  query: idQuery,
  response: jobViewSchema,
});

export const cancelJob = defineContract({
  method: 'PUT',
  path: '/szjk/job/cancel',
  summary: '取消任务：排队中的立即取消，进行中的在当前一步完成后停止',
  tags,
  access: 'user',
  query: idQuery,
  response: jobViewSchema,
});

export const deleteJob = defineContract({
  method: 'DELETE',
  path: '/szjk/job/delete',
  summary: '从下载中心删除任务及其文件（进行中的先取消）',
  tags,
  access: 'user',
  query: idQuery,
  response: z.boolean(),
});

export const downloadJobFile = defineContract({
  method: 'GET',
  path: '/szjk/job/download',
  summary: '下载任务的结果文件（已完成且未过期）',
  tags,
  access: 'user',
  write: false,
  query: idQuery,
  response: z.null(),
  responseKind: 'file',
  fileType: 'application/octet-stream',
});
