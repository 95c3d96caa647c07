import 'server-only';
import { z } from 'zod';
import {
  ApiError,
  defineJobKind,
  enqueueJob,
  getPool,
  type Periodic,
  startPeriodic,
} from '@/lib/server/platform';
import { getActiveTenant, notify } from '@/lib/server/identity';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { SKILL_NEW_COMPANIES_KIND, skillDetailHref } from '@/lib/shared/ai/skill.contract';
import { runSkill, skillByKey, stopSchedule } from './skill.service';

/**
 * The daily run of a skill (issue 34 item 2, ADR 0204). A schedule tick (every minute, any
 * instance: due rows are claimed with SKIP LOCKED and moved a day on) enqueues one durable
 * background job per due (member, skill); the job runs the skill as that member and sends a
 * message to the message centre only when companies not in the previous run appeared. A schedule
 * whose owner left the tenant (removed or disabled), whose tenant stopped, or whose edition lost
 * the skill stops with the reason.
 */

export const SKILL_SCHEDULE_JOB_KIND = 'ai-skill-schedule';
/** Scheduled runs have no browser: rate limits count them under this client. */
const SCHEDULE_CLIENT = { ip: '127.0.0.1', userAgent: 'skill-schedule' };

async function memberLeft(tenantId: number, userId: number): Promise<string | null> {
  const { rows } = await getPool().query<{ status: number }>(
    'select status from users where id = $1 and tenant_id = $2 and deleted_at is null',
    [userId, tenantId],
  );
  if (!rows[0]) return '成员已离开企业，每日运行已停止';
  if (rows[0].status !== 0) return '成员已停用，每日运行已停止';
  const tenant = await getActiveTenant(tenantId).catch(() => null);
  return tenant ? null : '企业已停用，每日运行已停止';
}

export const skillScheduleJob = defineJobKind<{ skillKey: number }, null>({
  kind: SKILL_SCHEDULE_JOB_KIND,
  params: z.object({ skillKey: z.number().int().min(1).max(10) }),
  concurrency: 2,
  retentionDays: 2,
  async run(ctx) {
    const member = { tenantId: ctx.tenantId ?? 0, userId: ctx.userId };
    const key = ctx.params.skillKey;
    const left = await memberLeft(member.tenantId, member.userId);
    if (left) {
      await stopSchedule(member, key, left);
      return { message: left };
    }
    const { rows } = await getPool().query<{ active: boolean }>(
      'select active from skill_schedules where tenant_id = $1 and user_id = $2 and skill_key = $3',
      [member.tenantId, member.userId, key],
    );
    if (!rows[0]?.active) return { message: '每日运行已停止' };
    await ctx.progress({ message: '正在运行技能' });
    let run;
    try {
      run = await runSkill(key, { auth: member, client: SCHEDULE_CLIENT }, 'schedule');
    } catch (err) {
      if (err instanceof ApiError && err.code === ERRORS.SKILL_LOCKED.code) {
        await stopSchedule(member, key, `${err.msg}；每日运行已停止`);
        return { message: err.msg };
      }
      throw err;
    }
    await getPool().query(
      `update skill_schedules set last_run_at = now(), job_id = null, updated_at = now()
        where tenant_id = $1 and user_id = $2 and skill_key = $3`,
      [member.tenantId, member.userId, key],
    );
    if (run.newCount > 0) {
      const skill = await skillByKey(key);
      const names = run.list.filter((c) => c.isNew).map((c) => c.name);
      await notify({
        kind: SKILL_NEW_COMPANIES_KIND,
        tenantId: member.tenantId,
        userIds: [member.userId],
        title: `数字员工「${skill.name}」发现 ${run.newCount} 家新企业`,
        content: `${names.slice(0, 3).join('、')}${names.length > 3 ? ' 等' : ''}，点击查看本次结果。`,
        link: skillDetailHref(key),
      });
    }
    return { result: { newCount: run.newCount, total: run.total } };
  },
});

/** One pass: claims the due schedules (moving them a day on) and enqueues their jobs. */
export async function runSkillSchedule(now = new Date()): Promise<number> {
  const { rows } = await getPool().query<{ tenant_id: string; user_id: string; skill_key: number }>(
    `update skill_schedules s set next_run_at = $1::timestamptz + interval '1 day', updated_at = now()
      where (s.tenant_id, s.user_id, s.skill_key) in (
        select tenant_id, user_id, skill_key from skill_schedules
         where active and next_run_at <= $1 order by next_run_at limit 100 for update skip locked)
      returning s.tenant_id, s.user_id, s.skill_key`,
    [now],
  );
  for (const r of rows) {
    const skill = await skillByKey(r.skill_key);
    const job = await enqueueJob(
      { userId: Number(r.user_id), tenantId: Number(r.tenant_id) },
      {
        kind: SKILL_SCHEDULE_JOB_KIND,
        title: `数字员工每日运行：${skill.name}`,
        params: { skillKey: r.skill_key },
      },
    );
    await getPool().query(
      'update skill_schedules set job_id = $4 where tenant_id = $1 and user_id = $2 and skill_key = $3',
      [r.tenant_id, r.user_id, r.skill_key, job.id],
    );
  }
  return rows.length;
}

/**
 * Runs the tick every `everyMs` (server.ts; SKILL_SCHEDULE_EVERY_MS shortens it for the e2e
 * server, default one minute).
 */
export function startSkillSchedule(opts: { everyMs?: number } = {}): Periodic {
  return startPeriodic({
    part: 'skill-schedule',
    what: 'skill schedule',
    run: () => runSkillSchedule(),
    everyMs: opts.everyMs ?? (Number(process.env.SKILL_SCHEDULE_EVERY_MS) || 60_000),
  });
}
