import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { outreachContacts, outreachTasks } from '@/db/schema';
import { OUTREACH_CONTACT_STATE as S } from '@/lib/shared/ai/outreach.constants';
import type { JobTx } from '@/lib/server/platform';
import { followUpAcceptedContact } from '@/lib/server/crm';
import type { OutreachAnswer } from './provider';
import { pushTasks } from './outreach-push';

/**
 * Records people's answers in the caller's transaction. Only a contact still waiting (state
 * sent) changes, so an answer delivered twice (a repeated callback, a re-polled answer) counts
 * once. An accepted contact becomes a 微信 follow-up on the tenant's lead of its company.
 * Answers how many changed.
 */
export async function recordAnswers(
  tx: JobTx,
  answers: readonly OutreachAnswer[],
): Promise<number> {
  let changed = 0;
  const touched: number[] = [];
  for (const a of answers) {
    const state = a.result === 'accepted' ? S.accepted : S.refused;
    const [c] = await tx
      .update(outreachContacts)
      .set({ state, answeredAt: a.at })
      .where(and(eq(outreachContacts.providerRef, a.ref), eq(outreachContacts.state, S.sent)))
      .returning();
    if (!c) continue;
    changed += 1;
    touched.push(c.taskId);
    const [task] = await tx
      .update(outreachTasks)
      .set({
        sent: sql`${outreachTasks.sent} - 1`,
        ...(state === S.accepted
          ? { accepted: sql`${outreachTasks.accepted} + 1` }
          : { refused: sql`${outreachTasks.refused} + 1` }),
        updatedAt: sql`now()`,
      })
      .where(eq(outreachTasks.id, c.taskId))
      .returning();
    if (state === S.accepted) {
      const followUpId = await followUpAcceptedContact(tx, {
        tenantId: c.tenantId,
        userId: task.userId,
        enterpriseId: c.enterpriseId,
        content: `加微任务「${task.title}」：${c.personName ?? '联系人'}（${maskMobile(c.mobile)}）已通过微信好友申请。`,
      });
      if (followUpId !== null)
        await tx.update(outreachContacts).set({ followUpId }).where(eq(outreachContacts.id, c.id));
    }
  }
  await pushTasks(tx, touched);
  return changed;
}

export function maskMobile(mobile: string | null): string {
  if (!mobile) return '';
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
