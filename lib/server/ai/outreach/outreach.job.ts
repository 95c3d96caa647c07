import { and, asc, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { outreachContacts, outreachOptOuts, outreachReached, outreachTasks } from '@/db/schema';
import {
  OUTREACH_CONTACT_STATE as S,
  OUTREACH_END_TEXT,
  OUTREACH_JOB_KIND,
  OUTREACH_REASON,
  OUTREACH_STATUS,
  OUTREACH_STEP_CONTACTS,
} from '@/lib/shared/ai/outreach.constants';
import {
  clockDate,
  defineJobKind,
  faultPoint,
  getDb,
  partLogger,
  type JobTx,
} from '@/lib/server/platform';
import { notify, NOTIFY_KINDS } from '@/lib/server/identity';
import { getOutreachProvider, type OutreachProvider, type SendOutcome } from './provider';
import { endTask, outreachDetailHref, releaseFailedAfterEnd } from './outreach-end';
import { recordAnswers } from './outreach-answers';
import { pushTask } from './outreach-push';
import type { OutreachContactRow, OutreachTaskRow } from './outreach-view';
import { chinaDayStartOf, chinaHour, nextDayWindowStart, nextWindowStart } from './outreach-time';

const log = partLogger('outreach');

export const outreachParamsSchema = z.object({ outreachTaskId: z.number().int().positive() });
export type OutreachParams = z.infer<typeof outreachParamsSchema>;
type Checkpoint = { round: number };

/** How often a pull provider is asked for answers while the job waits for them. */
const ANSWER_POLL_MS = 1000;
/**
 * How long the job waits for answers once everything is sent; then it leaves the task (running)
 * to the schedule, which asks every minute, so waiting tasks do not hold the workers.
 */
const answerWaitMs = () => Number(process.env.OUTREACH_ANSWER_WAIT_MS ?? 20_000);

const doneCount = (t: OutreachTaskRow) => t.sent + t.accepted + t.refused + t.failed + t.skipped;

async function loadTask(id: number, tx: JobTx | ReturnType<typeof getDb> = getDb()) {
  const [row] = await tx.select().from(outreachTasks).where(eq(outreachTasks.id, id));
  return row ?? null;
}

async function contactsIn(taskId: number, state: number, limit: number) {
  return getDb()
    .select()
    .from(outreachContacts)
    .where(and(eq(outreachContacts.taskId, taskId), eq(outreachContacts.state, state)))
    .orderBy(asc(outreachContacts.seq))
    .limit(limit);
}

/** Contacts claimed (sent or being sent) since the start of today, China time. */
async function claimedToday(taskId: number, now: Date): Promise<number> {
  const [r] = await getDb()
    .select({ n: count() })
    .from(outreachContacts)
    .where(
      and(
        eq(outreachContacts.taskId, taskId),
        isNotNull(outreachContacts.sentAt),
        gte(outreachContacts.sentAt, chinaDayStartOf(now)),
      ),
    );
  return Number(r.n);
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/** Asks the provider; no answer (timeout, outage, garbage) is a failure with its reason. */
async function sendOne(
  provider: OutreachProvider,
  task: OutreachTaskRow,
  c: OutreachContactRow,
): Promise<SendOutcome> {
  try {
    return await provider.send({
      ref: c.providerRef!,
      mobile: c.mobile!,
      greeting: task.greeting,
      personName: c.personName,
      entName: c.entName,
    });
  } catch (err) {
    log.warn(`provider ${provider.name} gave no answer for ${c.providerRef}: ${String(err)}`);
    return { ok: false, reason: OUTREACH_REASON.providerDown };
  }
}

/**
 * Claims up to `n` queued contacts in one fenced step: opted-out numbers and numbers the tenant
 * already reached (outreach_reached, any task) are skipped; the rest are marked sending with
 * their provider ref. The task row is locked first, so a stop (which locks it too) either comes
 * before — nothing is claimed — or after, and then counts these contacts as used.
 */
async function claim(
  tx: JobTx,
  taskId: number,
  n: number,
): Promise<{ task: OutreachTaskRow; claimed: OutreachContactRow[] }> {
  const [task] = await tx
    .select()
    .from(outreachTasks)
    .where(eq(outreachTasks.id, taskId))
    .for('update');
  if (task.status !== OUTREACH_STATUS.running) return { task, claimed: [] };
  const queued = await tx
    .select()
    .from(outreachContacts)
    .where(and(eq(outreachContacts.taskId, taskId), eq(outreachContacts.state, S.queued)))
    .orderBy(asc(outreachContacts.seq))
    .limit(n);
  const mobiles = queued.map((c) => c.mobile).filter((m): m is string => !!m);
  const opted = new Set(
    mobiles.length === 0
      ? []
      : (
          await tx
            .select({ mobile: outreachOptOuts.mobile })
            .from(outreachOptOuts)
            .where(
              and(
                eq(outreachOptOuts.tenantId, task.tenantId),
                sql`${outreachOptOuts.mobile} = any(${sql.param(mobiles)}::text[])`,
              ),
            )
        ).map((r) => r.mobile),
  );
  const claimed: OutreachContactRow[] = [];
  let skipped = 0;
  for (const c of queued) {
    let reason: string | null = null;
    if (!c.mobile) reason = OUTREACH_REASON.noMobile;
    else if (opted.has(c.mobile)) reason = OUTREACH_REASON.optedOut;
    else {
      const [won] = await tx
        .insert(outreachReached)
        .values({ tenantId: task.tenantId, mobile: c.mobile, contactId: c.id })
        .onConflictDoNothing()
        .returning({ id: outreachReached.contactId });
      if (!won) reason = OUTREACH_REASON.alreadyReached;
    }
    if (reason) {
      skipped += 1;
      await tx
        .update(outreachContacts)
        .set({ state: S.skipped, reason })
        .where(eq(outreachContacts.id, c.id));
      continue;
    }
    const [row] = await tx
      .update(outreachContacts)
      // Stamped by the server clock, which the day cap counts by (ADR 0213).
      .set({ state: S.sending, providerRef: `t${task.id}c${c.id}`, sentAt: clockDate() })
      .where(eq(outreachContacts.id, c.id))
      .returning();
    claimed.push(row);
  }
  const [after] = await tx
    .update(outreachTasks)
    .set({ skipped: sql`${outreachTasks.skipped} + ${skipped}`, updatedAt: sql`now()` })
    .where(eq(outreachTasks.id, taskId))
    .returning();
  return { task: after, claimed };
}

/** Records the provider's answers to sends; only contacts still marked sending change. */
async function recordSends(
  tx: JobTx,
  taskId: number,
  results: { c: OutreachContactRow; outcome: Outcome }[],
): Promise<OutreachTaskRow> {
  let sent = 0;
  let failed = 0;
  let skipped = 0;
  const [locked] = await tx
    .select()
    .from(outreachTasks)
    .where(eq(outreachTasks.id, taskId))
    .for('update');
  for (const { c, outcome } of results) {
    if ('notSent' in outcome) {
      // Never asked: the number is free for later tasks again and its credit comes back.
      const [row] = await tx
        .update(outreachContacts)
        .set({ state: S.skipped, reason: outcome.reason, sentAt: null })
        .where(and(eq(outreachContacts.id, c.id), eq(outreachContacts.state, S.sending)))
        .returning({ id: outreachContacts.id });
      if (!row) continue;
      skipped += 1;
      await tx
        .delete(outreachReached)
        .where(
          and(
            eq(outreachReached.tenantId, c.tenantId),
            eq(outreachReached.mobile, c.mobile!),
            eq(outreachReached.contactId, c.id),
          ),
        );
      if (locked.status === OUTREACH_STATUS.ended) await releaseFailedAfterEnd(tx, locked, c.id);
      continue;
    }
    const [row] = await tx
      .update(outreachContacts)
      .set(
        outcome.ok ? { state: S.sent } : { state: S.failed, reason: outcome.reason.slice(0, 100) },
      )
      .where(and(eq(outreachContacts.id, c.id), eq(outreachContacts.state, S.sending)))
      .returning({ id: outreachContacts.id });
    if (!row) continue;
    if (outcome.ok) sent += 1;
    else {
      failed += 1;
      if (locked.status === OUTREACH_STATUS.ended) await releaseFailedAfterEnd(tx, locked, c.id);
    }
  }
  const [task] = await tx
    .update(outreachTasks)
    .set({
      sent: sql`${outreachTasks.sent} + ${sent}`,
      failed: sql`${outreachTasks.failed} + ${failed}`,
      skipped: sql`${outreachTasks.skipped} + ${skipped}`,
      updatedAt: sql`now()`,
    })
    .where(eq(outreachTasks.id, taskId))
    .returning();
  return task;
}

/** Daily cap or sending hours: the task waits until `at`; the schedule starts it again. */
async function pause(task: OutreachTaskRow, at: Date, capReached: boolean): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx
      .update(outreachTasks)
      .set({ resumeAfter: at, updatedAt: sql`now()` })
      .where(and(eq(outreachTasks.id, task.id), eq(outreachTasks.status, OUTREACH_STATUS.running)));
    await pushTask(tx, task.id);
    faultPoint('outreach.pausing');
    if (capReached && task.remind)
      await notify(
        {
          kind: NOTIFY_KINDS.outreachDailyCap,
          tenantId: task.tenantId,
          userIds: [task.userId],
          title: '加微任务已达今日上限',
          content: `加微任务「${task.title}」今天已添加 ${task.dailyCap} 人，达到每日上限，明天 ${task.windowStartHour} 点继续。`,
          link: outreachDetailHref(task),
          onceKey: `outreach-cap:${task.id}:${chinaDayStartOf(clockDate()).toISOString().slice(0, 10)}`,
        },
        { tx },
      );
  });
}

/** A claimed contact that was not handed to the provider because its task was stopped. */
const NOT_SENT = { ok: false, reason: OUTREACH_REASON.stopped, notSent: true } as const;
type Outcome = SendOutcome | typeof NOT_SENT;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * outreach_task (加微任务, ADR 0199): sends a task's contacts one step at a time within its daily
 * cap and sending hours, then (pull providers) collects the answers. Every write is a fenced step
 * (ADR 0090). A contact is first claimed (state sending, its number registered for the tenant)
 * and committed, then sent outside any transaction with its ref as idempotency key, then its
 * result committed. A resumed attempt re-sends only contacts left in sending — with the same ref,
 * which the provider absorbs — so nobody is asked twice and no credit moves twice.
 */
export const outreachJob = defineJobKind<OutreachParams, Checkpoint>({
  kind: OUTREACH_JOB_KIND,
  params: outreachParamsSchema,
  concurrency: 2,
  retentionDays: 30,
  async run(ctx) {
    const id = ctx.params.outreachTaskId;
    const provider = getOutreachProvider();
    let round = ctx.checkpoint?.round ?? 0;
    let waitingSince: number | null = null;
    const first = await loadTask(id);
    if (!first) return { message: '任务不存在' };
    await ctx.progress({ total: first.total, processed: doneCount(first), message: '加微中' });

    for (;;) {
      const task = await loadTask(id);
      if (!task) return { message: '任务不存在' };
      if (task.status === OUTREACH_STATUS.ended)
        return { message: OUTREACH_END_TEXT[task.endReason ?? 'finished'] };
      const now = clockDate();
      if (task.endTime <= now) {
        await endTask(id, 'expired');
        return { message: OUTREACH_END_TEXT.expired };
      }

      // Contacts a killed attempt claimed but whose send was not recorded: same refs again.
      let batch = await contactsIn(id, S.sending, OUTREACH_STEP_CONTACTS);
      if (batch.length === 0) {
        const [{ n: queuedLeft }] = await getDb()
          .select({ n: count() })
          .from(outreachContacts)
          .where(and(eq(outreachContacts.taskId, id), eq(outreachContacts.state, S.queued)));
        if (Number(queuedLeft) > 0) {
          if (chinaHour(now) < task.windowStartHour || chinaHour(now) >= task.windowEndHour) {
            await pause(
              task,
              nextWindowStart(now, task.windowStartHour, task.windowEndHour),
              false,
            );
            return { message: '不在发送时段，到时继续' };
          }
          const today = await claimedToday(id, now);
          if (today >= task.dailyCap) {
            await pause(task, nextDayWindowStart(now, task.windowStartHour), true);
            faultPoint('outreach.paused');
            return { message: '已达今日上限，明天继续' };
          }
          const n = Math.min(OUTREACH_STEP_CONTACTS, task.dailyCap - today);
          batch = await ctx.step(async (tx) => {
            const { task: after, claimed } = await claim(tx, id, n);
            await pushTask(tx, id);
            faultPoint('outreach.claiming');
            round += 1;
            return {
              checkpoint: { round },
              processed: doneCount(after),
              total: after.total,
              message: '加微中',
              value: claimed,
            };
          });
          faultPoint('outreach.claimed');
          if (batch.length === 0) continue;
        }
      }

      if (batch.length > 0) {
        // A stop between two sends of the batch keeps the rest from going out.
        const stopped = async () => (await loadTask(id))?.status === OUTREACH_STATUS.ended;
        const results = await mapLimit(batch, provider.concurrency, async (c) => ({
          c,
          outcome: (await stopped()) ? NOT_SENT : await sendOne(provider, task, c),
        }));
        faultPoint('outreach.sent');
        await ctx.step(async (tx) => {
          const after = await recordSends(tx, id, results);
          await pushTask(tx, id);
          faultPoint('outreach.recording');
          round += 1;
          return { checkpoint: { round }, processed: doneCount(after), message: '加微中' };
        });
        faultPoint('outreach.recorded');
        continue;
      }

      // Everything is sent: wait for the answers.
      const waiting = await contactsIn(id, S.sent, 10_000);
      if (waiting.length === 0) {
        await endTask(id, 'finished');
        return { message: OUTREACH_END_TEXT.finished };
      }
      if (provider.answersBy === 'push') return { message: '已全部发送，等待对方通过' };
      waitingSince ??= Date.now();
      if (Date.now() - waitingSince > answerWaitMs())
        return { message: '已全部发送，等待对方通过' };
      const answers = await provider.answers(waiting.map((c) => c.providerRef!));
      if (answers.length > 0)
        await ctx.step(async (tx) => {
          await recordAnswers(tx, answers);
          const after = (await loadTask(id, tx))!;
          round += 1;
          return { checkpoint: { round }, processed: doneCount(after), message: '等待对方通过' };
        });
      else {
        await ctx.progress({ message: '等待对方通过' });
        await sleep(ANSWER_POLL_MS);
      }
    }
  },
});

/**
 * A running task with everything sent and no job: asks a pull provider for the answers, records
 * them and ends the task when none is left open (the schedule's part of ADR 0199).
 */
export async function collectAnswers(taskId: number): Promise<boolean> {
  const provider = getOutreachProvider();
  const waiting = await contactsIn(taskId, S.sent, 10_000);
  if (waiting.length > 0 && provider.answersBy === 'pull') {
    const answers = await provider.answers(waiting.map((c) => c.providerRef!));
    if (answers.length > 0) await getDb().transaction((tx) => recordAnswers(tx, answers));
  }
  const [open] = await getDb()
    .select({ n: count() })
    .from(outreachContacts)
    .where(
      and(
        eq(outreachContacts.taskId, taskId),
        sql`${outreachContacts.state} in (${S.queued}, ${S.sending}, ${S.sent})`,
      ),
    );
  if (Number(open.n) > 0) return false;
  return (await endTask(taskId, 'finished')) !== null;
}

/** Running tasks that wait only for answers and have no live job. */
export async function waitingTaskIds(): Promise<number[]> {
  const rows = await getDb().execute<{ id: string }>(sql`
    select t.id from outreach_tasks t
    where t.status = ${OUTREACH_STATUS.running} and t.resume_after is null
      and not exists (select 1 from outreach_contacts c where c.task_id = t.id and c.state in (${S.queued}, ${S.sending}))
      and not exists (select 1 from background_jobs j where j.id = t.job_id and j.status in ('queued', 'running'))
    limit 500`);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * Ended tasks (stopped, expired) with contacts that were sent before the end and not answered
 * yet, ended within the last 7 days: their answers still count (an accepted one is a follow-up).
 */
export async function lateAnswerTaskIds(): Promise<number[]> {
  const rows = await getDb().execute<{ id: string }>(sql`
    select t.id from outreach_tasks t
    where t.status = ${OUTREACH_STATUS.ended} and t.sent > 0
      and t.ended_at > now() - interval '7 days'
    limit 500`);
  return rows.rows.map((r) => Number(r.id));
}

/** Records the answers a pull provider has for an ended task's contacts still waiting. */
export async function collectLateAnswers(taskId: number): Promise<number> {
  const provider = getOutreachProvider();
  if (provider.answersBy !== 'pull') return 0;
  const waiting = await contactsIn(taskId, S.sent, 10_000);
  if (waiting.length === 0) return 0;
  const answers = await provider.answers(waiting.map((c) => c.providerRef!));
  if (answers.length === 0) return 0;
  return getDb().transaction((tx) => recordAnswers(tx, answers));
}

/** Ids of running tasks whose pause is over (daily cap, sending hours) or whose end time passed. */
export async function dueTaskIds(
  now = clockDate(),
): Promise<{ resume: number[]; expire: number[] }> {
  const rows = await getDb()
    .select({ id: outreachTasks.id, endTime: outreachTasks.endTime })
    .from(outreachTasks)
    .where(
      and(
        eq(outreachTasks.status, OUTREACH_STATUS.running),
        sql`(${outreachTasks.resumeAfter} <= ${now.toISOString()} or ${outreachTasks.endTime} <= ${now.toISOString()})`,
      ),
    )
    .limit(500);
  return {
    resume: rows.filter((r) => r.endTime > now).map((r) => r.id),
    expire: rows.filter((r) => r.endTime <= now).map((r) => r.id),
  };
}
