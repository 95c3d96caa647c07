import { and, count, desc, lt } from 'drizzle-orm';
import { clues } from '@/db/schema';
import { CLUE_STATUS_NAMES, type ClueStatus } from '@/lib/shared/clue/clue.constants';
import {
  CLUE_EXPORT_KIND,
  EXPORT_FILE_NAME,
  EXPORT_PAGE_ROWS,
} from '@/lib/shared/clue-io/clue-io.constants';
import { clueExportSchema, type ClueExportQuery } from '@/lib/shared/clue-io/clue-io.contract';
import type { ClueView } from '@/lib/shared/clue/clue.contract';
import { getDb, defineJobKind } from '@/lib/server/platform';
import { ownerScope } from '@/lib/server/identity';
import { clueWhere } from '../clue/clue-query';
import { toViews } from '../clue/clue.service';
import { writeXlsx } from './spreadsheet';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** China time, minutes: 2026-11-25 09:30. */
export function chinaTime(ms: number | null): string {
  if (ms === null) return '';
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

const COLUMNS: { header: string; width?: number; value: (c: ClueView) => string | number }[] = [
  { header: '线索名称', width: 30, value: (c) => c.name },
  { header: '统一社会信用代码', width: 22, value: (c) => c.creditCode ?? '' },
  { header: '状态', width: 10, value: (c) => CLUE_STATUS_NAMES[c.status as ClueStatus] ?? '' },
  { header: '无效原因', value: (c) => c.invalidReason ?? '' },
  { header: '来源', width: 12, value: (c) => c.source },
  { header: '跟进人', width: 12, value: (c) => c.followUserName ?? '' },
  { header: '联系人', width: 12, value: (c) => c.contactName ?? '' },
  { header: '手机号', width: 14, value: (c) => c.contactMobile ?? '' },
  { header: '座机', width: 16, value: (c) => c.contactPhone ?? '' },
  { header: '邮箱', width: 22, value: (c) => c.contactEmail ?? '' },
  { header: '网址', width: 26, value: (c) => c.website ?? '' },
  { header: '微信号', value: (c) => c.wechat ?? '' },
  { header: '地区', width: 22, value: (c) => c.regionName ?? '' },
  { header: '行业', width: 20, value: (c) => c.industryName ?? '' },
  { header: '地址', width: 30, value: (c) => c.address ?? '' },
  { header: '备注', width: 30, value: (c) => c.remark ?? '' },
  { header: '下次跟进时间', width: 18, value: (c) => chinaTime(c.nextFollowTime) },
  { header: '最近跟进时间', width: 18, value: (c) => chinaTime(c.lastFollowTime) },
  { header: '跟进次数', width: 10, value: (c) => c.followCount },
  { header: '创建时间', width: 18, value: (c) => chinaTime(c.createTime) },
];
export const EXPORT_HEADERS = COLUMNS.map((c) => c.header);

/**
 * clue_export: the whole filtered set under the member's data scope (as it is when the job runs),
 * newest first, read in keyset pages of EXPORT_PAGE_ROWS by id and streamed into the workbook.
 * It writes nothing to the database, so a resumed attempt simply starts over.
 */
export const clueExportJob = defineJobKind<ClueExportQuery, null>({
  kind: CLUE_EXPORT_KIND,
  params: clueExportSchema,
  async run(ctx) {
    if (ctx.tenantId === null) throw new Error('没有所属企业，不能导出线索');
    const tenantId = ctx.tenantId;
    const db = getDb();
    const scope = await ownerScope({ userId: ctx.userId, tenantId });
    const where = clueWhere(tenantId, scope, ctx.params);
    const [{ n: total }] = await db.select({ n: count() }).from(clues).where(where);
    await ctx.progress({ total, processed: 0, message: '导出中' });
    let written = 0;
    const data = await writeXlsx(
      [{ name: '线索', columns: COLUMNS.map((c) => ({ header: c.header, width: c.width })) }],
      async (add) => {
        let after: number | null = null;
        for (;;) {
          const rows = await db
            .select()
            .from(clues)
            .where(after === null ? where : and(where, lt(clues.id, after)))
            .orderBy(desc(clues.id))
            .limit(EXPORT_PAGE_ROWS);
          if (rows.length === 0) break;
          for (const view of await toViews(rows))
            add(
              0,
              COLUMNS.map((c) => c.value(view)),
            );
          written += rows.length;
          after = rows[rows.length - 1].id;
          await ctx.progress({
            processed: written,
            total: Math.max(total, written),
            message: `已导出 ${written} 条`,
          });
          if (rows.length < EXPORT_PAGE_ROWS) break;
        }
      },
    );
    await ctx.saveFile({ name: EXPORT_FILE_NAME, mime: XLSX, data });
    return { result: { rows: written }, message: `共导出 ${written} 条线索` };
  },
});
