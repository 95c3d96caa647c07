import 'server-only';
import { getPool } from '@/lib/server/platform';
import { configuredSkills } from '@/lib/shared/ai/employee-config';
import type { AiSkill } from '@/lib/shared/ai/skills';
import type {
  SkillCompany,
  SkillDetail,
  SkillRunView,
  SkillScheduleView,
  SkillSummary,
} from '@/lib/shared/ai/skill.contract';
import { getEdition, type EditionId } from '@/lib/shared/vip/editions';
import { loadEmployeeConfig } from './employee-config';
import { assertSkillAllowed, findCompanies, tenantEdition, type SkillCaller } from './skill-run';

/**
 * A member's skills (issue 34 item 2): the skills as the configuration document words and gates
 * them, a run (edition checked, companies found, kept as the member's last results with the ones
 * new since the previous run marked) and the daily schedule's rows.
 */

/** Runs kept per member and skill (the newest; older ones go when a run is stored). */
const RUNS_KEPT = 5;
const DAY_MS = 24 * 3600_000;

export async function currentSkills(): Promise<AiSkill[]> {
  return configuredSkills((await loadEmployeeConfig()).config);
}

export async function skillByKey(key: number): Promise<AiSkill> {
  const skill = (await currentSkills()).find((s) => s.key === key);
  // Keys are validated 1-10 by the contracts and the document always has all ten.
  if (!skill) throw new Error(`skill ${key} missing`);
  return skill;
}

function summary(skill: AiSkill, edition: EditionId): SkillSummary {
  return {
    key: skill.key,
    name: skill.name,
    summary: skill.summary,
    result: skill.result,
    examples: [...skill.examples],
    minEdition: skill.minEdition,
    editionName: getEdition(skill.minEdition).name,
    locked: edition < skill.minEdition,
    task: skill.task ?? null,
  };
}

type RunRow = {
  skill_key: number;
  trigger: 'manual' | 'schedule';
  total: number;
  new_count: number;
  companies: SkillCompany[];
  notice: string | null;
  created_at: Date;
};

function runView(r: RunRow): SkillRunView {
  return {
    skillKey: r.skill_key,
    runAt: r.created_at.toISOString(),
    trigger: r.trigger,
    total: r.total,
    newCount: r.new_count,
    list: r.companies,
    notice: r.notice,
  };
}

async function lastRun(
  member: { tenantId: number; userId: number },
  key: number,
): Promise<RunRow | null> {
  const { rows } = await getPool().query<RunRow>(
    `select skill_key, trigger, total, new_count, companies, notice, created_at from skill_runs
      where tenant_id = $1 and user_id = $2 and skill_key = $3 order by created_at desc, id desc limit 1`,
    [member.tenantId, member.userId, key],
  );
  return rows[0] ?? null;
}

type ScheduleRow = {
  active: boolean;
  next_run_at: Date;
  last_run_at: Date | null;
  stopped_reason: string | null;
};

async function scheduleOf(
  member: { tenantId: number; userId: number },
  key: number,
): Promise<SkillScheduleView | null> {
  const { rows } = await getPool().query<ScheduleRow>(
    `select active, next_run_at, last_run_at, stopped_reason from skill_schedules
      where tenant_id = $1 and user_id = $2 and skill_key = $3`,
    [member.tenantId, member.userId, key],
  );
  const s = rows[0];
  if (!s) return null;
  return {
    active: s.active,
    nextRunAt: s.active ? s.next_run_at.toISOString() : null,
    lastRunAt: s.last_run_at?.toISOString() ?? null,
    stoppedReason: s.stopped_reason,
  };
}

export async function skillDetail(
  key: number,
  member: { tenantId: number; userId: number },
): Promise<SkillDetail> {
  const [skills, edition] = await Promise.all([currentSkills(), tenantEdition(member.tenantId)]);
  const summaries = skills.map((s) => summary(s, edition));
  const run = await lastRun(member, key);
  return {
    skills: summaries,
    skill: summaries.find((s) => s.key === key) ?? summaries[0],
    lastRun: run ? runView(run) : null,
    schedule: await scheduleOf(member, key),
  };
}

/**
 * Runs a skill for a member and keeps it: the companies not in the member's previous run of the
 * skill are marked new (all of them on the first run).
 */
export async function runSkill(
  key: number,
  caller: SkillCaller,
  trigger: 'manual' | 'schedule' = 'manual',
): Promise<SkillRunView> {
  const skill = await skillByKey(key);
  await assertSkillAllowed(skill, caller.auth.tenantId);
  const found = await findCompanies(skill, caller);
  const previous = await lastRun(caller.auth, key);
  const before = new Set(previous?.companies.map((c) => c.id) ?? []);
  const list: SkillCompany[] = found.list.map((c) => ({ ...c, isNew: !before.has(c.id) }));
  const newCount = previous ? list.filter((c) => c.isNew).length : list.length;
  const { rows } = await getPool().query<RunRow>(
    `with stored as (
       insert into skill_runs (tenant_id, user_id, skill_key, trigger, total, new_count, companies, notice)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       returning skill_key, trigger, total, new_count, companies, notice, created_at, id),
     old as (
       delete from skill_runs where id in (
         select id from skill_runs where tenant_id = $1 and user_id = $2 and skill_key = $3
          order by created_at desc, id desc offset $9))
     select * from stored`,
    [
      caller.auth.tenantId,
      caller.auth.userId,
      key,
      trigger,
      found.total,
      newCount,
      JSON.stringify(list),
      found.notice,
      RUNS_KEPT - 1,
    ],
  );
  return runView(rows[0]);
}

/** Starts (next run a day from now) or stops a member's daily run of a skill. */
export async function setSkillSchedule(
  key: number,
  enabled: boolean,
  member: { tenantId: number; userId: number },
): Promise<SkillScheduleView> {
  if (enabled) {
    await assertSkillAllowed(await skillByKey(key), member.tenantId);
    await getPool().query(
      `insert into skill_schedules (tenant_id, user_id, skill_key, active, next_run_at)
       values ($1, $2, $3, true, $4)
       on conflict (tenant_id, user_id, skill_key) do update
         set active = true, next_run_at = excluded.next_run_at, stopped_reason = null, updated_at = now()`,
      [member.tenantId, member.userId, key, new Date(Date.now() + DAY_MS)],
    );
  } else {
    await getPool().query(
      `update skill_schedules set active = false, stopped_reason = null, updated_at = now()
        where tenant_id = $1 and user_id = $2 and skill_key = $3`,
      [member.tenantId, member.userId, key],
    );
  }
  return (
    (await scheduleOf(member, key)) ?? {
      active: false,
      nextRunAt: null,
      lastRunAt: null,
      stoppedReason: null,
    }
  );
}

/** A schedule that can no longer run stops with its reason (shown on the page). */
export async function stopSchedule(
  member: { tenantId: number; userId: number },
  key: number,
  reason: string,
): Promise<void> {
  await getPool().query(
    `update skill_schedules set active = false, stopped_reason = $4, job_id = null, updated_at = now()
      where tenant_id = $1 and user_id = $2 and skill_key = $3`,
    [member.tenantId, member.userId, key, reason],
  );
}

export { DAY_MS };
