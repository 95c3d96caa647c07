import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { backgroundJobs, clues } from '@/db/schema';
import {
  WYW_BATCH_KIND,
  WYW_BATCH_TITLE,
  WYW_SINGLE_KIND,
  WYW_SINGLE_WAIT_MS,
  WYW_TEXT,
  type WywLockedMode,
} from '@/lib/shared/wyw/wyw.constants';
import type { BatchWywStarted, WywCollected, WywJobState } from '@/lib/shared/wyw/wyw.contract';
import {
  ApiError,
  apiError,
  getDb,
  publishJob,
  activeJobRunner,
  awaitJob,
  cancelJob,
  enqueueJob,
} from '@/lib/server/platform';
import { ownerScope, scopePredicate } from '@/lib/server/identity';
import { getContactSummary, requireEnterpriseRow, unlockedIds } from '@/lib/server/enterprise';
import type { BatchWywPreview } from '@/lib/shared/wyw/wyw.contract';
import { getUnlockCredit } from '@/lib/server/commerce';
import { companiesOf } from './wyw-batch.job';
import { batchState, runningBatch, wywState, type WywOwner } from './wyw-state';
import type { WywSingleResult } from './wyw-single.job';

type Member = { userId: number; tenantId: number };

/**
 * Starts a batch collection of the caller's selected leads. Only leads of the caller's enterprise
 * within their data scope are taken (in the order given, without repeats); none: 400. A member
 * has one batch at a time: while one waits or runs, starting again returns that one. The check
 * and the insert run under a per-member lock, so two clicks cannot start two.
 */
export async function startBatch(
  owner: Member,
  clueIds: number[],
  locked: WywLockedMode = 'mask',
): Promise<BatchWywStarted> {
  const wanted = [...new Set(clueIds)];
  const outcome = await getDb().transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('wyw_batch'), ${owner.userId % 2_147_483_647}::int)`,
    );
    const [running] = await tx
      .select()
      .from(backgroundJobs)
      .where(
        and(
          eq(backgroundJobs.userId, owner.userId),
          eq(backgroundJobs.tenantId, owner.tenantId),
          eq(backgroundJobs.kind, WYW_BATCH_KIND),
          isNull(backgroundJobs.deletedAt),
          inArray(backgroundJobs.status, ['queued', 'running']),
          // One being stopped ends after its current step: a new batch may start meanwhile.
          isNull(backgroundJobs.cancelRequestedAt),
        ),
      )
      .limit(1);
    if (running) return { row: running, created: false };
    const scope = await ownerScope(owner, tx);
    const rows = await tx
      .select({ id: clues.id })
      .from(clues)
      .where(
        and(
          eq(clues.tenantId, owner.tenantId),
          isNull(clues.deletedAt),
          scopePredicate(clues.ownerUserId, scope),
          sql`${clues.id} = any(${sql.param(wanted)}::bigint[])`,
        ),
      );
    const reachable = new Set(rows.map((r) => r.id));
    const ids = wanted.filter((id) => reachable.has(id));
    if (ids.length === 0) throw new ApiError(400, WYW_TEXT.noneInScope);
    const [row] = await tx
      .insert(backgroundJobs)
      .values({
        tenantId: owner.tenantId,
        userId: owner.userId,
        kind: WYW_BATCH_KIND,
        title: WYW_BATCH_TITLE,
        params: { clueIds: ids, locked },
        total: ids.length,
        message: WYW_TEXT.collecting,
      })
      .returning();
    return { row, created: true };
  });
  if (outcome.created) {
    await activeJobRunner()
      ?.dispatch(outcome.row.id)
      .catch(() => undefined);
    await publishJob(outcome.row);
  }
  return { jobId: outcome.row.id, created: outcome.created, state: wywState(outcome.row) };
}

/**
 * Before 批量导出 (issue 28 item 7): of the selected leads in the caller's scope, how many have a
 * company the enterprise has not unlocked, what unlocking them all costs (one unit per company)
 * and whether the caller can pay it. The page asks: unlock them, or leave them out.
 */
export async function previewBatch(
  owner: Member,
  clueIds: number[],
  mayUnlock: boolean,
): Promise<BatchWywPreview> {
  const scope = await ownerScope(owner);
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
        eq(clues.tenantId, owner.tenantId),
        isNull(clues.deletedAt),
        scopePredicate(clues.ownerUserId, scope),
        sql`${clues.id} = any(${sql.param([...new Set(clueIds)])}::bigint[])`,
      ),
    );
  if (leads.length === 0) throw new ApiError(400, WYW_TEXT.noneInScope);
  const companyOf = await companiesOf(leads);
  const entIds = [...new Set(companyOf.values())];
  const [open, credit] = await Promise.all([
    unlockedIds(owner.tenantId, entIds),
    getUnlockCredit(owner.tenantId),
  ]);
  const lockedLeads = leads.filter((l) => {
    const e = companyOf.get(l.id);
    return e !== undefined && !open.has(e);
  });
  const unlockCost = entIds.filter((e) => !open.has(e)).length;
  const unlockBlocked = !mayUnlock
    ? '当前账号没有解锁联系方式的权限'
    : credit.remaining < unlockCost
      ? `${WYW_TEXT.quotaShort}：需要 ${unlockCost} 次，剩余 ${credit.remaining} 次`
      : null;
  return {
    leadNum: leads.length,
    lockedNum: lockedLeads.length,
    unlockCost,
    remaining: credit.remaining,
    canUnlock: unlockBlocked === null,
    unlockBlocked,
  };
}

export async function progressJobId(owner: WywOwner): Promise<number | null> {
  return (await runningBatch(owner))?.id ?? null;
}

/** 终止导出: the caller's own batch only (404 otherwise); what was collected stays. */
export async function stopBatch(owner: Member, jobId: number): Promise<true> {
  if (!(await batchState(owner, jobId))) throw apiError('NOT_FOUND');
  await cancelJob(owner, jobId);
  return true;
}

export async function getBatchState(owner: WywOwner, jobId: number): Promise<WywJobState> {
  const state = await batchState(owner, jobId);
  if (!state) throw apiError('NOT_FOUND');
  return state;
}

/**
 * 挖一挖 for one company: a small job (wyw_single) the request waits for, up to
 * WYW_SINGLE_WAIT_MS. The answer follows the unlock rules: masked unless the caller's enterprise
 * unlocked the company; nothing is charged. A job still running then finishes on its own.
 */
export async function collectOne(owner: Member, entId: number): Promise<WywCollected> {
  const ent = await requireEnterpriseRow({ id: entId });
  const job = await enqueueJob(owner, {
    kind: WYW_SINGLE_KIND,
    title: `挖一挖：${ent.name}`,
    params: { entId: ent.id },
  });
  const done = await awaitJob(owner, job.id, WYW_SINGLE_WAIT_MS);
  if (!done) throw new ApiError(503, WYW_TEXT.stillCollecting);
  if (done.status !== 'succeeded')
    throw new ApiError(503, done.error || WYW_TEXT.sourceUnavailable);
  const result = done.result as WywSingleResult;
  return {
    entId: ent.id,
    foundCount: result.foundCount,
    newCount: result.newCount,
    collectTime: new Date(done.finishTime ?? Date.now()).toISOString(),
    contacts: await getContactSummary(ent.id, owner),
  };
}
