import 'server-only';
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { clues, notificationKeys, users } from '@/db/schema';
import { CLUE_STATUS } from '@/lib/shared/clue/clue.constants';
import { getDb, type Periodic, startPeriodic } from '@/lib/server/platform';
import { NOTIFY_KINDS, notify } from '@/lib/server/identity';
import { NOTIFY_TARGETS, clueTarget } from '@/lib/shared/notify/notify-links';

/** Follow-ups that fell due longer ago than this are not reminded (a server that was down a week). */
export const REMINDER_LOOKBACK_MS = 24 * 3600_000;
/** Names listed in one reminder; the rest are counted. */
const NAMES_SHOWN = 5;
const BATCH = 500;

/**
 * Producer: leads whose next follow-up time has come (新线索 or 跟进中, not deleted) remind their
 * follow user once per follow-up time, in one message per member per run. The once-keys are
 * claimed in the message's own transaction, so several app instances running this together send
 * each reminder once; moving the follow-up time (a new follow-up) makes a new reminder due.
 * Returns how many leads were reminded.
 */
export async function notifyDueFollowUps(now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - REMINDER_LOOKBACK_MS);
  let reminded = 0;
  let afterId = 0;
  for (;;) {
    const due = await getDb()
      .select({
        id: clues.id,
        tenantId: clues.tenantId,
        ownerUserId: clues.ownerUserId,
        name: clues.name,
        nextFollowAt: clues.nextFollowAt,
      })
      .from(clues)
      .innerJoin(users, eq(users.id, clues.ownerUserId))
      .where(
        and(
          isNull(clues.deletedAt),
          inArray(clues.status, [CLUE_STATUS.new, CLUE_STATUS.following]),
          gt(clues.nextFollowAt, since),
          lte(clues.nextFollowAt, now),
          gt(clues.id, afterId),
          // Only members still in the lead's enterprise and enabled.
          eq(users.tenantId, clues.tenantId),
          eq(users.status, 0),
          isNull(users.deletedAt),
        ),
      )
      .orderBy(asc(clues.id))
      .limit(BATCH);
    if (due.length === 0) return reminded;
    afterId = due[due.length - 1].id;

    const byOwner = new Map<string, typeof due>();
    for (const lead of due) {
      const key = `${lead.tenantId}:${lead.ownerUserId}`;
      byOwner.set(key, [...(byOwner.get(key) ?? []), lead]);
    }
    for (const leads of byOwner.values()) {
      reminded += await getDb().transaction(async (tx) => {
        const won = await tx
          .insert(notificationKeys)
          .values(
            leads.map((l) => ({ key: `clue_follow_due:${l.id}:${l.nextFollowAt!.getTime()}` })),
          )
          .onConflictDoNothing()
          .returning({ key: notificationKeys.key });
        const wonIds = new Set(won.map((w) => Number(w.key.split(':')[1])));
        const fresh = leads.filter((l) => wonIds.has(l.id));
        if (fresh.length === 0) return 0;
        const names = fresh.slice(0, NAMES_SHOWN).map((l) => l.name);
        const more = fresh.length > NAMES_SHOWN ? ` 等 ${fresh.length} 条线索` : '';
        await notify(
          {
            kind: NOTIFY_KINDS.clueFollowUpDue,
            tenantId: fresh[0].tenantId,
            userIds: [fresh[0].ownerUserId],
            title: fresh.length === 1 ? '线索待跟进' : `${fresh.length} 条线索待跟进`,
            content: `已到计划跟进时间：${names.join('、')}${more}。请在线索管理中跟进并记录。`,
            link: fresh.length === 1 ? clueTarget(fresh[0].id) : NOTIFY_TARGETS.dueClues,
          },
          { tx },
        );
        return fresh.length;
      });
    }
    if (due.length < BATCH) return reminded;
  }
}

/** For server.ts: looks for due follow-ups every few minutes (safe on many instances). */
export function startFollowUpReminderSchedule(opts: { everyMs?: number } = {}): Periodic {
  return startPeriodic({
    part: 'clue',
    what: 'follow-up reminders',
    run: notifyDueFollowUps,
    firstAfterMs: 20_000,
    everyMs: opts.everyMs ?? 5 * 60_000,
  });
}
