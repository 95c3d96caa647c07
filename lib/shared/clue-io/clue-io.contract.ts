import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { cluePageSchema } from '@/lib/shared/clue/clue.contract';
import { jobViewSchema } from '@/lib/shared/jobs/job.contract';
import { IMPORT_MAX_BYTES } from './clue-io.constants';

const tags = ['线索管理'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Filters of an export: those of the lead page, without paging (the whole filtered set). */
export const clueExportSchema = cluePageSchema.omit({ pageNo: true, pageSize: true });
export type ClueExportQuery = z.output<typeof clueExportSchema>;

/** Result of a finished import job (JobView.result). */
export const clueImportResultSchema = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type ClueImportResult = z.infer<typeof clueImportResultSchema>;

export const getClueImportTemplate = defineContract({
  method: 'GET',
  path: '/szjk/clue/get-import-template',
  summary: '下载线索导入模板（.xlsx：线索表头与示例行、填写说明）',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:import',
  response: z.null(),
  responseKind: 'file',
  fileType: XLSX,
});

export const importClues = defineContract({
  method: 'POST',
  path: '/szjk/clue/import',
  summary:
    '导入线索（表单字段 file：.xlsx 或 .csv，≤20MB，≤100,000 行，表头同模板）；后台任务，data 为任务',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:import',
  bodyType: 'multipart',
  maxUploadBytes: IMPORT_MAX_BYTES,
  response: jobViewSchema,
});

export const exportClueImportFailures = defineContract({
  method: 'POST',
  path: '/szjk/clue/export-fail',
  summary: '下载一次线索导入的失败明细（行号、原始内容、失败原因；只能下载自己的导入）',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:import',
  write: false,
  body: z.object({ jobId: z.coerce.number().int().positive() }),
  response: z.null(),
  responseKind: 'file',
  fileType: XLSX,
});

export const exportClues = defineContract({
  method: 'POST',
  path: '/szjk/clue/export',
  summary: '导出线索（当前筛选的全部结果，按数据权限）；后台任务，完成后在下载中心下载',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:export',
  expensive: true,
  body: clueExportSchema,
  response: jobViewSchema,
});
