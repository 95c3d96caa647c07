import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { backgroundJobs, outreachTasks } from '@/db/schema';
import { OUTREACH_JOB_KIND, OUTREACH_STATUS } from '@/lib/shared/ai/outreach.constants';
import { clockDate, enqueueJob, getDb, type Periodic, startPeriodic } from '@/lib/server/platform';
import {
  collectAnswers,
  collectLateAnswers,
  dueTaskIds,
  lateAnswerTaskIds,
  waitingTaskIds,
} from './outreach.job';
import { endTask } from './outreach-end';

/**
 * One pass of the schedule: running tasks past their end time end (expired; unused credits go
 * back), paused ones whose pause is over (daily cap, sending hours) get a new job — unless
 * their job is still queued or running — fully sent ones without a job collect their answers
 * (and end when none is left open), and ended ones still record answers to what they sent before
 * the end. Answers what it did.
 */
export async function runOutreachSchedule(
  now = clockDate(),
): Promise<{ expired: number; resumed: number; finished: number; lateAnswers: number }> {
  const due = await dueTaskIds(now);
  let expired = 0;
  for (const id of due.expire) if (await endTask(id, 'expired')) expired += 1;
  let resumed = 0;
  for (const id of due.resume) {
    const [task] = await getDb().select().from(outreachTasks).where(eq(outreachTasks.id, id));
    if (!task || task.status !== OUTREACH_STATUS.running) continue;
    if (task.jobId !== null) {
      const [live] = await getDb()
        .select({ id: backgroundJobs.id })
        .from(backgroundJobs)
        .where(
          and(
            eq(backgroundJobs.id, task.jobId),
            inArray(backgroundJobs.status, ['queued', 'running']),
          ),
        );
      if (live) continue;
    }
    // The pause ends with the job's insert, not after it: a quick job may pause the task again
    // (daily cap) before a later write here, which would then erase that pause.
    await enqueueJob(
      { userId: task.userId, tenantId: task.tenantId },
      { kind: OUTREACH_JOB_KIND, title: `加微任务：${task.title}`, params: { outreachTaskId: id } },
      {
        afterInsert: async (tx, job) => {
          await tx
            .update(outreachTasks)
            .set({ jobId: job.id, resumeAfter: null, updatedAt: sql`now()` })
            .where(eq(outreachTasks.id, id));
        },
      },
    );
    resumed += 1;
  }
  let finished = 0;
  for (const id of await waitingTaskIds())
    if (await collectAnswers(id).catch(() => false)) finished += 1;
  let lateAnswers = 0;
  for (const id of await lateAnswerTaskIds())
    lateAnswers += await collectLateAnswers(id).catch(() => 0);
  return { expired, resumed, finished, lateAnswers };
}

/** Runs the schedule every `everyMs` (server.ts starts it beside the other schedules). */
export function startOutreachSchedule(opts: { everyMs?: number } = {}): Periodic {
  return startPeriodic({
    part: 'outreach',
    what: 'outreach schedule',
    run: runOutreachSchedule,
    everyMs: opts.everyMs ?? 60_000,
  });
}
