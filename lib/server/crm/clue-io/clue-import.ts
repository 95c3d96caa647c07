import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clues, enterprises } from '@/db/schema';
import { clueCreateSchema } from '@/lib/shared/clue/clue.contract';
import {
  CLUE_IMPORT_KIND,
  CLUE_IO_MESSAGES as M,
  IMPORT_COLUMNS,
  IMPORT_FAILURES_FILE_NAME,
  IMPORT_STEP_ROWS,
  type ImportColumnKey,
} from '@/lib/shared/clue-io/clue-io.constants';
import type { ClueImportResult } from '@/lib/shared/clue-io/clue-io.contract';
import { defineJobKind, type JobTx, readJobFile } from '@/lib/server/platform';
import { writeXlsx, xlsxRows, type SheetRow } from './spreadsheet';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Fields = Record<ImportColumnKey, string>;
type Checked =
  { ok: true; fields: ReturnType<typeof clueCreateSchema.parse> } | { ok: false; reason: string };

const headerOf = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.key, c.header]));

function fieldsOf(row: SheetRow): Fields {
  const out = {} as Fields;
  IMPORT_COLUMNS.forEach((c, i) => (out[c.key] = row.cells[i] ?? ''));
  return out;
}

/**
 * The rules of a lead typed in by hand (spec 5: mobile, e-mail, link; the credit code's GB 32100
 * check character), with the column named in the reason. Depends on the row only, so the failures
 * file can be rebuilt from the upload after a resume.
 */
export function checkRow(row: SheetRow): Checked {
  const f = fieldsOf(row);
  if (!f.name) return { ok: false, reason: M.nameRequired };
  const parsed = clueCreateSchema.safeParse({ ...f, source: '批量导入' });
  if (parsed.success) return { ok: true, fields: parsed.data };
  const issue = parsed.error.issues[0];
  const column = headerOf.get(String(issue.path[0] ?? ''));
  return { ok: false, reason: column ? `${column}：${issue.message}` : issue.message };
}

/** The import key of a lead: the same name with the same mobile (or both without one). */
const importKey = (name: string, mobile: string | null | undefined) =>
  `${name}\u0000${mobile ?? ''}`;

type Counts = { imported: number; skipped: number; failed: number };

/**
 * Validates and writes one batch of rows in the step's transaction. Rows already in the tenant
 * (same linked company, or same name and mobile among live leads) and repeats inside the file are
 * skipped, so importing a file again creates nothing twice.
 */
async function importBatch(
  tx: JobTx,
  owner: { tenantId: number; userId: number },
  rows: SheetRow[],
): Promise<Counts> {
  // One import at a time per tenant: two imports of the same file cannot both insert a row.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('clue_import'), ${owner.tenantId})`);
  const counts: Counts = { imported: 0, skipped: 0, failed: 0 };
  const good: NonNullable<Extract<Checked, { ok: true }>['fields']>[] = [];
  for (const row of rows) {
    const checked = checkRow(row);
    if (checked.ok) good.push(checked.fields);
    else counts.failed += 1;
  }
  if (good.length === 0) return counts;

  // The company of each row: by credit code, else by exact name.
  const codes = [...new Set(good.map((g) => g.creditCode).filter((c): c is string => !!c))];
  const names = [...new Set(good.map((g) => g.name!))];
  const byCode = new Map<string, typeof enterprises.$inferSelect>();
  const byName = new Map<string, typeof enterprises.$inferSelect>();
  if (codes.length)
    for (const e of await tx
      .select()
      .from(enterprises)
      .where(sql`${enterprises.uncid} = any(${sql.param(codes)}::text[])`))
      byCode.set(e.uncid, e);
  const unmatchedNames = [
    ...new Set(good.filter((g) => !(g.creditCode && byCode.has(g.creditCode))).map((g) => g.name!)),
  ];
  if (unmatchedNames.length)
    for (const e of await tx
      .select()
      .from(enterprises)
      .where(sql`${enterprises.name} = any(${sql.param(unmatchedNames)}::text[])`)
      .orderBy(asc(enterprises.id)))
      if (!byName.has(e.name)) byName.set(e.name, e);

  // What the tenant has already: live leads of those companies, and of those names.
  const linked = good.map(
    (g) => (g.creditCode ? byCode.get(g.creditCode) : undefined) ?? byName.get(g.name!),
  );
  const entIds = [...new Set(linked.filter((e) => !!e).map((e) => e!.id))];
  const takenEnterprises = new Set<number>();
  if (entIds.length)
    for (const r of await tx
      .select({ id: clues.enterpriseId })
      .from(clues)
      .where(
        and(
          eq(clues.tenantId, owner.tenantId),
          isNull(clues.deletedAt),
          sql`${clues.enterpriseId} = any(${sql.param(entIds)}::bigint[])`,
        ),
      ))
      if (r.id) takenEnterprises.add(r.id);
  const takenKeys = new Set<string>();
  for (const r of await tx
    .select({ name: clues.name, mobile: clues.contactMobile })
    .from(clues)
    .where(
      and(
        eq(clues.tenantId, owner.tenantId),
        isNull(clues.deletedAt),
        sql`${clues.name} = any(${sql.param(names)}::text[])`,
      ),
    ))
    takenKeys.add(importKey(r.name, r.mobile));

  const values: (typeof clues.$inferInsert)[] = [];
  good.forEach((g, i) => {
    const ent = linked[i];
    const key = importKey(g.name!, g.contactMobile);
    if (takenKeys.has(key) || (ent && takenEnterprises.has(ent.id))) {
      counts.skipped += 1;
      return;
    }
    takenKeys.add(key);
    if (ent) takenEnterprises.add(ent.id);
    values.push({
      tenantId: owner.tenantId,
      ownerUserId: owner.userId,
      creatorUserId: owner.userId,
      source: '批量导入',
      enterpriseId: ent?.id ?? null,
      name: g.name!,
      creditCode: g.creditCode ?? ent?.uncid ?? null,
      contactName: g.contactName ?? null,
      contactMobile: g.contactMobile ?? null,
      contactPhone: g.contactPhone ?? null,
      contactEmail: g.contactEmail ?? null,
      website: g.website ?? null,
      wechat: g.wechat ?? null,
      provinceCode: ent?.provinceCode ?? null,
      cityCode: ent?.cityCode ?? null,
      districtCode: ent?.districtCode ?? null,
      industrySection: ent?.industrySection ?? null,
      industryCode: ent?.industryClass ?? ent?.industryGroup ?? ent?.industryDivision ?? null,
      address: g.address ?? ent?.address ?? null,
      remark: g.remark ?? null,
      weight: ent?.weight ?? null,
    });
  });
  if (values.length) {
    // A lead of the company made by hand meanwhile wins (the partial unique index): skipped.
    const inserted = await tx
      .insert(clues)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: clues.id });
    counts.imported += inserted.length;
    counts.skipped += values.length - inserted.length;
  }
  return counts;
}

/** The failures file: row number, the row as uploaded, the reason. */
async function failuresFile(upload: Buffer): Promise<Buffer> {
  return writeXlsx(
    [
      {
        name: '失败明细',
        columns: [
          { header: '行号', width: 8 },
          ...IMPORT_COLUMNS.map((c) => ({ header: c.header, width: 18 })),
          { header: '失败原因', width: 40 },
        ],
      },
    ],
    async (add) => {
      let header = true;
      for await (const row of xlsxRows(upload)) {
        if (header) {
          header = false;
          continue;
        }
        const checked = checkRow(row);
        if (!checked.ok)
          add(0, [row.number, ...IMPORT_COLUMNS.map((_, i) => row.cells[i] ?? ''), checked.reason]);
      }
    },
  );
}

export const clueImportParams = z.object({
  /** The stored upload; the runner deletes it when the job ends (ADR 0090). */
  inputFileKey: z.string(),
  fileName: z.string(),
  total: z.number().int().nonnegative(),
});

type Checkpoint = Counts & { next: number };

/**
 * clue_import: reads the stored upload (.xlsx; a CSV was converted on upload) in steps of
 * IMPORT_STEP_ROWS data rows, each step committing its leads with the checkpoint. At the end the
 * failures file becomes the job's file and the counts its result.
 */
export const clueImportJob = defineJobKind<z.infer<typeof clueImportParams>, Checkpoint>({
  kind: CLUE_IMPORT_KIND,
  params: clueImportParams,
  async run(ctx) {
    if (ctx.tenantId === null) throw new Error('没有所属企业，不能导入线索');
    const owner = { tenantId: ctx.tenantId, userId: ctx.userId };
    const upload = await readJobFile(ctx.params.inputFileKey);
    if (!upload) throw new Error('导入文件已不存在，请重新上传');
    const total = ctx.params.total;
    let at: Checkpoint = ctx.checkpoint ?? { next: 0, imported: 0, skipped: 0, failed: 0 };
    await ctx.progress({ total, processed: at.next, message: '导入中' });

    let index = 0;
    let header = true;
    let batch: SheetRow[] = [];
    const flush = async () => {
      const rows = batch;
      batch = [];
      at = await ctx.step(async (tx) => {
        const c = await importBatch(tx, owner, rows);
        const checkpoint = {
          next: at.next + rows.length,
          imported: at.imported + c.imported,
          skipped: at.skipped + c.skipped,
          failed: at.failed + c.failed,
        };
        return {
          checkpoint,
          processed: checkpoint.next,
          total,
          message: `已导入 ${checkpoint.imported} 条，跳过 ${checkpoint.skipped} 条，失败 ${checkpoint.failed} 条`,
          value: checkpoint,
        };
      });
    };
    for await (const row of xlsxRows(upload)) {
      if (header) {
        header = false;
        continue;
      }
      index += 1;
      if (index <= at.next) continue; // committed by an earlier attempt
      batch.push(row);
      if (batch.length >= IMPORT_STEP_ROWS) await flush();
    }
    if (batch.length) await flush();

    await ctx.saveFile({
      name: IMPORT_FAILURES_FILE_NAME,
      mime: XLSX,
      data: await failuresFile(upload),
    });
    const result: ClueImportResult = {
      total: at.next,
      imported: at.imported,
      skipped: at.skipped,
      failed: at.failed,
    };
    return {
      result,
      message: `共 ${result.total} 行：导入 ${result.imported} 条，跳过 ${result.skipped} 条（已存在），失败 ${result.failed} 条`,
    };
  },
});
