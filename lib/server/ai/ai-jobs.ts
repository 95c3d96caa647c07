import 'server-only';
import { z } from 'zod';
import {
  AI_CLUE_EXPORT_KIND,
  AI_CLUE_SOURCE,
  AI_CLUE_TASK_MAX,
  AI_EXPORT_KIND,
  AI_TO_CRM_MAX,
} from '@/lib/shared/ai/ai.constants';
import type { AiSelection } from '@/lib/shared/ai/ai.contract';
import type { ToCrmResult } from '@/lib/shared/enterprise/enterprise.contract';
import type { JobView } from '@/lib/shared/jobs/job.types';
import {
  type TenantAuthContext,
  apiError,
  defineJobKind,
  enqueueJob,
  EXPORT_FILE_NAME,
  XLSX_MIME,
  getPool,
} from '@/lib/server/platform';
import {
  assertExportAllowed,
  exportEnterprises,
  exportRowLimit,
  addToCrm,
  admitExportJob,
} from '@/lib/server/enterprise';
import { advancedIds, maxResultsFor } from '@/lib/server/search';
import { writeXlsx } from '@/lib/server/crm';
import { getOwnSearchReply, type AiOwner } from './ai-store';
import { searchConditionOf } from './ai-search';

/**
 * From answers to work (issue 16 §4): a reply's companies — the selected ones, or all results in
 * relevance order within the caller's edition depth — added to leads (to-crm, source AI 助手) or
 * exported, through the job runner into the download centre.
 */

const selectionParams = z.object({
  taskId: z.number().int().positive(),
  messageId: z.number().int().positive(),
  entIds: z.array(z.number().int().positive()).max(AI_TO_CRM_MAX).optional(),
  all: z.boolean().optional(),
});
type SelectionParams = z.infer<typeof selectionParams>;

/** The company ids a selection stands for, at most `max`, checked against the reply's owner. */
async function selectedIds(owner: AiOwner, sel: SelectionParams, max: number): Promise<number[]> {
  const m = await getOwnSearchReply(owner, sel.messageId, sel.taskId);
  if (!sel.all) return [...new Set(sel.entIds ?? [])].slice(0, max);
  const depth = Math.min(max, await maxResultsFor({ tenantId: owner.tenantId }));
  return advancedIds(searchConditionOf(m.condition, m.keyword), 'relevance', 0, depth);
}

const ownerOf = (auth: TenantAuthContext): AiOwner => ({
  tenantId: auth.tenantId,
  userId: auth.userId,
});

const titleOf = (m: { title: string | null; query: string | null }) =>
  Array.from(m.title || m.query || 'AI 助手')
    .slice(0, 20)
    .join('');

/** to-crm at once: the selected companies, or the first AI_TO_CRM_MAX results. */
export async function replyToCrm(auth: TenantAuthContext, sel: AiSelection): Promise<ToCrmResult> {
  const owner = ownerOf(auth);
  const ids = await selectedIds(owner, sel, AI_TO_CRM_MAX);
  if (ids.length === 0) throw apiError('AI_NOTHING_SELECTED');
  const result = await addToCrm(owner, ids, AI_CLUE_SOURCE);
  if (result.items.length === 0) throw apiError('ENTERPRISE_NOT_EXISTS');
  return result;
}

export async function startReplyExport(
  auth: TenantAuthContext,
  sel: AiSelection,
): Promise<JobView> {
  const owner = ownerOf(auth);
  const m = await getOwnSearchReply(owner, sel.messageId, sel.taskId);
  // An edition without exports is told now, not by a failed job.
  await assertExportAllowed(owner.tenantId, sel.all ? 1 : (sel.entIds?.length ?? 1));
  return enqueueJob(
    owner,
    {
      kind: AI_EXPORT_KIND,
      title: `AI 助手导出：${titleOf(m)}`,
      params: { taskId: sel.taskId, messageId: sel.messageId, entIds: sel.entIds, all: sel.all },
    },
    { admit: admitExportJob(owner) },
  );
}

export async function startReplyClueTask(
  auth: TenantAuthContext,
  sel: AiSelection,
): Promise<JobView> {
  const owner = ownerOf(auth);
  const m = await getOwnSearchReply(owner, sel.messageId, sel.taskId);
  return enqueueJob(owner, {
    kind: AI_CLUE_EXPORT_KIND,
    title: `AI 助手加入线索：${titleOf(m)}`,
    params: { taskId: sel.taskId, messageId: sel.messageId, entIds: sel.entIds, all: sel.all },
  });
}

function jobOwner(ctx: { tenantId: number | null; userId: number }): AiOwner {
  if (ctx.tenantId === null) throw new Error('没有所属企业');
  return { tenantId: ctx.tenantId, userId: ctx.userId };
}

/** ai_export: 导出.xlsx of the selection (edition export cap; contacts masked unless unlocked). */
export const aiExportJob = defineJobKind<SelectionParams, null>({
  kind: AI_EXPORT_KIND,
  params: selectionParams,
  async run(ctx) {
    const owner = jobOwner(ctx);
    const max = await exportRowLimit(owner.tenantId);
    const ids = await selectedIds(owner, ctx.params, Math.max(1, max));
    if (ids.length === 0) throw new Error('没有符合条件的企业可导出');
    await ctx.progress({ processed: 0, total: ids.length, message: '导出中' });
    const file = await exportEnterprises(owner, ids);
    await ctx.saveFile({
      name: EXPORT_FILE_NAME,
      mime: XLSX_MIME,
      data: Buffer.from(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength),
    });
    return { result: { rows: file.rows }, message: `共导出 ${file.rows} 家企业` };
  },
});

const CHUNK = 500;

/**
 * ai_clue_export: the selection added to leads in chunks (to-crm never duplicates a company, so a
 * resumed attempt redoes chunks harmlessly) and a sheet of what was added for the download centre.
 */
export const aiClueExportJob = defineJobKind<SelectionParams, null>({
  kind: AI_CLUE_EXPORT_KIND,
  params: selectionParams,
  async run(ctx) {
    const owner = jobOwner(ctx);
    const ids = await selectedIds(owner, ctx.params, AI_CLUE_TASK_MAX);
    if (ids.length === 0) throw new Error('没有符合条件的企业');
    await ctx.progress({ processed: 0, total: ids.length, message: '加入线索中' });
    const items: { entId: number; clueId: number; created: boolean }[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const r = await addToCrm(owner, ids.slice(i, i + CHUNK), AI_CLUE_SOURCE);
      items.push(...r.items);
      await ctx.progress({
        processed: Math.min(ids.length, i + CHUNK),
        total: ids.length,
        message: `已处理 ${Math.min(ids.length, i + CHUNK)} 家`,
      });
    }
    const created = items.filter((x) => x.created).length;
    const names = await companyNames(items.map((x) => x.entId));
    const data = await writeXlsx(
      [
        {
          name: '加入线索',
          columns: [
            { header: '企业名称', width: 36 },
            { header: '统一社会信用代码', width: 22 },
            { header: '线索编号', width: 12 },
            { header: '结果', width: 10 },
          ],
        },
      ],
      async (add) => {
        for (const x of items) {
          const e = names.get(x.entId);
          add(0, [e?.name ?? '', e?.uncid ?? '', x.clueId, x.created ? '新加入' : '已在线索中']);
        }
      },
    );
    await ctx.saveFile({ name: EXPORT_FILE_NAME, mime: XLSX_MIME, data });
    return {
      result: { rows: items.length, created, existed: items.length - created },
      message: `新加入 ${created} 条线索，${items.length - created} 家已在线索中`,
    };
  },
});

async function companyNames(ids: number[]): Promise<Map<number, { name: string; uncid: string }>> {
  const { rows } = await getPool().query<{ id: number; name: string; uncid: string }>(
    'select id::int as id, name, uncid from enterprises where id = any($1::bigint[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, uncid: r.uncid }]));
}
