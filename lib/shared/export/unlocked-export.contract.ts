import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';

/**
 * Export of the 已解锁企业 list (issue 13): the rows the caller's data scope reaches, as the list
 * shows them; capped by the edition's export rows.
 */
export const exportUnlockedEnterprises = defineContract({
  method: 'POST',
  path: '/szjk/enterprise/unlock-export',
  summary:
    '导出已解锁企业为 导出.xlsx（按数据范围；keyword 同列表）；条数上限为版本的导出上限（超出 1004012002）',
  tags: ['企业'],
  access: 'tenant',
  permission: 'szjk:enterprise:export',
  write: false,
  expensive: true,
  body: z.object({ keyword: z.string().trim().max(100).optional().nullable() }),
  response: z.null(),
  responseKind: 'file',
  fileType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});
