import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { outreachContacts, outreachTasks } from '@/db/schema';
import {
  OUTREACH_CONTACT_STATE as S,
  OUTREACH_END_TEXT,
  OUTREACH_REASON,
  OUTREACH_STATUS,
} from '@/lib/shared/ai/outreach.constants';
import { getDb, type JobTx } from '@/lib/server/platform';
import { addCredits } from '@/lib/server/commerce';
import { notify, NOTIFY_KINDS } from '@/lib/server/identity';
import type { OutreachTaskRow } from './outreach-view';
import { pushTask } from './outreach-push';

export type EndReason = 'finished' | 'stopped' | 'expired' | 'failed';

/** Where the card and the messages lead: the task detail page. */
export const outreachDetailHref = (t: { aiTaskId: number; messageId: number }) =>
  `/ai/addWeixinTask?taskId=${t.aiTaskId}&messageId=${t.messageId}`;

/**
 * Ends a task once (the row is locked; an ended task answers null): contacts not yet sent are
 * marked skipped, the credits not used are given back (one release per task, ADR 0199) and the
 * member is told when reminders are on. Contacts already handed to the provider count as used;
 * if one of them then fails, its credit comes back on its own (releaseFailedAfterEnd).
 */
export async function endTask(
  taskId: number,
  reason: EndReason,
  opts: { tx?: JobTx } = {},
): Promise<OutreachTaskRow | null> {
  const run = async (tx: JobTx) => {
    const [task] = await tx
      .select()
      .from(outreachTasks)
      .where(eq(outreachTasks.id, taskId))
      .for('update');
    if (!task || task.status === OUTREACH_STATUS.ended) return null;
    const why =
      reason === 'expired'
        ? OUTREACH_REASON.expired
        : reason === 'finished'
          ? OUTREACH_REASON.stopped
          : OUTREACH_REASON.stopped;
    const skippedNow = await tx
      .update(outreachContacts)
      .set({ state: S.skipped, reason: why })
      .where(and(eq(outreachContacts.taskId, taskId), eq(outreachContacts.state, S.queued)))
      .returning({ id: outreachContacts.id });
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(outreachContacts)
      .where(
        and(
          eq(outreachContacts.taskId, taskId),
          inArray(outreachContacts.state, [S.sending, S.sent, S.accepted, S.refused]),
        ),
      );
    const release = Math.max(0, task.reserved - used.n);
    if (release > 0) await addCredits(tx, task.tenantId, release, 'release', `task:${task.id}`);
    const [ended] = await tx
      .update(outreachTasks)
      .set({
        status: OUTREACH_STATUS.ended,
        endReason: reason,
        endedAt: sql`now()`,
        resumeAfter: null,
        released: release,
        skipped: sql`${outreachTasks.skipped} + ${skippedNow.length}`,
        updatedAt: sql`now()`,
      })
      .where(eq(outreachTasks.id, taskId))
      .returning();
    await pushTask(tx, ended.id);
    if (ended.remind)
      await notify(
        {
          kind: NOTIFY_KINDS.outreachFinished,
          tenantId: ended.tenantId,
          userIds: [ended.userId],
          title: `加微任务${OUTREACH_END_TEXT[reason]}`,
          content: `加微任务「${ended.title}」${OUTREACH_END_TEXT[reason]}：已通过 ${ended.accepted} 人，已拒绝 ${ended.refused} 人，失败 ${ended.failed} 人，跳过 ${ended.skipped} 人；退回 ${release} 次加微余额。`,
          link: outreachDetailHref(ended),
          onceKey: `outreach-end:${ended.id}`,
        },
        { tx },
      );
    return ended;
  };
  return opts.tx ? run(opts.tx) : getDb().transaction(run);
}

/** A contact that was in flight when its task ended and then failed: its credit comes back. */
export async function releaseFailedAfterEnd(
  tx: JobTx,
  task: { id: number; tenantId: number },
  contactId: number,
): Promise<void> {
  if (await addCredits(tx, task.tenantId, 1, 'release', `contact:${contactId}`))
    await tx
      .update(outreachTasks)
      .set({ released: sql`${outreachTasks.released} + 1` })
      .where(eq(outreachTasks.id, task.id));
}
