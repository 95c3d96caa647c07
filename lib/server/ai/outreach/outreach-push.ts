import 'server-only';
import { inArray } from 'drizzle-orm';
import { outreachTasks } from '@/db/schema';
import { OUTREACH_PUSH_TYPE } from '@/lib/shared/ai/outreach.constants';
import { partLogger, publishToUserInTx, type JobTx } from '@/lib/server/platform';
import { getOutreachProvider } from './provider';
import { entNamesOf, outreachView } from './outreach-view';

const log = partLogger('outreach');

/**
 * Tells the owners' open pages (card, detail page) where their tasks are, in the transaction that
 * changed them: the message leaves at commit (≤ 1 s to the browser, issue 33), and a rolled-back
 * step sends nothing. In a savepoint: a failed push never fails the step (the pages read again).
 */
export async function pushTasks(tx: JobTx, taskIds: readonly number[]): Promise<void> {
  const ids = [...new Set(taskIds)];
  if (ids.length === 0) return;
  try {
    const ents = await entNamesOf(ids);
    const demo = getOutreachProvider().demo;
    await tx.transaction(async (sp) => {
      const rows = await sp.select().from(outreachTasks).where(inArray(outreachTasks.id, ids));
      for (const row of rows)
        await publishToUserInTx(sp, row.userId, {
          type: OUTREACH_PUSH_TYPE,
          content: outreachView(row, ents.get(row.id) ?? [], demo),
        });
    });
  } catch (err) {
    log.warn(`progress push of tasks ${ids.join(',')} failed: ${String(err)}`);
  }
}

export const pushTask = (tx: JobTx, taskId: number) => pushTasks(tx, [taskId]);
