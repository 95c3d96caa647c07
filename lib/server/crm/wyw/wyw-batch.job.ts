import { and, asc, countDistinct, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clues, enterprises, wywBatchItems } from '@/db/schema';
import { maskContact } from '@/lib/shared/enterprise/mask';
import {
  WYW_BATCH_KIND,
  WYW_BATCH_MAX,
  WYW_EXPORT_FILE_NAME,
  WYW_LOCKED_MODES,
  WYW_OUTCOME,
  WYW_STEP_LEADS,
  WYW_TEXT,
  wywSummaryText,
  type WywLockedMode,
  type WywSummary,
} from '@/lib/shared/wyw/wyw.constants';
import { getDb, defineJobKind, ApiError } from '@/lib/server/platform';
import { ownerScope, scopePredicate } from '@/lib/server/identity';
import { loadContactRows, unlockedIds, unlockEnterprise } from '@/lib/server/enterprise';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { writeXlsx } from '../clue-io/spreadsheet';
import { getContactSource } from '../contact-source';
import { collectAll, companyRefs, storeFound } from './collect';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const wywBatchParamsSchema = z.object({
  clueIds: z.array(z.number().int().positive()).min(1).max(WYW_BATCH_MAX),
  /** Leads whose company is not unlocked (jobs from before this field: mask). */
  locked: z.enum(WYW_LOCKED_MODES).default('mask'),
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
export async function companiesOf(leads: Lead[]): Promise<Map<number, number>> {
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
/** Second sheet: the counts the toast and 下载中心 say (wywSummaryText). */
export const WYW_SUMMARY_SHEET = '汇总';

type FileCounts = Pick<WywSummary, 'exportedNum' | 'omittedNum' | 'maskedNum'>;

/**
 * The 导出.xlsx: the job's leads in selection order with the company's contacts (masked unless
 * unlocked; with `omit` a lead whose company is not unlocked is left out), and a 汇总 sheet.
 */
async function buildFile(
  jobId: number,
  tenantId: number,
  mode: WywLockedMode,
  summary: (counts: FileCounts) => WywSummary,
): Promise<{ data: Buffer; summary: WywSummary }> {
  const db = getDb();
  const counts: FileCounts = { exportedNum: 0, omittedNum: 0, maskedNum: 0 };
  let done: WywSummary | null = null;
  const sheets = [
    { name: '导出', columns: COLUMNS },
    {
      name: WYW_SUMMARY_SHEET,
      columns: [
        { header: '项目', width: 24 },
        { header: '数量', width: 12 },
      ],
    },
  ];
  const data = await writeXlsx(sheets, async (add) => {
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
        if (it.enterpriseId !== null && !open && mode === 'omit') {
          counts.omittedNum += 1;
          continue;
        }
        counts.exportedNum += 1;
        if (list.length > 0 && !open) counts.maskedNum += 1;
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
    done = summary(counts);
    const rows: [string, number][] = [
      ['已采集企业', done.collectedCompanyNum],
      ['新增联系方式', done.newContactNum],
      ['导出线索', done.exportedNum],
      ['本次解锁企业', done.unlockedNum],
      ['未解锁未导出的线索', done.omittedNum],
      ['联系方式打码的线索', done.maskedNum],
    ];
    for (const r of rows) add(1, r);
    add(1, [wywSummaryText(done), null]);
  });
  return { data, summary: done! };
}

/** Distinct companies of the job the source answered for (each lead row says 已采集). */
async function collectedCompanies(jobId: number): Promise<number> {
  const [r] = await getDb()
    .select({ n: countDistinct(wywBatchItems.enterpriseId) })
    .from(wywBatchItems)
    .where(
      and(
        eq(wywBatchItems.jobId, jobId),
        eq(wywBatchItems.outcome, WYW_OUTCOME.collected),
        isNotNull(wywBatchItems.enterpriseId),
      ),
    );
  return Number(r?.n ?? 0);
}

/**
 * Mode unlock: unlocks the job's companies the enterprise has not unlocked, one unit of quota
 * each (unlockEnterprise: charged once, so a resumed job does not pay twice), until the quota
 * runs out; those left stay masked. Answers how many were charged now.
 */
async function unlockCompanies(jobId: number, tenantId: number, userId: number): Promise<number> {
  const rows = await getDb()
    .selectDistinct({ id: wywBatchItems.enterpriseId })
    .from(wywBatchItems)
    .where(and(eq(wywBatchItems.jobId, jobId), isNotNull(wywBatchItems.enterpriseId)));
  const ids = rows.map((r) => r.id!);
  const open = await unlockedIds(tenantId, ids);
  let charged = 0;
  for (const id of ids) {
    if (open.has(id)) continue;
    try {
      if ((await unlockEnterprise({ tenantId, userId }, id)).charged) charged += 1;
    } catch (err) {
      const quota =
        err instanceof ApiError &&
        (err.code === ERRORS.UNLOCK_QUOTA_EXHAUSTED.code ||
          err.code === ERRORS.UNLOCK_NOT_IN_EDITION.code);
      if (quota) break;
      throw err;
    }
  }
  return charged;
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

    const mode = ctx.params.locked ?? 'mask';
    let unlockedNum = 0;
    if (mode === 'unlock') {
      await ctx.progress({ message: '解锁联系方式' });
      unlockedNum = await unlockCompanies(ctx.jobId, tenantId, ctx.userId);
    }
    await ctx.progress({ message: '生成导出文件' });
    const collectedCompanyNum = await collectedCompanies(ctx.jobId);
    const file = await buildFile(ctx.jobId, tenantId, mode, (counts) => ({
      ...counts,
      collectedCompanyNum,
      newContactNum: cp.newContactNum,
      unlockedNum,
    }));
    await ctx.saveFile({ name: WYW_EXPORT_FILE_NAME, mime: XLSX, data: file.data });
    return {
      result: {
        ...file.summary,
        newContactCompanyNum: cp.newContactCompanyNum,
        processedCompanyNum: cp.processed,
        totalCompanyNum: total,
        skippedNum: cp.skipped,
      },
      // The toast, 下载中心 and the file's 汇总 sheet say the same (one set of counts).
      message: wywSummaryText(file.summary),
    };
  },
});
