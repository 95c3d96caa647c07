import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPool } from '@/lib/server/platform/db';
import {
  digitalEmployeeConfig,
  digitalEmployeeConfigStatus,
  digitalEmployeeConfigUpdate,
  digitalEmployeeSkillGet,
  digitalEmployeeSkillRun,
  digitalEmployeeSkillSchedule,
  type EmployeeConfigStatus,
  type SkillDetail,
  type SkillRunView,
} from '@/lib/shared/ai/skill.contract';
import { DEFAULT_EMPLOYEE_CONFIG } from '@/lib/shared/ai/employee-config';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { callApi, callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import type { JobRunner } from '@/lib/server/platform/jobs/job-runner';
import { forgetEmployeeConfig } from '../skills/employee-config';
import { runSkillSchedule, skillScheduleJob } from '../skills/skill-schedule';

/**
 * The AI employee at work (issue 34 items 2-3): skills gated by edition with a Chinese refusal,
 * runs that find companies and keep the last results, the daily schedule's job that notifies only
 * when new companies appeared and stops when its owner left, and the configuration document
 * (ETag / 304, operator-only edit, audited, a broken document keeps the last good one).
 */
let free: TestUser;
let freeStaff: TestUser;
let standard: TestUser;
let other: TestUser;
let operator: TestUser;
let runner: JobRunner;
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

let seq = 0;
/** A company founded today: skill 6 (新成立企业) finds it. */
async function newCompany(): Promise<number> {
  seq += 1;
  const { rows } = await getPool().query<{ id: number }>(
    `insert into enterprises (name, uncid, org_type, status, legal_person, province_code, city_code,
       industry_section, industry_division, establish_date, reg_capital, staff_size, tags, weight)
     values ($1, $2, '有限责任公司', '存续', '李四', '330000', '330100', 'I', '65', current_date, 100, '1-49人', '{}', 0)
     returning id::int as id`,
    [
      `技能测试新企业${process.pid}${seq}有限公司`,
      `91SKIL${String(process.pid).slice(-4)}${String(seq).padStart(8, '0')}`,
    ],
  );
  return rows[0].id;
}

async function notifications(u: TestUser) {
  const { rows } = await getPool().query<{ title: string; link: string | null }>(
    `select title, link from notifications where user_id = $1 and template_code = 'skill_new_companies' order by id`,
    [u.userId],
  );
  return rows;
}

/** Makes the member's schedule due, runs the tick and waits for the job it enqueued. */
async function runDue(u: TestUser, key: number): Promise<void> {
  await getPool().query(
    `update skill_schedules set next_run_at = now() - interval '1 minute' where user_id = $1 and skill_key = $2`,
    [u.userId, key],
  );
  expect(await runSkillSchedule()).toBeGreaterThanOrEqual(1);
  const { rows } = await getPool().query<{ job_id: string }>(
    'select job_id from skill_schedules where user_id = $1 and skill_key = $2',
    [u.userId, key],
  );
  const jobId = Number(rows[0].job_id);
  for (let i = 0; i < 120; i += 1) {
    const job = await getPool().query<{ status: string }>(
      'select status from background_jobs where id = $1',
      [jobId],
    );
    if (['succeeded', 'failed', 'cancelled'].includes(job.rows[0]?.status)) {
      expect(job.rows[0].status).toBe('succeeded');
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the scheduled job did not finish');
}

beforeAll(async () => {
  free = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 0 });
  freeStaff = await createTestUser({ roleCodes: ['employee'], tenantId: free.tenantId! });
  standard = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 2 });
  other = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 4 });
  operator = await createTestUser({ roleCodes: ['super_admin'] });
  await newCompany();
  runner = await startTestJobRunner([skillScheduleJob]);
});

afterAll(async () => {
  await runner?.stop();
  delete process.env.AI_EMPLOYEE_CONFIG_URL;
  forgetEmployeeConfig({ all: true });
});

describe('skills per edition', () => {
  it('lists the ten skills, locked above the edition', async () => {
    const r = await callContract(digitalEmployeeSkillGet, { query: { key: 2 } }, as(free));
    expect(r.code).toBe(200);
    const d = r.data as SkillDetail;
    expect(d.skills.map((s) => s.key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(d.skill).toMatchObject({ key: 2, locked: true, editionName: '个人版' });
    expect(d.skills.find((s) => s.key === 6)?.locked).toBe(false);
    const std = await callContract(digitalEmployeeSkillGet, { query: { key: 4 } }, as(standard));
    expect((std.data as SkillDetail).skill.locked).toBe(false);
    expect((std.data as SkillDetail).skills.find((s) => s.key === 7)?.locked).toBe(true);
  });

  it('refuses a locked skill in Chinese, naming the edition that has it', async () => {
    const r = await callContract(digitalEmployeeSkillRun, { body: { key: 7 } }, as(free));
    expect(r.code).toBe(ERRORS.SKILL_LOCKED.code);
    expect(r.msg).toBe('「区域扩张」需要高级版及以上版本，请升级后使用');
    const s = await callContract(
      digitalEmployeeSkillSchedule,
      { body: { key: 7, enabled: true } },
      as(free),
    );
    expect(s.code).toBe(ERRORS.SKILL_LOCKED.code);
  });

  it('answers bad keys with a Chinese message, never a 500', async () => {
    for (const key of [0, 11, 'x', 2.5]) {
      const r = await callContract(digitalEmployeeSkillRun, { body: { key } }, as(free));
      expect(r.status).toBeLessThan(500);
      expect(r.msg).toContain('技能编号');
    }
    const anon = await callContract(digitalEmployeeSkillRun, { body: { key: 6 } });
    expect(anon.code).toBe(401);
  });
});

describe('running a skill', () => {
  it('finds companies with reasons and keeps them as the last results', async () => {
    const r = await callContract(digitalEmployeeSkillRun, { body: { key: 6 } }, as(free));
    expect(r.code).toBe(200);
    const run = r.data as SkillRunView;
    expect(run.list.length).toBeGreaterThan(0);
    expect(run.list[0].reason).toBe('成立 1 年以内');
    expect(run.newCount).toBe(run.list.length);
    const again = (await callContract(digitalEmployeeSkillRun, { body: { key: 6 } }, as(free)))
      .data as SkillRunView;
    expect(again.newCount).toBe(0);
    expect(again.list.every((c) => !c.isNew)).toBe(true);
    const d = (await callContract(digitalEmployeeSkillGet, { query: { key: 6 } }, as(free)))
      .data as SkillDetail;
    expect(d.lastRun?.runAt).toBe(again.runAt);
  });

  it('runs the search-like skills through their services', async () => {
    for (const key of [1, 2, 3, 4, 5, 8, 9, 10]) {
      const r = await callContract(digitalEmployeeSkillRun, { body: { key } }, as(other));
      expect({ key, code: r.code, msg: r.msg }).toEqual({
        key,
        code: 200,
        msg: expect.any(String),
      });
      expect(Array.isArray((r.data as SkillRunView).list)).toBe(true);
    }
  });

  it("keeps each member's runs to themselves", async () => {
    const d = (await callContract(digitalEmployeeSkillGet, { query: { key: 6 } }, as(freeStaff)))
      .data as SkillDetail;
    expect(d.lastRun).toBeNull();
    // Another tenant's id with this member's token is refused.
    const cross = await callContract(
      digitalEmployeeSkillGet,
      { query: { key: 6 } },
      { token: free.accessToken, tenantId: other.tenantId },
    );
    expect(cross.code).not.toBe(0);
  });
});

describe('the daily schedule', () => {
  it('runs as a job and notifies only when new companies appeared', async () => {
    const on = await callContract(
      digitalEmployeeSkillSchedule,
      { body: { key: 6, enabled: true } },
      as(free),
    );
    expect(on.code).toBe(200);
    expect(on.data).toMatchObject({ active: true });
    expect(new Date(on.data!.nextRunAt!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);

    await runDue(free, 6);
    expect(await notifications(free)).toHaveLength(0);

    await newCompany();
    await runDue(free, 6);
    const sent = await notifications(free);
    expect(sent).toHaveLength(1);
    expect(sent[0].title).toMatch(/^数字员工「新成立企业」发现 \d+ 家新企业$/);
    expect(sent[0].link).toBe('/digitalEmployeeDetail?key=6');
    const d = (await callContract(digitalEmployeeSkillGet, { query: { key: 6 } }, as(free)))
      .data as SkillDetail;
    expect(d.lastRun?.trigger).toBe('schedule');
    expect(d.schedule?.lastRunAt).not.toBeNull();

    const off = await callContract(
      digitalEmployeeSkillSchedule,
      { body: { key: 6, enabled: false } },
      as(free),
    );
    expect(off.data).toMatchObject({ active: false, nextRunAt: null });
  });

  it('stops when its owner left the tenant', async () => {
    const leaving = await createTestUser({ roleCodes: ['employee'], tenantId: free.tenantId! });
    await callContract(
      digitalEmployeeSkillSchedule,
      { body: { key: 6, enabled: true } },
      as(leaving),
    );
    await getPool().query('update users set status = 1 where id = $1', [leaving.userId]);
    await newCompany();
    await runDue(leaving, 6);
    const { rows } = await getPool().query<{ active: boolean; stopped_reason: string }>(
      'select active, stopped_reason from skill_schedules where user_id = $1',
      [leaving.userId],
    );
    expect(rows[0]).toEqual({ active: false, stopped_reason: '成员已停用，每日运行已停止' });
    expect(await notifications(leaving)).toHaveLength(0);

    const removed = await createTestUser({ roleCodes: ['employee'], tenantId: free.tenantId! });
    await callContract(
      digitalEmployeeSkillSchedule,
      { body: { key: 6, enabled: true } },
      as(removed),
    );
    await getPool().query('update users set deleted_at = now() where id = $1', [removed.userId]);
    await runDue(removed, 6);
    const gone = await getPool().query<{ active: boolean; stopped_reason: string }>(
      'select active, stopped_reason from skill_schedules where user_id = $1',
      [removed.userId],
    );
    expect(gone.rows[0]).toEqual({
      active: false,
      stopped_reason: '成员已离开企业，每日运行已停止',
    });
    // A stopped schedule is not picked up again.
    await getPool().query(
      `update skill_schedules set next_run_at = now() - interval '1 minute' where user_id = any($1)`,
      [[leaving.userId, removed.userId]],
    );
    const before = await getPool().query('select count(*)::int n from background_jobs');
    await runSkillSchedule();
    const after = await getPool().query('select count(*)::int n from background_jobs');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('the configuration document', () => {
  const getDoc = (headers: Record<string, string> = {}) =>
    callApi('GET', digitalEmployeeConfig.path, { headers });

  it('is served as JSON with an ETag and answers 304 to the same tag', async () => {
    forgetEmployeeConfig({ all: true });
    const first = await getDoc();
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ version: 1, greeting: DEFAULT_EMPLOYEE_CONFIG.greeting });
    const etag = first.res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.res.headers.get('cache-control')).toContain('max-age');
    const again = await getDoc({ 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.res.text()).toBe('');
  });

  it('is edited by the platform operator only, validated and audited', async () => {
    const doc = { ...DEFAULT_EMPLOYEE_CONFIG, greeting: '你好，我是测试助手' };
    for (const u of [free, other]) {
      const r = await callContract(digitalEmployeeConfigUpdate, { body: { config: doc } }, as(u));
      expect(r.code).toBe(ERRORS.FORBIDDEN.code);
    }
    const bad = await callContract(
      digitalEmployeeConfigUpdate,
      { body: { config: { ...doc, skills: doc.skills.slice(0, 9) } } },
      as(operator),
    );
    expect(bad.code).toBe(ERRORS.EMPLOYEE_CONFIG_INVALID.code);
    expect(bad.msg).toContain('技能须为编号 1-10 的十项');

    const before = (await getDoc()).res.headers.get('etag');
    const ok = await callContract(
      digitalEmployeeConfigUpdate,
      { body: { config: doc } },
      as(operator),
    );
    expect(ok.code).toBe(200);
    expect((ok.data as EmployeeConfigStatus).config.greeting).toBe('你好，我是测试助手');
    const served = await getDoc({ 'if-none-match': before! });
    expect(served.status).toBe(200);
    expect(served.json).toMatchObject({ greeting: '你好，我是测试助手' });
    const audit = await getPool().query(
      `select 1 from audit_logs where action = 'ai_employee_config.update' and user_id = $1`,
      [operator.userId],
    );
    expect(audit.rowCount).toBe(1);
    const status = await callContract(digitalEmployeeConfigStatus, {}, as(free));
    expect(status.code).toBe(ERRORS.FORBIDDEN.code);
  });

  it('gates skills by the edition the document names', async () => {
    const doc = {
      ...DEFAULT_EMPLOYEE_CONFIG,
      skills: DEFAULT_EMPLOYEE_CONFIG.skills.map((s) =>
        s.key === 6 ? { ...s, minEdition: 1 } : s,
      ),
    };
    await callContract(digitalEmployeeConfigUpdate, { body: { config: doc } }, as(operator));
    const r = await callContract(digitalEmployeeSkillRun, { body: { key: 6 } }, as(free));
    expect(r.msg).toBe('「新成立企业」需要个人版及以上版本，请升级后使用');
    await callContract(
      digitalEmployeeConfigUpdate,
      { body: { config: DEFAULT_EMPLOYEE_CONFIG } },
      as(operator),
    );
  });

  it('keeps the last good document when the stored one breaks, and says why', async () => {
    forgetEmployeeConfig({ all: true });
    const good = await getDoc();
    await getPool().query(`update ai_employee_config set doc = '{"version": 2}'::jsonb`);
    forgetEmployeeConfig();
    const after = await getDoc();
    expect(after.status).toBe(200);
    expect(after.res.headers.get('etag')).toBe(good.res.headers.get('etag'));
    const status = (await callContract(digitalEmployeeConfigStatus, {}, as(operator)))
      .data as EmployeeConfigStatus;
    expect(status.lastError).toBe('配置版本须为 1（version）');
  });

  it('reads a configured URL, revalidates it and keeps the last good one when it breaks', async () => {
    let body = JSON.stringify({ ...DEFAULT_EMPLOYEE_CONFIG, greeting: '来自外部地址' });
    let hits = 0;
    const server = http.createServer((req, res) => {
      hits += 1;
      if (req.headers['if-none-match'] === '"v1"' && body.includes('来自外部地址')) {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      process.env.AI_EMPLOYEE_CONFIG_URL = `http://127.0.0.1:${port}/employee.json`;
      forgetEmployeeConfig({ all: true });
      expect((await getDoc()).json).toMatchObject({ greeting: '来自外部地址' });
      forgetEmployeeConfig();
      expect((await getDoc()).json).toMatchObject({ greeting: '来自外部地址' });
      expect(hits).toBe(2);
      body = '{ not json';
      forgetEmployeeConfig();
      expect((await getDoc()).json).toMatchObject({ greeting: '来自外部地址' });
      const status = (await callContract(digitalEmployeeConfigStatus, {}, as(operator)))
        .data as EmployeeConfigStatus;
      expect(status).toMatchObject({
        source: 'url',
        lastError: expect.stringContaining('不是合法的 JSON'),
      });
      const save = await callContract(
        digitalEmployeeConfigUpdate,
        { body: { config: DEFAULT_EMPLOYEE_CONFIG } },
        as(operator),
      );
      expect(save.msg).toContain('请在该地址修改');
    } finally {
      delete process.env.AI_EMPLOYEE_CONFIG_URL;
      forgetEmployeeConfig({ all: true });
      server.close();
    }
  });
});
