import 'server-only';
import { and, count, eq, inArray } from 'drizzle-orm';
import { outreachContacts, outreachTasks } from '@/db/schema';
import {
  OUTREACH_CONTACT_STATE as S,
  OUTREACH_SIGNATURE_HEADER,
  OUTREACH_STATUS,
  OUTREACH_TIMESTAMP_HEADER,
} from '@/lib/shared/ai/outreach.constants';
import { apiError, config, getDb, partLogger } from '@/lib/server/platform';
import { verifyCallback } from './provider';
import { recordAnswers } from './outreach-answers';
import { endTask } from './outreach-end';

const log = partLogger('outreach');

/**
 * A push provider's answer for one contact (ADR 0199). A missing, wrong or stale signature is
 * refused (1010006017) and logged with nothing changed; an unknown ref or a contact that already
 * has its answer changes nothing (true is still answered for a known, repeated one, so the
 * provider stops retrying). The last answer of a fully sent task ends it.
 */
export async function handleCallback(
  req: Request,
  body: { ref: string; result: 'accepted' | 'refused' },
  ip: string | null,
): Promise<boolean> {
  const ok = verifyCallback(config.outreachCallbackSecret, {
    timestamp: req.headers.get(OUTREACH_TIMESTAMP_HEADER),
    signature: req.headers.get(OUTREACH_SIGNATURE_HEADER),
    ref: body.ref,
    result: body.result,
  });
  if (!ok) {
    log.warn(`refused outreach callback with a bad signature ref=${body.ref} ip=${ip ?? '-'}`);
    throw apiError('OUTREACH_BAD_SIGNATURE');
  }
  const [contact] = await getDb()
    .select({ taskId: outreachContacts.taskId })
    .from(outreachContacts)
    .where(eq(outreachContacts.providerRef, body.ref))
    .limit(1);
  if (!contact) {
    log.warn(`outreach callback for an unknown ref ${body.ref}`);
    throw apiError('NOT_FOUND');
  }
  await getDb().transaction(async (tx) => {
    await recordAnswers(tx, [{ ref: body.ref, result: body.result, at: new Date() }]);
    const [open] = await tx
      .select({ n: count() })
      .from(outreachContacts)
      .where(
        and(
          eq(outreachContacts.taskId, contact.taskId),
          inArray(outreachContacts.state, [S.queued, S.sending, S.sent]),
        ),
      );
    const [task] = await tx
      .select({ status: outreachTasks.status })
      .from(outreachTasks)
      .where(eq(outreachTasks.id, contact.taskId));
    if (Number(open.n) === 0 && task?.status === OUTREACH_STATUS.running)
      await endTask(contact.taskId, 'finished', { tx });
  });
  return true;
}
