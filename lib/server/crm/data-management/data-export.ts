import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  clueFollowUps,
  clues,
  customerFollowUps,
  customers,
  opportunities,
  opportunityStages,
} from '@/db/schema';
import { CLUE_STATUS_NAMES, type ClueStatus } from '@/lib/shared/clue/clue.constants';
import {
  OPPORTUNITY_STATUS_NAMES,
  type OpportunityStatus,
} from '@/lib/shared/opportunity/opportunity.constants';
import {
  DATA_EXPORT_FILE_NAME,
  DATA_EXPORT_KIND,
} from '@/lib/shared/data-management/data-management.constants';
import { defineJobKind, getDb } from '@/lib/server/platform';
import { writeXlsx } from '../clue-io/spreadsheet';
import { chinaTime } from '../clue-io/clue-export';
import { tenantCodeGroups } from '../code-group/code-group.service';
import { userNames } from '../crm-query';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PAGE = 2000;
const t = (d: Date | null) => (d ? chinaTime(d.getTime()) : '');

type Col<R> = { header: string; width?: number; value: (r: R) => string | number };
type Sheet<R> = {
  name: string;
  table: PgTable;
  id: AnyPgColumn;
  tenant: AnyPgColumn;
  live?: AnyPgColumn;
  columns: Col<R>[];
};

/**
 * data_export (数据管理, ADR 0183): everything the tenant owns, live records only, one sheet each —
 * 线索, 线索跟进, 客户, 客户跟进, 商机 — in one .xlsx, read in id order in pages. Codes show their
 * labels from the tenant's code groups. It writes nothing, so a resumed attempt starts over.
 */
export const dataExportJob = defineJobKind<Record<string, never>, null>({
  kind: DATA_EXPORT_KIND,
  params: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  async run(ctx) {
    if (ctx.tenantId === null) throw new Error('没有所属企业，不能导出数据');
    const tenantId = ctx.tenantId;
    const db = getDb();
    const groups = await tenantCodeGroups(tenantId, db);
    const label = (key: string, code: string | null) =>
      code
        ? (groups.find((g) => g.key === key)?.values.find((v) => v.code === code)?.label ?? code)
        : '';
    const stages = new Map(
      (
        await db
          .select({ id: opportunityStages.id, name: opportunityStages.name })
          .from(opportunityStages)
          .where(eq(opportunityStages.tenantId, tenantId))
      ).map((s) => [s.id, s.name]),
    );
    let names = new Map<number, string>();
    const who = (id: number | null) => (id ? (names.get(id) ?? '') : '');

    type ClueRow = typeof clues.$inferSelect;
    type CustomerRow = typeof customers.$inferSelect;
    type OppRow = typeof opportunities.$inferSelect;
    type FollowRow = {
      id: number;
      userId: number;
      channel: string;
      content: string;
      nextFollowAt: Date | null;
      createdAt: Date;
      clueId?: number;
      customerId?: number;
    };
    const followCols = (of: string, key: 'clueId' | 'customerId'): Col<FollowRow>[] => [
      { header: `${of} ID`, value: (r) => r[key] ?? '' },
      { header: '跟进人', width: 12, value: (r) => who(r.userId) },
      { header: '跟进方式', value: (r) => label('followUpChannel', r.channel) },
      { header: '跟进内容', width: 50, value: (r) => r.content },
      { header: '下次跟进时间', width: 18, value: (r) => t(r.nextFollowAt) },
      { header: '跟进时间', width: 18, value: (r) => t(r.createdAt) },
    ];
    const sheets = [
      {
        name: '线索',
        table: clues,
        id: clues.id,
        tenant: clues.tenantId,
        live: clues.deletedAt,
        columns: [
          { header: '线索 ID', value: (r) => r.id },
          { header: '线索名称', width: 30, value: (r) => r.name },
          { header: '统一社会信用代码', width: 22, value: (r) => r.creditCode ?? '' },
          { header: '状态', value: (r) => CLUE_STATUS_NAMES[r.status as ClueStatus] ?? '' },
          { header: '来源', width: 12, value: (r) => label('clueSource', r.source) },
          { header: '跟进人', width: 12, value: (r) => who(r.ownerUserId) },
          { header: '联系人', value: (r) => r.contactName ?? '' },
          { header: '手机号', width: 14, value: (r) => r.contactMobile ?? '' },
          { header: '座机', width: 16, value: (r) => r.contactPhone ?? '' },
          { header: '邮箱', width: 22, value: (r) => r.contactEmail ?? '' },
          { header: '地址', width: 30, value: (r) => r.address ?? '' },
          { header: '备注', width: 30, value: (r) => r.remark ?? '' },
          { header: '创建时间', width: 18, value: (r) => t(r.createdAt) },
        ],
      } satisfies Sheet<ClueRow>,
      {
        name: '线索跟进',
        table: clueFollowUps,
        id: clueFollowUps.id,
        tenant: clueFollowUps.tenantId,
        columns: followCols('线索', 'clueId'),
      } satisfies Sheet<FollowRow>,
      {
        name: '客户',
        table: customers,
        id: customers.id,
        tenant: customers.tenantId,
        live: customers.deletedAt,
        columns: [
          { header: '客户 ID', value: (r) => r.id },
          { header: '客户名称', width: 30, value: (r) => r.name },
          { header: '统一社会信用代码', width: 22, value: (r) => r.creditCode ?? '' },
          { header: '级别', value: (r) => label('customerLevel', r.level) },
          { header: '来源', width: 12, value: (r) => label('clueSource', r.source) },
          { header: '标签', width: 20, value: (r) => r.tags.join('、') },
          { header: '负责人', width: 12, value: (r) => who(r.ownerUserId) },
          {
            header: '联系人',
            width: 30,
            value: (r) =>
              r.contacts
                .map((c) => [c.name, c.mobile ?? c.phone ?? ''].join(' ').trim())
                .join('；'),
          },
          { header: '地址', width: 30, value: (r) => r.address ?? '' },
          { header: '备注', width: 30, value: (r) => r.remark ?? '' },
          { header: '来自线索 ID', value: (r) => r.fromClueId ?? '' },
          { header: '创建时间', width: 18, value: (r) => t(r.createdAt) },
        ],
      } satisfies Sheet<CustomerRow>,
      {
        name: '客户跟进',
        table: customerFollowUps,
        id: customerFollowUps.id,
        tenant: customerFollowUps.tenantId,
        columns: followCols('客户', 'customerId'),
      } satisfies Sheet<FollowRow>,
      {
        name: '商机',
        table: opportunities,
        id: opportunities.id,
        tenant: opportunities.tenantId,
        columns: [
          { header: '商机 ID', value: (r) => r.id },
          { header: '商机名称', width: 30, value: (r) => r.name },
          { header: '客户 ID', value: (r) => r.customerId },
          { header: '金额（元）', width: 14, value: (r) => r.amount / 100 },
          { header: '阶段', value: (r) => stages.get(r.stageId) ?? '' },
          {
            header: '状态',
            value: (r) => OPPORTUNITY_STATUS_NAMES[r.status as OpportunityStatus] ?? r.status,
          },
          { header: '赢单概率', value: (r) => `${r.probability}%` },
          { header: '预计成交日期', width: 14, value: (r) => r.expectedCloseDate ?? '' },
          { header: '输单原因', width: 20, value: (r) => r.lostReason ?? '' },
          { header: '负责人', width: 12, value: (r) => who(r.ownerUserId) },
          { header: '备注', width: 30, value: (r) => r.remark ?? '' },
          { header: '创建时间', width: 18, value: (r) => t(r.createdAt) },
        ],
      } satisfies Sheet<OppRow>,
    ] as unknown as Sheet<Record<string, unknown>>[];

    await ctx.progress({ total: sheets.length, processed: 0, message: '导出中' });
    let written = 0;
    const data = await writeXlsx(
      sheets.map((s) => ({
        name: s.name,
        columns: s.columns.map((c) => ({ header: c.header, width: c.width })),
      })),
      async (add) => {
        for (const [i, s] of sheets.entries()) {
          let after = 0;
          for (;;) {
            const rows = (await db
              .select()
              .from(s.table)
              .where(
                and(eq(s.tenant, tenantId), gt(s.id, after), s.live ? isNull(s.live) : undefined),
              )
              .orderBy(asc(s.id))
              .limit(PAGE)) as Record<string, unknown>[];
            if (rows.length === 0) break;
            names = await userNames(
              rows.flatMap((r) => [r.ownerUserId, r.userId].filter((x) => typeof x === 'number')),
              db,
            );
            for (const r of rows)
              add(
                i,
                s.columns.map((c) => c.value(r)),
              );
            written += rows.length;
            after = rows[rows.length - 1].id as number;
            if (rows.length < PAGE) break;
          }
          await ctx.progress({
            processed: i + 1,
            total: sheets.length,
            message: `已导出${s.name}（共 ${written} 行）`,
          });
        }
      },
    );
    await ctx.saveFile({ name: DATA_EXPORT_FILE_NAME, mime: XLSX, data });
    return { result: { rows: written }, message: `共导出 ${written} 行数据` };
  },
});
