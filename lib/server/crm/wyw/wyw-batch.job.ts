import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clues, enterprises, wywBatchItems } from '@/db/schema';
import { maskContact } from '@/lib/shared/enterprise/mask';
import {
  WYW_BATCH_KIND,
  WYW_BATCH_MAX,
  WYW_EXPORT_FILE_NAME,
  WYW_OUTCOME,
  WYW_STEP_LEADS,
  WYW_TEXT,
  wywSuccessText,
} from '@/lib/shared/wyw/wyw.constants';
import { getDb, defineJobKind } from '@/lib/server/platform';
import { ownerScope, scopePredicate } from '@/lib/server/identity';
import { loadContactRows, unlockedIds } from '@/lib/server/enterprise';
import { writeXlsx } from '../clue-io/spreadsheet';
import { getContactSource } from '../contact-source';
import { collectAll, companyRefs, storeFound } from './collect';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const wywBatchParamsSchema = z.object({
  clueIds: z.array(z.number().int().positive()).min(1).max(WYW_BATCH_MAX),
});
export type WywBatchParams = z.infer<typeof wywBatchParamsSchema>;

/** Where the job stands; committed with every step (and read by the progress socket). */
export type WywCheckpoint = {
  /** Index in clueIds of the next lead to collect. */
  next: number;
  processed: number;
  newContactCompanyNum: number;
  newContactNum: number;
  skipped: number;
};

const START: WywCheckpoint = {
  next: 0,
  processed: 0,
  newContactCompanyNum: 0,
  newContactNum: 0,
  skipped: 0,
};

type Lead = {
  id: number;
  enterpriseId: number | null;
  name: string;
  creditCode: string | null;
};

/** The company of each lead: its linked company, else one with its credit code, else its exact name. */
async function companiesOf(leads: Lead[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const unlinked = leads.filter((l) => l.enterpriseId === null);
  for (const l of leads) if (l.enterpriseId !== null) out.set(l.id, l.enterpriseId);
  if (unlinked.length === 0) return out;
  const codes = unlinked.map((l) => l.creditCode?.toUpperCase()).filter((c): c is string => !!c);
  const names = unlinked.map((l) => l.name);
  const rows = await getDb()
    .select({ id: enterprises.id, uncid: enterprises.uncid, name: enterprises.name })
    .from(enterprises)
    .where(
      sql`(${enterprises.uncid} = any(${sql.param(codes)}::text[]) or ${enterprises.name} = any(${sql.param(names)}::text[]))`,
    )
    .orderBy(desc(enterprises.weight), asc(enterprises.id));
  const byCode = new Map<string, number>();
  const byName = new Map<string, number>();
  for (const r of rows) {
    if (!byCode.has(r.uncid)) byCode.set(r.uncid, r.id);
    if (!byName.has(r.name)) byName.set(r.name, r.id);
  }
  for (const l of unlinked) {
    const id =
      (l.creditCode ? byCode.get(l.creditCode.toUpperCase()) : undefined) ?? byName.get(l.name);
    if (id !== undefined) out.set(l.id, id);
  }
  return out;
}

const OUTCOME_TEXT: Record<number, string> = {
  [WYW_OUTCOME.collected]: '已采集',
  [WYW_OUTCOME.gone]: '线索已删除，已跳过',
  [WYW_OUTCOME.noCompany]: '未匹配到企业',
  [WYW_OUTCOME.sourceFailed]: '采集失败',
};

const COLUMNS = [
  { header: '线索名称', width: 30 },
  { header: '统一社会信用代码', width: 22 },
  { header: '企业名称', width: 30 },
  { header: '采集结果', width: 16 },
  { header: '本次新增联系方式', width: 10 },
  { header: '联系方式', width: 10 },
  { header: '手机', width: 30 },
  { header: '座机', width: 30 },
  { header: '邮箱', width: 30 },
  { header: '联系人', width: 24 },
];
export const WYW_EXPORT_HEADERS = COLUMNS.map((c) => c.header);

/** The 导出.xlsx: every lead of the job in selection order with the company's contacts. */
async function buildFile(jobId: number, tenantId: number): Promise<Buffer> {
  const db = getDb();
  return writeXlsx([{ name: '导出', columns: COLUMNS }], async (add) => {
    let after = -1;
    for (;;) {
      const items = await db
        .select({
          seq: wywBatchItems.seq,
          outcome: wywBatchItems.outcome,
          newCount: wywBatchItems.newCount,
          enterpriseId: wywBatchItems.enterpriseId,
          clueName: clues.name,
          creditCode: clues.creditCode,
          entName: enterprises.name,
          uncid: enterprises.uncid,
        })
        .from(wywBatchItems)
        .leftJoin(clues, and(eq(clues.id, wywBatchItems.clueId), eq(clues.tenantId, tenantId)))
        .leftJoin(enterprises, eq(enterprises.id, wywBatchItems.enterpriseId))
        .where(and(eq(wywBatchItems.jobId, jobId), sql`${wywBatchItems.seq} > ${after}`))
        .orderBy(asc(wywBatchItems.seq))
        .limit(500);
      if (items.length === 0) break;
      const entIds = [
        ...new Set(items.map((i) => i.enterpriseId).filter((id): id is number => id !== null)),
      ];
      const [contacts, unlocked] = await Promise.all([
        loadContactRows(entIds),
        unlockedIds(tenantId, entIds),
      ]);
      for (const it of items) {
        const open = it.enterpriseId !== null && unlocked.has(it.enterpriseId);
        const list = it.enterpriseId === null ? [] : (contacts.get(it.enterpriseId) ?? []);
        const values = (type: string) =>
          list
            .filter((c) => c.type === type)
            .map((c) => (open ? c.value : maskContact(type, c.value)))
            .join('；');
        const people = open
          ? [...new Set(list.map((c) => c.personName).filter((n): n is string => !!n))].join('；')
          : '';
        add(0, [
          it.clueName ?? '',
          it.creditCode ?? it.uncid ?? '',
          it.entName ?? '',
          OUTCOME_TEXT[it.outcome] ?? '',
          it.newCount,
          list.length === 0 ? '无' : open ? '已解锁' : '未解锁（打码）',
          values('mobile'),
          values('phone'),
          values('email'),
          people,
        ]);
      }
      after = items[items.length - 1].seq;
    }
  });
}

/**
 * wyw_batch (批量导出, spec 4.6): for the selected leads, collects each company's contacts again
 * through the ContactSource, stores the new ones (masked for tenants that have not unlocked the
 * company; no unlock is charged), then writes 导出.xlsx of the leads with what is known. Per step
 * WYW_STEP_LEADS leads: the source is asked outside any transaction, then the step stores the
 * contacts, one wyw_batch_items row per lead and the counters in one fenced transaction (ADR
 * 0090), so a resumed job continues after the last committed lead and counts each lead once. A
 * lead deleted (or moved out of the member's data scope) by the time its step runs is skipped and
 * counted.
 */
export const wywBatchJob = defineJobKind<WywBatchParams, WywCheckpoint>({
  kind: WYW_BATCH_KIND,
  params: wywBatchParamsSchema,
  // Two members' batches at once per process; a member has one at a time (wyw.service.ts).
  concurrency: 2,
  async run(ctx) {
    if (ctx.tenantId === null) throw new Error('没有所属企业，不能导出线索');
    const tenantId = ctx.tenantId;
    const ids = ctx.params.clueIds;
    const total = ids.length;
    let cp: WywCheckpoint = { ...START, ...(ctx.checkpoint ?? {}) };
    await ctx.progress({ total, processed: cp.processed, message: WYW_TEXT.collecting });
    const source = getContactSource();
    const scope = await ownerScope({ userId: ctx.userId, tenantId });

    while (cp.next < total) {
      const chunk = ids.slice(cp.next, cp.next + WYW_STEP_LEADS);
      const leads = await getDb()
        .select({
          id: clues.id,
          enterpriseId: clues.enterpriseId,
          name: clues.name,
          creditCode: clues.creditCode,
        })
        .from(clues)
        .where(
          and(
            eq(clues.tenantId, tenantId),
            isNull(clues.deletedAt),
            scopePredicate(clues.ownerUserId, scope),
            sql`${clues.id} = any(${sql.param(chunk)}::bigint[])`,
          ),
        );
      const live = new Map(leads.map((l) => [l.id, l]));
      const companyOf = await companiesOf(leads);
      const refs = await companyRefs([...new Set(companyOf.values())]);
      const found = await collectAll(refs, source);
      const from = cp.next;
      cp = await ctx.step(async (tx) => {
        const stored = await storeFound(tx, found);
        const next = { ...cp, next: from + chunk.length };
        const counted = new Set<number>();
        const items = chunk.map((clueId, i) => {
          const entId = companyOf.get(clueId) ?? null;
          let outcome: number = WYW_OUTCOME.collected;
          let foundCount = 0;
          let newCount = 0;
          if (!live.has(clueId)) outcome = WYW_OUTCOME.gone;
          else if (entId === null) outcome = WYW_OUTCOME.noCompany;
          else if (found.get(entId) === null) outcome = WYW_OUTCOME.sourceFailed;
          else {
            const s = stored.get(entId);
            foundCount = s?.found ?? 0;
            // Two leads of one company: its new contacts count once.
            newCount = counted.has(entId) ? 0 : (s?.new ?? 0);
            counted.add(entId);
          }
          if (outcome === WYW_OUTCOME.gone) next.skipped += 1;
          if (newCount > 0) {
            next.newContactCompanyNum += 1;
            next.newContactNum += newCount;
          }
          next.processed += 1;
          return {
            jobId: ctx.jobId,
            clueId,
            seq: from + i,
            enterpriseId: live.has(clueId) ? entId : null,
            outcome,
            foundCount,
            newCount,
          };
        });
        await tx.insert(wywBatchItems).values(items).onConflictDoNothing();
        return {
          checkpoint: next,
          processed: next.processed,
          message: WYW_TEXT.collecting,
          value: next,
        };
      });
    }

    await ctx.progress({ message: '生成导出文件' });
    await ctx.saveFile({
      name: WYW_EXPORT_FILE_NAME,
      mime: XLSX,
      data: await buildFile(ctx.jobId, tenantId),
    });
    return {
      result: {
        newContactCompanyNum: cp.newContactCompanyNum,
        newContactNum: cp.newContactNum,
        processedCompanyNum: cp.processed,
        totalCompanyNum: total,
        skippedNum: cp.skipped,
      },
      message: wywSuccessText(cp.newContactCompanyNum, cp.newContactNum),
    };
  },
});
