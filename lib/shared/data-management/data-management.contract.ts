import { z } from 'zod';
import { defineContract, epochMs } from '@/lib/shared/api/contract';
import { jobViewSchema } from '@/lib/shared/jobs/job.contract';
import { idList, keyword, pageSizeMessage, paging } from '@/lib/shared/crm/crm.schemas';
import {
  DATA_BULK_MAX,
  DATA_ENTITIES,
  DATA_EXPORT_PERMISSION,
  DATA_MANAGE_PERMISSION,
  DATA_MESSAGES as M,
  DATA_PAGE_SIZE_MAX,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
} from './data-management.constants';

const tags = ['数据管理'];
const entity = z.enum(DATA_ENTITIES, { error: M.entityInvalid });
const ids = idList(DATA_BULK_MAX, M);

const countsSchema = z.object({ live: z.number().int(), deleted: z.number().int() });

export const dataOverviewSchema = z.object({
  clue: countsSchema,
  customer: countsSchema,
  opportunity: countsSchema,
  followUps: z.number().int(),
  retentionDays: z.number().int(),
});
export type DataOverview = z.infer<typeof dataOverviewSchema>;

export const dataRecordSchema = z.object({
  entity,
  id: z.number().int(),
  name: z.string(),
  /** 跟进人 / 负责人 */
  ownerName: z.string().nullable(),
  createTime: epochMs,
  deleteTime: epochMs.nullable(),
  deletedByName: z.string().nullable(),
  /** When the recycle bin removes it for good (deleted records only). */
  purgeTime: epochMs.nullable(),
});
export type DataRecord = z.infer<typeof dataRecordSchema>;

export const dataRecordsQuerySchema = z.object({
  ...paging(DATA_PAGE_SIZE_MAX, pageSizeMessage(DATA_PAGE_SIZE_MAX)),
  entity,
  /** true: the recycle bin. */
  deleted: z.boolean().default(false),
  keyword,
});
export type DataRecordsQuery = z.output<typeof dataRecordsQuerySchema>;

export const bulkResultSchema = z.object({
  done: z.number().int(),
  failed: z.array(z.object({ id: z.number().int(), name: z.string(), reason: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const getDataOverview = defineContract({
  method: 'GET',
  path: '/szjk/data-management/overview',
  summary: '数据概况：线索、客户、商机的在用与回收站条数，回收站保留天数',
  tags,
  access: 'tenant',
  permission: DATA_MANAGE_PERMISSION,
  response: dataOverviewSchema,
});

export const dataRecordPage = defineContract({
  method: 'POST',
  path: '/szjk/data-management/record-page',
  summary: '本企业的线索、客户或商机（deleted=true 为回收站），不受数据权限限制',
  tags,
  access: 'tenant',
  permission: DATA_MANAGE_PERMISSION,
  expensive: true,
  body: dataRecordsQuerySchema,
  response: z.object({ list: z.array(dataRecordSchema), total: z.number().int() }),
});

/** One bulk action over rows of one kind (delete, restore, purge): all answer a bulk result. */
const bulkAction = <const A extends string>(action: A, summary: string) =>
  defineContract({
    method: 'POST',
    path: `/szjk/data-management/${action}`,
    summary,
    tags,
    access: 'tenant',
    permission: DATA_MANAGE_PERMISSION,
    body: z.object({ entity, ids }),
    response: bulkResultSchema,
  });

export const bulkDeleteData = bulkAction('delete', '批量删除（移入回收站）；全部成功或全部不做');
export const bulkRestoreData = bulkAction('restore', '从回收站批量恢复；不能恢复的逐条说明原因');
export const purgeData = bulkAction('purge', '从回收站彻底删除（不可恢复）');

export const updateDataSettings = defineContract({
  method: 'PUT',
  path: '/szjk/data-management/settings',
  summary: '回收站保留天数（到期后自动彻底删除）',
  tags,
  access: 'tenant',
  permission: DATA_MANAGE_PERMISSION,
  body: z.object({
    retentionDays: z.coerce
      .number({ error: M.retentionInvalid })
      .int(M.retentionInvalid)
      .min(RETENTION_DAYS_MIN, M.retentionInvalid)
      .max(RETENTION_DAYS_MAX, M.retentionInvalid),
  }),
  response: z.boolean(),
});

export const exportAllData = defineContract({
  method: 'POST',
  path: '/szjk/data-management/export',
  summary: '导出本企业全部数据（线索、跟进记录、客户、商机，一个 .xlsx）；后台任务，在下载中心下载',
  tags,
  access: 'tenant',
  permission: DATA_EXPORT_PERMISSION,
  expensive: true,
  response: jobViewSchema,
});
