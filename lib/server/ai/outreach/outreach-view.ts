import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { outreachContacts, outreachTasks } from '@/db/schema';
import type { AddWeixinTask, CluePoolEnt } from '@/lib/shared/ai/outreach.contract';
import { OUTREACH_EXPIRED_STATUS, OUTREACH_STATUS } from '@/lib/shared/ai/outreach.constants';
import { getDb } from '@/lib/server/platform';

export type OutreachTaskRow = typeof outreachTasks.$inferSelect;
export type OutreachContactRow = typeof outreachContacts.$inferSelect;

/** Names of the first companies of a task (spec 3 cluePoolEntNameList). */
export const NAME_LIST_MAX = 5;

/** The card's status (spec 4.5): 5 for a running task whose end time has passed. */
export function overallStatus(row: OutreachTaskRow, now = Date.now()): number {
  if (row.status === OUTREACH_STATUS.running && row.endTime.getTime() <= now)
    return OUTREACH_EXPIRED_STATUS;
  return row.status;
}

export function outreachView(
  row: OutreachTaskRow,
  ents: CluePoolEnt[],
  demo: boolean,
): AddWeixinTask {
  const done = row.sent + row.accepted + row.refused + row.failed + row.skipped;
  const delivered = row.sent + row.accepted + row.refused;
  return {
    id: row.id,
    messageId: row.messageId,
    taskId: row.aiTaskId,
    userId: row.userId,
    title: row.title,
    greeting: row.greeting,
    wocStatus: row.status,
    status: overallStatus(row),
    endTime: row.endTime.getTime(),
    endReason: row.endReason,
    remind: row.remind,
    windowStartHour: row.windowStartHour,
    windowEndHour: row.windowEndHour,
    dailyCap: row.dailyCap,
    companyCount: row.companyCount,
    total: row.total,
    queued: Math.max(0, row.total - done),
    sent: row.sent,
    accepted: row.accepted,
    refused: row.refused,
    failed: row.failed,
    skipped: row.skipped,
    reserved: row.reserved,
    released: row.released,
    charged: row.status === OUTREACH_STATUS.ended ? row.reserved - row.released : delivered,
    resumeAfter: row.resumeAfter?.getTime() ?? null,
    cluePoolEntNameList: ents.map((e) => e.entName),
    demo,
    createTime: row.createdAt.getTime(),
  };
}

/** The first companies of each task, in selection order (its first rows by seq). */
export async function entNamesOf(taskIds: number[]): Promise<Map<number, CluePoolEnt[]>> {
  const out = new Map<number, CluePoolEnt[]>();
  if (taskIds.length === 0) return out;
  const rows = await getDb().execute<{
    task_id: string;
    enterprise_id: string;
    ent_name: string;
  }>(sql`
    select t.id as task_id, c.enterprise_id, c.ent_name from unnest(${sql.param(taskIds)}::bigint[]) as t(id)
    cross join lateral (
      select enterprise_id, ent_name from outreach_contacts where task_id = t.id order by seq limit 50
    ) c`);
  for (const r of rows.rows) {
    const id = Number(r.task_id);
    const list = out.get(id) ?? [];
    const entId = Number(r.enterprise_id);
    if (list.length < NAME_LIST_MAX && !list.some((e) => e.entId === entId))
      list.push({ entId, entName: r.ent_name });
    out.set(id, list);
  }
  return out;
}

export async function contactRowsOf(taskId: number): Promise<OutreachContactRow[]> {
  return getDb()
    .select()
    .from(outreachContacts)
    .where(eq(outreachContacts.taskId, taskId))
    .orderBy(asc(outreachContacts.seq));
}
