import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { clueFollowUps, clues } from '@/db/schema';
import type { JobTx } from '@/lib/server/platform';
import { CLUE_STATUS } from '@/lib/shared/clue/clue.constants';

/**
 * A contact accepted an add-contact request (ADR 0199): the tenant's live lead of that company
 * gets a 微信 follow-up by the task's member, in the caller's transaction (the step that records
 * the answer), and moves 新线索 → 跟进中. No lead: nothing (answers the null id).
 */
export async function followUpAcceptedContact(
  tx: JobTx,
  input: { tenantId: number; userId: number; enterpriseId: number; content: string },
): Promise<number | null> {
  const [lead] = await tx
    .select({ id: clues.id, status: clues.status })
    .from(clues)
    .where(
      and(
        eq(clues.tenantId, input.tenantId),
        eq(clues.enterpriseId, input.enterpriseId),
        isNull(clues.deletedAt),
      ),
    )
    .limit(1)
    .for('update');
  if (!lead) return null;
  const [row] = await tx
    .insert(clueFollowUps)
    .values({
      tenantId: input.tenantId,
      clueId: lead.id,
      userId: input.userId,
      channel: '微信',
      content: input.content.slice(0, 500),
    })
    .returning({ id: clueFollowUps.id, createdAt: clueFollowUps.createdAt });
  await tx
    .update(clues)
    .set({
      lastFollowAt: row.createdAt,
      followCount: sql`${clues.followCount} + 1`,
      status: lead.status === CLUE_STATUS.new ? CLUE_STATUS.following : lead.status,
      updatedAt: new Date(),
    })
    .where(eq(clues.id, lead.id));
  return row.id;
}
