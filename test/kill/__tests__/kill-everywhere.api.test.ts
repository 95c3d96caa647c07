import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import {
  backgroundJobs,
  clues,
  orders,
  outreachContacts,
  outreachCreditEntries,
  outreachDemoRequests,
} from '@/db/schema';
import { getDb, getPool } from '@/lib/server/platform/db';
import { jobView } from '@/lib/server/platform/jobs/job-context';
import { readJobFile } from '@/lib/server/platform/jobs/job-files';
import { runMigrations } from '@/lib/server/platform/db/migrate';
import { confirmPayment } from '@/lib/server/commerce/trade/fulfil.service';
import { JOB_KINDS } from '@/lib/server/edge/jobs/kinds';
import { contentImportDir } from '@/lib/server/content/import/upload-file';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { createClue } from '@/lib/shared/clue/clue.contract';
import { batchWywContactByClue } from '@/lib/shared/wyw/wyw.contract';
import { exportClues, importClues } from '@/lib/shared/clue-io/clue-io.contract';
import { IMPORT_COLUMNS, IMPORT_STEP_ROWS } from '@/lib/shared/clue-io/clue-io.constants';
import { contentImport } from '@/lib/shared/content/content.contract';
import { createAiTask, createExportTask, sendMessage } from '@/lib/shared/ai/ai.contract';
import {
  plantEnterprise,
  seedFamily,
  type Family,
} from '@/lib/server/enterprise/__tests__/fixtures';
import { stopReportPdfWorker } from '@/lib/server/enterprise/report/pdf/report-pdf';
import { createQuicklyReport, getReport } from '@/lib/shared/enterprise-report/report.contract';
import { getVipList, getVipOrderQrcodeKey, ORDER_STATUS } from '@/lib/shared/trade/trade.contract';
import { callApi, callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { resetServerClock, setServerClock } from '@/lib/server/platform/clock/server-clock';
import { creditBalance } from '@/lib/server/commerce/outreach-credit/outreach-credit.service';
import { OUTREACH_CONTACT_STATE as S } from '@/lib/shared/ai/outreach.constants';
import {
  body as outreachBody,
  companies as outreachCompanies,
  create as createOutreach,
  grant as grantOutreach,
  claimedCount,
  scheduleUntilEnded,
  taskRow,
} from '@/lib/server/ai/outreach/__tests__/support';
import { importEnterprises } from '../../../db/import/enterprise-import';
import { writeSampleFiles } from '../../../db/import/sample-files';
import {
  faultEnv,
  killChild,
  killRuns,
  planKills,
  startChild,
  until,
  type KillPlan,
} from '../kill-harness';

/**
 * Issue 36 item 2: kill -9 at random moments and at named fault points, then recovery, then the
 * invariant — exactly once. KILL_RUNS kills per kind (CI: 2; `npm run test:kill`: 20), KILL_SEED
 * reproduces the printed plan.
 */
const RUNS = killRuns(2);
jest.setTimeout(60_000 + RUNS * 4 * 60_000);
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

beforeAll(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

// pg-boss's work loops sleep one polling interval (0.5 s) after a runner stopped: let the last
// one wake before Jest tears the environment down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 1500)));

describe('payment confirmation', () => {
  const plans = planKills('payment', RUNS, {
    points: ['payment.applying', 'payment.settled'],
    maxDelayMs: 120,
  });
  let productId = 0;
  beforeAll(async () => {
    const list = await callContract(getVipList);
    productId = list.data.find((e) => e.edition === 2)!.plans[0].productId;
  });

  it.each(plans.map((p) => [p.run, p]))(
    'kill #%i: the redelivered notification applies the order exactly once',
    async (_run, plan: KillPlan) => {
      const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
      const qr = (await callContract(getVipOrderQrcodeKey, { query: { productId } }, as(admin)))
        .data;
      const child = startChild(['payment', qr.orderNo, String(qr.amountFen)], faultEnv(plan));
      const killed = await killChild(child, plan);
      const atKill = await getDb().select().from(orders).where(eq(orders.orderNo, qr.orderNo));

      // The provider delivers the same notification again (it got no 'success' from the dead one).
      const again = await confirmPayment('demo', {
        orderNo: qr.orderNo,
        providerTradeNo: `T${qr.orderNo}`,
        amountFen: qr.amountFen,
        paid: true,
        eventId: 'kill-test',
        paidAt: new Date(),
      });
      expect(['applied', 'duplicate']).toContain(again);
      const paidAtKill = atKill[0].status === ORDER_STATUS.paid;
      console.log(
        `payment #${plan.run} ${plan.point ?? `${plan.delayMs} ms`}: ` +
          `${killed ? 'killed' : 'not killed'} with the order ${paidAtKill ? 'paid' : 'pending'}, ` +
          `redelivery ${again}`,
      );

      const [order] = await getDb().select().from(orders).where(eq(orders.orderNo, qr.orderNo));
      expect(order.status).toBe(ORDER_STATUS.paid);
      const { rows } = await getDb().execute<{
        applied: number;
        notices: number;
        edition: number;
        expires: string | null;
      }>(sql`
        select (select count(*)::int from payment_events
                 where order_id = ${order.id} and outcome = 'applied') applied,
               (select count(*)::int from notifications
                 where title = '支付成功' and content like ${`%${qr.orderNo}%`}
                   and user_id = ${admin.userId}) notices,
               t.edition, t.edition_expires_at::text expires
          from tenants t where t.id = ${admin.tenantId}`);
      const result = order.applyResult as {
        before: { edition: number };
        after: { edition: number; expireTime: number };
      };
      // Applied once, from the state before it: one event, one message, one year of edition 2.
      expect(rows[0]).toMatchObject({ applied: 1, notices: 1, edition: 2 });
      expect(result.before.edition).toBe(0);
      expect(new Date(rows[0].expires!).getTime()).toBe(result.after.expireTime);
      const days = (result.after.expireTime - order.appliedAt!.getTime()) / 86_400_000;
      expect(Math.round(days)).toBe(365);
    },
  );
});

/** A job of some kind killed mid-way in a child runner, then taken over by a runner here. */
async function killJob(
  plan: KillPlan,
  jobId: number,
  settle: (done: typeof backgroundJobs.$inferSelect) => Promise<unknown> = async () => true,
) {
  const jobRow = async () =>
    (await getDb().select().from(backgroundJobs).where(eq(backgroundJobs.id, jobId)))[0];
  const child = startChild(['jobs'], faultEnv(plan));
  const started = child.ready.then(() =>
    until('the child to take the job', async () => (await jobRow()).status !== 'queued'),
  );
  const ended = (row: typeof backgroundJobs.$inferSelect) =>
    ['succeeded', 'failed', 'cancelled'].includes(row.status) && row;
  // The job may end in the child before the point was passed that often, or before the delay.
  const settled = child.ready.then(() =>
    until('the job to end in the child', async () => ended(await jobRow()), 300_000),
  );
  settled.catch(() => undefined);
  const killed = await killChild(child, plan, { started, settled });
  // What the download centre offers at the moment of the kill: a file only once the job succeeded.
  const atKill = await jobRow();
  const view = jobView(atKill);
  expect(view.downloadable).toBe(atKill.status === 'succeeded' && atKill.fileKey !== null);

  const runner = await startTestJobRunner(JOB_KINDS, 2);
  try {
    const done = await until(
      'the job to end after the restart',
      async () => ended(await jobRow()),
      120_000,
    );
    expect({ status: done.status, error: done.error }).toEqual({
      status: 'succeeded',
      error: null,
    });
    // Nothing half-written left in the file store: no temporary file of an interrupted write.
    const filesDir = path.join(process.env.DATA_DIR!, 'files');
    const tmp = fs.existsSync(filesDir)
      ? fs.readdirSync(filesDir, { recursive: true }).filter((f) => String(f).endsWith('.tmp'))
      : [];
    expect(tmp).toEqual([]);
    // The job's own clean-up (its inputs) happens after a kill at its end too (by the sweeper
    // when the kill came between the end and the clean-up).
    await until('the clean-up after the end', () => settle(done), 30_000);
    // …and no file the download centre does not know of (a result stored by a killed attempt, an
    // upload left behind).
    const known = new Set(
      (await getDb().select({ key: backgroundJobs.fileKey }).from(backgroundJobs)).map(
        (r) => r.key,
      ),
    );
    const stray = fs.existsSync(filesDir)
      ? fs
          .readdirSync(filesDir, { recursive: true })
          .map((f) => path.basename(String(f)))
          .filter((f) => f.includes('.') && !known.has(f))
      : [];
    expect(stray).toEqual([]);
    console.log(
      `${plan.kind} #${plan.run} ${plan.point ?? `${plan.delayMs} ms`}: ` +
        `${killed ? 'killed' : 'not killed'} at ${atKill.status} ${atKill.processed}/${atKill.total ?? '?'}, ` +
        `attempt ${done.attempt} → ${done.status}`,
    );
    return { done, killed, atKill };
  } finally {
    await runner.stop();
  }
}

async function sheetRows(key: string): Promise<string[][]> {
  const data = await readJobFile(key);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
  );
  return rows;
}

const JOB_POINTS = [
  'job.file.named',
  'job.file.stored',
  'job.file.saved',
  'job.run.returned',
  'job.finished',
];

describe('lead export', () => {
  const plans = planKills('clue_export', RUNS, { points: JOB_POINTS, maxDelayMs: 600 });
  const LEADS = 40;
  let admin: TestUser;
  const prefix = `断电导出${process.pid}`;
  beforeAll(async () => {
    admin = await createTestUser({
      roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
      edition: 3,
    });
    for (let i = 0; i < LEADS; i++) {
      const r = await callContract(
        createClue,
        { body: { name: `${prefix}-${i}`, contactMobile: '13700001111' } },
        as(admin),
      );
      expect(r.code).toBe(200);
    }
  });

  it.each(plans.map((p) => [p.run, p]))(
    'kill #%i: the export ends with one complete file of every lead once',
    async (_run, plan: KillPlan) => {
      const r = await callContract(exportClues, { body: { keyword: prefix } }, as(admin));
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      const { done } = await killJob(plan, r.data.id);
      expect(done.result).toEqual({ rows: LEADS });
      const rows = await sheetRows(done.fileKey!);
      const names = rows.slice(1).map((row) => row[0]);
      expect(names.length).toBe(LEADS);
      expect(new Set(names).size).toBe(LEADS);
    },
  );
});

describe('lead import', () => {
  const plans = planKills('clue_import', RUNS, {
    points: ['job.file.stored', 'job.run.returned', 'job.finished'],
    maxDelayMs: 2500,
  });
  // Several steps of IMPORT_STEP_ROWS (each one transaction with its checkpoint), some bad rows.
  const ROWS = IMPORT_STEP_ROWS * 3 + 400;
  const BAD_EVERY = 500;
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createTestUser({
      roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
      edition: 3,
    });
  });

  it.each(plans.map((p) => [p.run, p]))(
    'kill #%i: every good row imported once, every bad row in the failures file once',
    async (run, plan: KillPlan) => {
      const prefix = `断电导入${process.pid}-${run}-`;
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('线索');
      sheet.addRow(IMPORT_COLUMNS.map((c) => c.header));
      for (let i = 1; i <= ROWS; i++)
        sheet.addRow([
          `${prefix}${i}号商贸有限公司`,
          '',
          '王经理',
          i % BAD_EVERY === 0 ? `1${i}` : `15${String(i).padStart(9, '0')}`,
        ]);
      const form = new FormData();
      form.set('file', new File([new Uint8Array(await book.xlsx.writeBuffer())], '线索.xlsx'));
      const r = await callApi<{ id: number }>(importClues.method, importClues.path, {
        form,
        token: admin.accessToken,
        tenantId: admin.tenantId,
      });
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      const filesDir = path.join(process.env.DATA_DIR!, 'files');
      const uploadGone = async (row: { params: unknown }) => {
        const key = (row.params as { inputFileKey: string }).inputFileKey;
        return !fs.readdirSync(filesDir, { recursive: true }).some((f) => String(f).endsWith(key));
      };
      const { done } = await killJob(plan, r.data.id, uploadGone);
      const bad = Math.floor(ROWS / BAD_EVERY);
      expect(done.result).toMatchObject({ total: ROWS, imported: ROWS - bad, failed: bad });
      const { rows } = await getDb().execute<{ n: number; distinct: number }>(sql`
        select count(*)::int n, count(distinct name)::int "distinct"
          from clues where tenant_id = ${admin.tenantId} and name like ${`${prefix}%`}`);
      expect(rows[0]).toEqual({ n: ROWS - bad, distinct: ROWS - bad });
      const failures = await sheetRows(done.fileKey!);
      expect(failures.length - 1).toBe(bad);
    },
  );
});

describe('AI export', () => {
  const plans = planKills('ai_export', RUNS, { points: JOB_POINTS, maxDelayMs: 600 });
  let user: TestUser;
  let ref: { taskId: number; messageId: number };
  let total = 0;
  const prefix = `断电智能导出${process.pid}`;
  beforeAll(async () => {
    delete process.env.LLM_BASE_URL;
    user = await createTestUser({ edition: 2 });
    for (let i = 0; i < 4; i++)
      await plantEnterprise({
        name: `${prefix}${i}有限公司`,
        provinceCode: '440000',
        cityCode: '440300',
        districtCode: '440305',
        tags: ['瞪羚'],
        regCapital: 3000,
      });
    const task = await callContract(createAiTask, { body: {} }, { token: user.accessToken });
    const sent = await callContract(
      sendMessage,
      { body: { taskId: task.data.taskId, query: '深圳市南山区的瞪羚企业' } },
      { token: user.accessToken },
    );
    expect(sent.code).toBe(200);
    ref = { taskId: sent.data.task.taskId, messageId: sent.data.reply.messageId };
    total = Math.min(sent.data.reply.aiMessage!.total, 2000);
  });

  it.each(plans.map((p) => [p.run, p]))(
    'kill #%i: the export ends with one complete file of every company once',
    async (_run, plan: KillPlan) => {
      const r = await callContract(
        createExportTask,
        { body: { ...ref, all: true } },
        { token: user.accessToken },
      );
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      const { done } = await killJob(plan, r.data.id);
      const rows = (await sheetRows(done.fileKey!)).slice(1);
      expect(rows.length).toBe(total);
      expect(new Set(rows.map((row) => row.join('|'))).size).toBe(total);
    },
  );
});

describe('report generation', () => {
  const plans = planKills('enterprise_report', RUNS, {
    points: ['job.step.committed#3', ...JOB_POINTS],
    maxDelayMs: 1500,
  });
  let family: Family;
  beforeAll(async () => {
    family = await seedFamily();
  });
  afterAll(() => stopReportPdfWorker());

  it.each(plans.map((p) => [p.run, p]))(
    'kill #%i: the report ends with its content and one complete PDF',
    async (_run, plan: KillPlan) => {
      // A member of their own each time: the month's allowance is per enterprise.
      const user = await createTestUser({ edition: 2 });
      const created = await callContract(
        createQuicklyReport,
        { body: { templateId: 2, entId: family.mainId } },
        as(user),
      );
      expect(created.code === 200 ? 200 : created.msg).toBe(200);
      const { done } = await killJob(plan, created.data.jobId);
      const pdf = (await readJobFile(done.fileKey!))!;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
      const report = await callContract(getReport, { query: { id: created.data.id } }, as(user));
      expect(report.data).toMatchObject({ status: 'succeeded', pdfReady: true });
      expect(report.data.content).toBeTruthy();
    },
  );
});

describe('contact collection', () => {
  const plans = planKills('wyw_batch', RUNS, {
    points: ['job.step.committed#2', 'job.run.returned', 'job.finished'],
    maxDelayMs: 1500,
  });
  // Two steps of WYW_STEP_LEADS (20).
  const LEADS = 30;
  let admin: TestUser;
  let seq = 0;
  beforeAll(async () => {
    // The demo source answers a company in 60 ms: a batch runs long enough to be killed in.
    process.env.WYW_DEMO_LATENCY_MS = '60';
    process.env.WYW_CONCURRENCY = '2';
    admin = await createTestUser({
      roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
      edition: 3,
    });
  });
  afterAll(() => {
    delete process.env.WYW_DEMO_LATENCY_MS;
    delete process.env.WYW_CONCURRENCY;
  });

  it.each(plans.map((p) => [p.run, p]))(
    'kill #%i: every lead collected once, every contact added once',
    async (_run, plan: KillPlan) => {
      const clueIds: number[] = [];
      const entIds: number[] = [];
      for (let i = 0; i < LEADS; i++) {
        seq += 1;
        const name = `断电挖掘${process.pid}测试${seq}有限公司`;
        const ent = await plantEnterprise({
          name,
          legalPerson: '王建国',
          website: `www.kill${process.pid}x${seq}.com`,
        });
        const [c] = await getDb()
          .insert(clues)
          .values({
            tenantId: admin.tenantId!,
            enterpriseId: ent.id,
            name,
            ownerUserId: admin.userId,
            creatorUserId: admin.userId,
            source: '手动录入',
          })
          .returning({ id: clues.id });
        clueIds.push(c.id);
        entIds.push(ent.id);
      }
      const contactsOf = async () =>
        (
          await getDb().execute<{ n: number }>(sql`
            select count(*)::int n from enterprise_contacts
             where enterprise_id = any(${sql.param(entIds)}::bigint[])`)
        ).rows[0].n;
      const before = await contactsOf();
      const r = await callContract(batchWywContactByClue, { body: { clueIds } }, as(admin));
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      const { done } = await killJob(plan, r.data.jobId);
      const { rows } = await getDb().execute<{
        items: number;
        leads: number;
        counted: number;
        contacts: number;
        dupes: number;
      }>(sql`
        select (select count(*)::int from wyw_batch_items where job_id = ${done.id}) items,
               (select count(distinct clue_id)::int from wyw_batch_items
                 where job_id = ${done.id}) leads,
               (select coalesce(sum(new_count), 0)::int from wyw_batch_items
                 where job_id = ${done.id}) counted,
               (select count(*)::int from enterprise_contacts
                 where enterprise_id = any(${sql.param(entIds)}::bigint[])) contacts,
               (select count(*)::int from (select 1 from enterprise_contacts
                 where enterprise_id = any(${sql.param(entIds)}::bigint[])
                 group by enterprise_id, type, value having count(*) > 1) d) dupes`);
      // Every lead once; the contacts counted are exactly those added, none twice.
      expect(rows[0]).toMatchObject({ items: LEADS, leads: LEADS, dupes: 0 });
      expect(rows[0].counted).toBe(rows[0].contacts - before);
      expect(rows[0].counted).toBeGreaterThan(0);
    },
  );
});

describe('content import', () => {
  const plans = planKills('content_import', RUNS, {
    points: ['job.run.returned', 'job.finished'],
    maxDelayMs: 3000,
  });
  const ITEMS = 600;
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createTestUser({ roleCodes: ['super_admin'], noTenant: true });
  });

  it.each(plans.map((p) => [p.run, p]))(
    'kill #%i: every item imported once and the upload removed at the end',
    async (run, plan: KillPlan) => {
      const tag = `kill:${process.pid}:${run}`;
      const text = Array.from({ length: ITEMS }, (_, i) =>
        JSON.stringify({
          type: 'news',
          sourceId: `${tag}:${i}`,
          title: `断电导入资讯 ${run}-${i}`,
          source: '测试来源',
          category: '投融资',
          publishDate: '2026-10-02',
          bodyHtml: `<p>${'园区项目签约落地。'.repeat(40)}</p>`,
        }),
      ).join('\n');
      const form = new FormData();
      form.set('file', new File([text], `kill-${run}.jsonl`));
      const r = await callApi<{ jobId: number }>('POST', contentImport.path, {
        form,
        token: admin.accessToken,
      });
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      const uploadGone = async (row: { params: unknown }) =>
        !fs.readdirSync(contentImportDir()).includes((row.params as { upload: string }).upload);
      const { done } = await killJob(plan, r.data.jobId, uploadGone);
      expect(done.result).toMatchObject({ rejectedCount: 0 });
      const { rows } = await getDb().execute<{ n: number; distinct: number }>(sql`
        select count(*)::int n, count(distinct source_id)::int "distinct"
          from content_news where source_id like ${`${tag}:%`}`);
      expect(rows[0]).toEqual({ n: ITEMS, distinct: ITEMS });
      expect(await uploadGone(done)).toBe(true);
    },
  );
});

describe('a migration', () => {
  const plans = planKills('migration', RUNS, { points: [], maxDelayMs: 1500 });
  const urlOf = (name: string) => {
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  async function onDb<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }
  const state = (url: string) =>
    onDb(url, async (c) => {
      const tables = await c.query<{ n: number }>(
        `select count(*)::int n from information_schema.tables where table_schema = 'public'`,
      );
      const applied = await c
        .query<{ n: number }>('select count(*)::int n from drizzle.__drizzle_migrations')
        .catch(() => ({ rows: [{ n: 0 }] }));
      return { tables: tables.rows[0].n, applied: applied.rows[0].n };
    });

  it.each(plans.map((p) => [p.run, p]))(
    'kill #%i: the migrations are applied fully or not at all, and finish on the next start',
    async (run, plan: KillPlan) => {
      const full = await state(process.env.DATABASE_URL!);
      const name = `kill_migration_${process.pid}_${run}`;
      const adminUrl = urlOf('postgres');
      await onDb(adminUrl, (c) => c.query(`create database ${name}`));
      try {
        const url = urlOf(name);
        const child = startChild(['migrate', url], faultEnv(plan));
        // The delay counts from the moment the migrator's transaction has written something.
        const writing = child.ready.then(() =>
          until(
            'the migrations to be writing',
            () =>
              onDb(adminUrl, async (c) => {
                const r = await c.query<{ n: number }>(
                  `select count(*)::int n from pg_stat_activity
                    where datname = $1 and backend_xid is not null`,
                  [name],
                );
                return r.rows[0].n > 0 || child.proc.exitCode !== null;
              }),
            30_000,
          ),
        );
        const killed = await killChild(child, plan, { started: writing });
        const after = await state(url);
        // One transaction for all of them: nothing of a killed run stays (the migrations'
        // table itself is created before it, empty).
        console.log(
          `migration #${run} ${plan.delayMs} ms: ${killed ? 'killed' : 'finished'}, ` +
            `${after.applied} migrations, ${after.tables} tables`,
        );
        if (killed && after.applied === 0) expect(after.tables).toBe(0);
        else expect(after).toEqual(full);
        await runMigrations(url);
        expect(await state(url)).toEqual(full);
      } finally {
        await onDb(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
      }
    },
  );
});

describe('add-contact task', () => {
  const plans = planKills('outreach_task', RUNS, {
    points: [
      'outreach.claiming#2',
      'outreach.claimed#2',
      'outreach.sent#2',
      'outreach.recording#2',
      'outreach.recorded#2',
      'outreach.pausing',
      'outreach.paused',
    ],
    // The day's 20 contacts take about 1.5 s: random kills land mostly before the pause.
    maxDelayMs: 1000,
  });
  // Two steps of OUTREACH_STEP_CONTACTS (10) up to the day's cap, the rest the next day.
  const CONTACTS = 24;
  const CAP = 20;
  beforeAll(() => {
    process.env.OUTREACH_DEMO_LATENCY_MS = '40';
    process.env.OUTREACH_DEMO_ANSWER_MS = '200';
    process.env.OUTREACH_ANSWER_WAIT_MS = '15000';
  });
  afterAll(() => {
    delete process.env.OUTREACH_DEMO_LATENCY_MS;
    delete process.env.OUTREACH_DEMO_ANSWER_MS;
    delete process.env.OUTREACH_ANSWER_WAIT_MS;
    resetServerClock();
  });

  it.each(plans.map((p) => [p.run, p]))(
    'kill #%i: nobody contacted twice, nobody lost, the counts and credits right',
    async (_run, plan: KillPlan) => {
      const admin = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
      await grantOutreach(admin, 100);
      const ents = await outreachCompanies(admin, CONTACTS);
      const r = await createOutreach(
        admin,
        outreachBody(ents, { dailyCap: CAP, endTime: Date.now() + 3 * 86_400_000 }),
      );
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      const taskId = r.data.addWeixinTask.id;
      const task = () => taskRow(taskId);
      // Killed somewhere up to the day's cap; the job (this one or its resumption) pauses there.
      await killJob(plan, (await task()).jobId!);
      const paused = await task();
      expect(paused.resumeAfter).not.toBeNull();
      expect(await claimedCount(taskId)).toBe(CAP);

      // The next day on the server clock: the schedule resumes it, the rest go out, answers come.
      setServerClock(paused.resumeAfter!.getTime() + 60_000);
      const runner = await startTestJobRunner(JOB_KINDS, 2);
      try {
        await scheduleUntilEnded(taskId, 120_000);
      } finally {
        await runner.stop();
        resetServerClock();
      }
      const done = await task();
      expect(done.endReason).toBe('finished');
      const states = await getDb()
        .select({ state: outreachContacts.state, n: sql<number>`count(*)::int` })
        .from(outreachContacts)
        .where(eq(outreachContacts.taskId, taskId))
        .groupBy(outreachContacts.state);
      const byState = Object.fromEntries(states.map((s) => [s.state, s.n]));
      // Nobody lost: every contact answered or closed, and the task's counts are the rows'.
      expect(Object.keys(byState).map(Number).sort()).toEqual(
        [S.accepted, S.refused, S.failed, S.skipped].filter((s) => byState[s]).sort(),
      );
      expect(done.accepted + done.refused + done.failed + done.skipped).toBe(CONTACTS);
      expect({
        accepted: done.accepted,
        refused: done.refused,
        failed: done.failed,
        skipped: done.skipped,
      }).toEqual({
        accepted: byState[S.accepted] ?? 0,
        refused: byState[S.refused] ?? 0,
        failed: byState[S.failed] ?? 0,
        skipped: byState[S.skipped] ?? 0,
      });
      // Nobody contacted twice: one provider request per contact and per number (a send repeated
      // after a kill carries the same ref and is absorbed).
      const asked = await getDb()
        .select()
        .from(outreachDemoRequests)
        .where(sql`${outreachDemoRequests.ref} like ${`t${taskId}c%`}`);
      expect(asked).toHaveLength(CONTACTS - done.skipped);
      expect(new Set(asked.map((a) => a.mobile)).size).toBe(asked.length);
      // Charged once: one reservation, at most one release, the balance = 100 − delivered.
      const entries = await getDb()
        .select()
        .from(outreachCreditEntries)
        .where(
          and(
            eq(outreachCreditEntries.tenantId, admin.tenantId!),
            sql`${outreachCreditEntries.ref} like 'task:%'`,
          ),
        );
      expect(entries.filter((e) => e.reason === 'reserve')).toHaveLength(1);
      expect(entries.filter((e) => e.reason === 'release').length).toBeLessThanOrEqual(1);
      expect(await creditBalance(admin.tenantId!)).toBe(100 - (done.accepted + done.refused));
      console.log(
        `outreach_task #${plan.run}: ${CONTACTS} contacts → ${done.accepted} accepted, ` +
          `${done.refused} refused, ${done.failed} failed, ${done.skipped} skipped; ` +
          `${asked.reduce((s, a) => s + a.attempts - 1, 0)} repeated sends absorbed`,
      );
    },
  );
});

describe('company data import', () => {
  const plans = planKills('enterprise_import', RUNS, {
    points: ['import.batch.committed#6', 'import.merge.before-commit'],
    maxDelayMs: 2000,
  });

  it.each(plans.map((p) => [p.run, p]))(
    'kill #%i: the rerun of the same command leaves every company once',
    async (run, plan: KillPlan) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kill-import-'));
      try {
        const files = await writeSampleFiles({ dir, count: 80, seed: 500 + run, gzip: false });
        const child = startChild(['import', '40', ...files], faultEnv(plan));
        const killed = await killChild(child, plan);
        const r = await importEnterprises(getPool(), { files, batchSize: 40 });
        console.log(
          `import #${run} ${plan.point ?? `${plan.delayMs} ms`}: ${killed ? 'killed' : 'finished'}, ` +
            `rerun ${r.resumed ? 'resumed' : 'new'}: ${r.inserted} inserted, ${r.unchanged} unchanged`,
        );
        expect(r.inserted + r.unchanged).toBe(80);
        const codes = fs
          .readFileSync(files[0], 'utf8')
          .split('\n')
          .slice(1)
          .filter(Boolean)
          .map((line) => line.split(',')[0]);
        const { rows } = await getPool().query<{ n: number; dupes: number }>(
          `select (select count(*)::int from enterprises where uncid = any($1)) n,
                  (select count(*)::int from (select uncid from enterprises group by 1 having count(*) > 1) x) dupes`,
          [codes],
        );
        expect(rows[0]).toEqual({ n: 80, dupes: 0 });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
