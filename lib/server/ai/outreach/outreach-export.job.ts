import { asc, eq, gt, and } from 'drizzle-orm';
import { z } from 'zod';
import { outreachContacts, outreachTasks } from '@/db/schema';
import {
  OUTREACH_EXPORT_FILE_NAME,
  OUTREACH_EXPORT_KIND,
  OUTREACH_STATE_TEXT,
  OUTREACH_END_TEXT,
} from '@/lib/shared/ai/outreach.constants';
import { defineJobKind, getDb, XLSX_MIME } from '@/lib/server/platform';
import { writeXlsx } from '@/lib/server/crm';

const COLUMNS = [
  { header: '序号', width: 8 },
  { header: '企业名称', width: 32 },
  { header: '联系人', width: 14 },
  { header: '手机号', width: 16 },
  { header: '结果', width: 10 },
  { header: '原因', width: 28 },
  { header: '发送时间', width: 20 },
  { header: '回应时间', width: 20 },
];
export const OUTREACH_EXPORT_HEADERS = COLUMNS.map((c) => c.header);

const time = (d: Date | null) =>
  d ? d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '';

/**
 * outreach_export: a task's per-contact results as 加微结果.xlsx in 下载中心. The numbers were
 * unlocked by the tenant (a task only uses unlocked mobiles), so they are written in full.
 */
export const outreachExportJob = defineJobKind<{ outreachTaskId: number }, null>({
  kind: OUTREACH_EXPORT_KIND,
  params: z.object({ outreachTaskId: z.number().int().positive() }),
  async run(ctx) {
    const [task] = await getDb()
      .select()
      .from(outreachTasks)
      .where(eq(outreachTasks.id, ctx.params.outreachTaskId));
    if (!task || task.tenantId !== ctx.tenantId) throw new Error('加微任务不存在');
    await ctx.progress({ total: task.total, processed: 0, message: '生成导出文件' });
    let rows = 0;
    const data = await writeXlsx(
      [
        { name: '加微结果', columns: COLUMNS },
        {
          name: '汇总',
          columns: [
            { header: '项目', width: 16 },
            { header: '数量', width: 12 },
          ],
        },
      ],
      async (add) => {
        let after = -1;
        for (;;) {
          const page = await getDb()
            .select()
            .from(outreachContacts)
            .where(and(eq(outreachContacts.taskId, task.id), gt(outreachContacts.seq, after)))
            .orderBy(asc(outreachContacts.seq))
            .limit(1000);
          if (page.length === 0) break;
          for (const c of page) {
            rows += 1;
            add(0, [
              c.seq + 1,
              c.entName,
              c.personName ?? '',
              c.mobile ?? '',
              OUTREACH_STATE_TEXT[c.state] ?? '',
              c.reason ?? '',
              time(c.sentAt),
              time(c.answeredAt),
            ]);
          }
          after = page[page.length - 1].seq;
        }
        const summary: [string, number | string][] = [
          ['任务', task.title],
          ['状态', task.endReason ? OUTREACH_END_TEXT[task.endReason] : '进行中'],
          ['联系人', task.total],
          ['已通过', task.accepted],
          ['已拒绝', task.refused],
          ['等待回应', task.sent],
          ['失败', task.failed],
          ['跳过', task.skipped],
        ];
        for (const r of summary) add(1, r);
      },
    );
    await ctx.saveFile({ name: OUTREACH_EXPORT_FILE_NAME, mime: XLSX_MIME, data });
    return { result: { rows }, message: `已导出 ${rows} 个联系人的加微结果` };
  },
});
