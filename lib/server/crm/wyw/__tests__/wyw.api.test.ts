import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import WebSocket from 'ws';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  backgroundJobs,
  clues,
  enterpriseContacts,
  enterpriseUnlocks,
  wywBatchItems,
} from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { getWywStatus } from '@/lib/shared/enterprise/enterprise.contract';
import { downloadJobFile, getJobPage } from '@/lib/shared/jobs/job.contract';
import {
  WYW_SOCKET_PATH,
  WYW_STATUS,
  WYW_TEXT,
  wywSuccessText,
  wywSummaryText,
} from '@/lib/shared/wyw/wyw.constants';
import {
  batchWywContactByClue,
  batchWywPreview,
  deleteBatchWywJob,
  getBatchWywJob,
  getProgressWywJobId,
  wywCollect,
  type WywJobState,
} from '@/lib/shared/wyw/wyw.contract';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import type { JobRunner } from '@/lib/server/platform/jobs/job-runner';
import type { WebSocketGateway } from '@/lib/server/platform/push/websocket-gateway';
import { createAppWebSocketGateway } from '@/lib/server/edge/sockets/app-sockets';
import { SESSION_ENDED_CLOSE_CODE } from '@/lib/server/platform/push/socket-registry';
import { logout } from '@/lib/shared/auth/auth.contract';
import {
  cleanContacts,
  setContactSource,
  type CompanyRef,
  type ContactSource,
} from '@/lib/server/crm/contact-source';
import {
  createDemoContactSource,
  demoContactsFor,
} from '@/lib/server/crm/contact-source/demo-contact-source';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { as, scopedRole } from '@/test/helpers/crm-team';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { wywBatchJob, WYW_EXPORT_HEADERS, WYW_SUMMARY_SHEET } from '../wyw-batch.job';
import { wywSingleJob } from '../wyw-single.job';
import { companyRefs } from '../collect';

/**
 * 批量导出 and 挖一挖 (issue 15): the three calls with scope, other members and enterprises
 * refused, a second start returning the running job, stop, a lead deleted mid-job counted, the
 * result file masked, the progress socket (a real ws client on the real gateway), single-company
 * collection, and a job resumed after kill -9 of its worker process.
 */

installMemoryFileStorage();
const tag = `${process.pid}${Math.floor(Math.random() * 1e5)}`;

let runner: JobRunner;
let admin: TestUser;
let selfOnly: TestUser;
let colleague: TestUser;
let stranger: TestUser;
const fast = createDemoContactSource({ latencyMs: 2, concurrency: 4 });

let seq = 0;
/** n companies, each with a lead of `owner` linked to it. */
async function leads(owner: TestUser, n: number): Promise<{ clueIds: number[]; entIds: number[] }> {
  const clueIds: number[] = [];
  const entIds: number[] = [];
  for (let i = 0; i < n; i++) {
    seq += 1;
    const ent = await plantEnterprise({
      name: `挖掘${tag}测试${seq}有限公司`,
      legalPerson: '王建国',
      website: `www.wyw${tag}x${seq}.com`,
    });
    const [c] = await getDb()
      .insert(clues)
      .values({
        tenantId: owner.tenantId!,
        enterpriseId: ent.id,
        name: `挖掘${tag}测试${seq}有限公司`,
        ownerUserId: owner.userId,
        creatorUserId: owner.userId,
        source: '手动录入',
      })
      .returning({ id: clues.id });
    clueIds.push(c.id);
    entIds.push(ent.id);
  }
  return { clueIds, entIds };
}

async function until<T>(what: string, probe: () => Promise<T | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const state = async (u: TestUser, jobId: number) =>
  (await callContract(getBatchWywJob, { query: { jobId } }, as(u))).data as WywJobState;

const ended = (u: TestUser, jobId: number) =>
  until(`job ${jobId} to end`, async () => {
    const s = await state(u, jobId);
    return s.status !== WYW_STATUS.running && s;
  });

const start = (u: TestUser, clueIds: number[]) =>
  callContract(batchWywContactByClue, { body: { clueIds } }, as(u));

const contactRows = async (entIds: number[]) =>
  Number(
    (
      await getDb()
        .select({ n: count() })
        .from(enterpriseContacts)
        .where(sql`${enterpriseContacts.enterpriseId} = any(${sql.param(entIds)}::bigint[])`)
    )[0].n,
  );

/** A source whose answers wait until the test opens the gate. */
function gatedSource(): { source: ContactSource; open: () => void; asked: () => number } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  let asked = 0;
  return {
    source: {
      name: 'gated',
      concurrency: 4,
      async collect(company: CompanyRef) {
        asked += 1;
        await gate;
        return demoContactsFor(company);
      },
    },
    open: () => release(),
    asked: () => asked,
  };
}

beforeAll(async () => {
  setContactSource(fast);
  runner = await startTestJobRunner([wywBatchJob, wywSingleJob]);
  admin = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    edition: 3,
  });
  await scopedRole(`wyw_self_${tag}`, 5, ['szjk:clue:', 'szjk:enterprise:wyw']);
  selfOnly = await createTestUser({ tenantId: admin.tenantId!, roleCodes: [`wyw_self_${tag}`] });
  colleague = await createTestUser({ tenantId: admin.tenantId!, roleCodes: [`wyw_self_${tag}`] });
  stranger = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
  });
}, 120_000);
afterAll(async () => {
  setContactSource(null);
  await runner.stop();
});

describe('batch collection', () => {
  it('collects, counts what is new, writes a masked 导出.xlsx, and finds nothing new the second time', async () => {
    const { clueIds, entIds } = await leads(admin, 25);
    // One company unlocked by the enterprise: its contacts show in the file unmasked.
    await getDb()
      .insert(enterpriseUnlocks)
      .values({ tenantId: admin.tenantId!, enterpriseId: entIds[0], userId: admin.userId });
    const before = await contactRows(entIds);

    const r = await start(admin, clueIds);
    expect(r.code).toBe(200);
    expect(r.data.created).toBe(true);
    expect(r.data.state).toMatchObject({ totalCompanyNum: 25, status: WYW_STATUS.running });
    const done = await ended(admin, r.data.jobId);
    const added = (await contactRows(entIds)) - before;
    expect(done).toMatchObject({
      status: WYW_STATUS.finished,
      progressPercent: 100,
      processedCompanyNum: 25,
      totalCompanyNum: 25,
      newContactNum: added,
      skippedNum: 0,
      downloadable: true,
      fileName: '导出.xlsx',
    });
    expect(added).toBeGreaterThan(0);
    const items = await getDb()
      .select()
      .from(wywBatchItems)
      .where(eq(wywBatchItems.jobId, r.data.jobId));
    expect(items).toHaveLength(25);
    expect(done.newContactCompanyNum).toBe(items.filter((i) => i.newCount > 0).length);
    const [job] = await getDb()
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, r.data.jobId));
    // One set of counts: the state (toast), the job's message (下载中心) and the file's 汇总.
    expect(done).toMatchObject({
      collectedCompanyNum: 25,
      exportedNum: 25,
      omittedNum: 0,
      unlockedNum: 0,
    });
    expect(done.summary).toBe(
      wywSummaryText({
        collectedCompanyNum: 25,
        newContactNum: done.newContactNum,
        exportedNum: 25,
        omittedNum: 0,
        maskedNum: done.maskedNum,
        unlockedNum: 0,
      }),
    );
    expect(done.summary).toContain(wywSuccessText(25, done.newContactNum));
    expect(job.message).toBe(done.summary);

    // The file (also in the download centre): one row per lead, masked unless unlocked.
    const file = await callContract(downloadJobFile, { query: { id: r.data.jobId } }, as(admin));
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.res.arrayBuffer());
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
    );
    expect(rows[0]).toEqual(WYW_EXPORT_HEADERS);
    expect(rows).toHaveLength(26);
    const realMobiles = (
      await getDb()
        .select({ v: enterpriseContacts.value, e: enterpriseContacts.enterpriseId })
        .from(enterpriseContacts)
        .where(
          and(
            sql`${enterpriseContacts.enterpriseId} = any(${sql.param(entIds)}::bigint[])`,
            eq(enterpriseContacts.type, 'mobile'),
          ),
        )
    ).filter((m) => m.e !== entIds[0]);
    const text = rows.map((x) => x.join('|')).join('\n');
    for (const m of realMobiles) expect(text).not.toContain(m.v);
    const [first] = await companyRefs([entIds[0]]);
    const unlockedMobiles = demoContactsFor(first).filter((c) => c.type === 'mobile');
    for (const m of unlockedMobiles) expect(rows[1].join('|')).toContain(m.value);

    const summary: string[][] = [];
    wb.getWorksheet(WYW_SUMMARY_SHEET)!.eachRow((row) =>
      summary.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
    );
    expect(summary).toContainEqual(['已采集企业', '25']);
    // Masked: the rows the file marks 未解锁（打码）(companies with contacts, not unlocked).
    const masked = rows.filter((x) => x[5] === '未解锁（打码）').length;
    expect(masked).toBeGreaterThan(0);
    expect(done.maskedNum).toBe(masked);
    expect(summary).toContainEqual(['联系方式打码的线索', String(masked)]);
    expect(summary.at(-1)).toEqual([done.summary]);

    // Again: the same contacts are known, nothing new is stored.
    const again = await start(admin, clueIds);
    const second = await ended(admin, again.data.jobId);
    expect(second).toMatchObject({ status: 1, newContactNum: 0, newContactCompanyNum: 0 });
    expect((await contactRows(entIds)) - before).toBe(added);
  }, 120_000);

  it('says before exporting how many are locked; unlocks them against the quota or leaves them out', async () => {
    // Issue 28 item 7: a paying tenant got masked numbers for 9 of 10 leads with no warning.
    const { clueIds, entIds } = await leads(admin, 4);
    await getDb()
      .insert(enterpriseUnlocks)
      .values({ tenantId: admin.tenantId!, enterpriseId: entIds[0], userId: admin.userId });
    const p = await callContract(batchWywPreview, { body: { clueIds } }, as(admin));
    expect(p.code).toBe(200);
    expect(p.data).toMatchObject({ leadNum: 4, lockedNum: 3, unlockCost: 3, canUnlock: true });
    expect(p.data.remaining).toBeGreaterThanOrEqual(3);

    // Leave them out: only the unlocked lead is in the file, and every count says so.
    const omit = await callContract(
      batchWywContactByClue,
      { body: { clueIds, locked: 'omit' } },
      as(admin),
    );
    const omitted = await ended(admin, omit.data.jobId);
    expect(omitted).toMatchObject({ exportedNum: 1, omittedNum: 3, maskedNum: 0, unlockedNum: 0 });
    expect(omitted.summary).toContain('3条未解锁未导出');

    // Unlock them: charged once per company, none masked, the preview then finds none locked.
    const unlock = await callContract(
      batchWywContactByClue,
      { body: { clueIds, locked: 'unlock' } },
      as(admin),
    );
    const unlocked = await ended(admin, unlock.data.jobId);
    expect(unlocked).toMatchObject({ exportedNum: 4, omittedNum: 0, maskedNum: 0, unlockedNum: 3 });
    expect(unlocked.summary).toContain('解锁3家');
    const after = await callContract(batchWywPreview, { body: { clueIds } }, as(admin));
    expect(after.data).toMatchObject({ lockedNum: 0, unlockCost: 0 });
    expect(after.data.remaining).toBe(p.data.remaining - 3);

    // A member without the unlock permission is told so and cannot ask for it.
    const own = await leads(selfOnly, 1);
    const theirs = await callContract(
      batchWywPreview,
      { body: { clueIds: own.clueIds } },
      as(selfOnly),
    );
    expect(theirs.data).toMatchObject({ lockedNum: 1, canUnlock: false });
    expect(theirs.data.unlockBlocked).toContain('权限');
    const refused = await callContract(
      batchWywContactByClue,
      { body: { clueIds: own.clueIds, locked: 'unlock' } },
      as(selfOnly),
    );
    expect(refused.code).toBe(403);
  }, 120_000);

  it('returns the running job instead of a second one; get-progress finds it; 终止导出 stops it', async () => {
    const gated = gatedSource();
    setContactSource(gated.source);
    try {
      const { clueIds } = await leads(selfOnly, 30);
      const first = await start(selfOnly, clueIds);
      expect(first.data.created).toBe(true);
      const dup = await start(selfOnly, clueIds.slice(0, 3));
      expect(dup.data).toMatchObject({ created: false, jobId: first.data.jobId });
      const jobs = await getDb()
        .select({ n: count() })
        .from(backgroundJobs)
        .where(
          and(eq(backgroundJobs.userId, selfOnly.userId), eq(backgroundJobs.kind, 'wyw_batch')),
        );
      expect(Number(jobs[0].n)).toBe(1);

      const progress = await callContract(getProgressWywJobId, {}, as(selfOnly));
      expect(progress.data).toBe(first.data.jobId);
      // Nobody else sees, reads or stops it.
      expect((await callContract(getProgressWywJobId, {}, as(colleague))).data).toBeNull();
      for (const u of [colleague, stranger, admin]) {
        const q = { query: { jobId: first.data.jobId } };
        expect((await callContract(getBatchWywJob, q, as(u))).code).toBe(404);
        expect((await callContract(deleteBatchWywJob, q, as(u))).code).toBe(404);
      }

      await until('the job to ask the source', async () => gated.asked() > 0);
      const stop = await callContract(
        deleteBatchWywJob,
        { query: { jobId: first.data.jobId } },
        as(selfOnly),
      );
      expect(stop.data).toBe(true);
      // At once, while the worker still finishes its step: stopped, nothing to restore.
      expect((await state(selfOnly, first.data.jobId)).status).toBe(WYW_STATUS.stopped);
      expect((await callContract(getProgressWywJobId, {}, as(selfOnly))).data).toBeNull();
      gated.open();
      const row = await until('the worker to wind down', async () => {
        const [r] = await getDb()
          .select()
          .from(backgroundJobs)
          .where(eq(backgroundJobs.id, first.data.jobId));
        return r.status === 'cancelled' && r;
      });
      expect(row.processed).toBeLessThan(30);
      expect((await state(selfOnly, first.data.jobId)).status).toBe(WYW_STATUS.stopped);
      // A new batch may start now.
      const next = await start(selfOnly, clueIds.slice(0, 2));
      expect(next.data.created).toBe(true);
      await ended(selfOnly, next.data.jobId);
    } finally {
      gated.open();
      setContactSource(fast);
    }
  }, 120_000);

  it('takes only leads in the caller’s scope and refuses a selection with none', async () => {
    const mine = await leads(colleague, 2);
    const theirs = await leads(selfOnly, 2);
    const foreign = await leads(stranger, 1);
    const none = await start(colleague, [...theirs.clueIds, ...foreign.clueIds]);
    expect(none.code).toBe(400);
    expect(none.msg).toBe(WYW_TEXT.noneInScope);
    const r = await start(colleague, [...theirs.clueIds, ...mine.clueIds, ...foreign.clueIds]);
    expect(r.data.state.totalCompanyNum).toBe(2);
    const done = await ended(colleague, r.data.jobId);
    expect(done).toMatchObject({ status: 1, processedCompanyNum: 2 });
    // The admin (all data) may include the members' leads.
    const all = await start(admin, [...theirs.clueIds, ...mine.clueIds]);
    expect(all.data.state.totalCompanyNum).toBe(4);
    await ended(admin, all.data.jobId);
    // A member without the export permission is refused.
    const plain = await createTestUser({ tenantId: admin.tenantId!, roleCodes: ['nobody'] });
    expect((await start(plain, mine.clueIds)).code).toBe(403);
    // No selection, or a bad one.
    expect((await start(colleague, [])).code).toBe(400);
  }, 120_000);

  it('skips and counts a lead deleted while the job runs', async () => {
    const gated = gatedSource();
    setContactSource(gated.source);
    try {
      const { clueIds } = await leads(admin, 25);
      const r = await start(admin, clueIds);
      await until('the first step to ask', async () => gated.asked() > 0);
      // Lead 23 is in the second step, which has not read its leads yet.
      await getDb()
        .update(clues)
        .set({ deletedAt: sql`now()` })
        .where(eq(clues.id, clueIds[22]));
      gated.open();
      const done = await ended(admin, r.data.jobId);
      expect(done).toMatchObject({ status: 1, processedCompanyNum: 25, skippedNum: 1 });
      const [item] = await getDb()
        .select()
        .from(wywBatchItems)
        .where(and(eq(wywBatchItems.jobId, r.data.jobId), eq(wywBatchItems.clueId, clueIds[22])));
      expect(item).toMatchObject({ outcome: 2, newCount: 0 });
    } finally {
      gated.open();
      setContactSource(fast);
    }
  }, 120_000);
});

describe('挖一挖 for one company', () => {
  it('stores what it finds once, masked until unlocked, without charging', async () => {
    const ent = await plantEnterprise({
      name: `单采${tag}有限公司`,
      legalPerson: '李四',
      website: `www.dan${tag}.com`,
    });
    // As stored: the demo source may find one contact twice (about 0.6 % of credit codes, and
    // the planted company's code depends on the process id), and it is kept once.
    const expected = cleanContacts(
      demoContactsFor({
        id: ent.id,
        uncid: ent.uncid,
        name: '',
        legalPerson: '李四',
        website: `www.dan${tag}.com`,
        cityCode: '350200',
        address: null,
      }),
    );
    const before = await contactRows([ent.id]);
    const r = await callContract(wywCollect, { body: { entId: ent.id } }, as(colleague));
    expect(r.code).toBe(200);
    expect(r.data.foundCount).toBe(expected.length);
    expect(r.data.newCount).toBe((await contactRows([ent.id])) - before);
    expect(r.data.contacts.unlocked).toBe(false);
    for (const c of r.data.contacts.list) expect(c.masked).toBe(true);
    const again = await callContract(wywCollect, { body: { entId: ent.id } }, as(colleague));
    expect(again.data.newCount).toBe(0);
    const status = await callContract(getWywStatus, { query: { entId: ent.id } }, as(colleague));
    expect(status.data.total).toBe(before + r.data.newCount);
    const unlocks = await getDb()
      .select({ n: count() })
      .from(enterpriseUnlocks)
      .where(eq(enterpriseUnlocks.enterpriseId, ent.id));
    expect(Number(unlocks[0].n)).toBe(0);
    expect(
      (await callContract(wywCollect, { body: { entId: 9e12 } }, as(colleague))).code,
    ).not.toBe(200);
    // It ran as a small job of the member's, which 下载中心 does not list.
    const [job] = await getDb()
      .select()
      .from(backgroundJobs)
      .where(
        and(eq(backgroundJobs.userId, colleague.userId), eq(backgroundJobs.kind, 'wyw_single')),
      )
      .limit(1);
    expect(job).toMatchObject({ status: 'succeeded', tenantId: admin.tenantId });
    const centre = await callContract(
      getJobPage,
      { query: { pageNo: 1, pageSize: 50 } },
      as(colleague),
    );
    expect(centre.data.list.map((j: { kind: string }) => j.kind)).not.toContain('wyw_single');
  });

  it('answers 503 with the reason when the source cannot answer, storing nothing', async () => {
    const ent = await plantEnterprise({ name: `单采失败${tag}有限公司` });
    const before = await contactRows([ent.id]);
    setContactSource({
      name: 'down',
      concurrency: 1,
      collect: () => Promise.reject(new Error('outage')),
    });
    try {
      const r = await callContract(wywCollect, { body: { entId: ent.id } }, as(colleague));
      expect(r.code).toBe(503);
      expect(r.msg).toBe('联系方式采集暂不可用，请稍后重试');
      expect(await contactRows([ent.id])).toBe(before);
    } finally {
      setContactSource(fast);
    }
  });
});

describe('progress socket', () => {
  let server: http.Server;
  let gateway: WebSocketGateway;
  let base: string;
  beforeAll(async () => {
    gateway = await createAppWebSocketGateway(() => undefined);
    server = http.createServer((_, res) => res.end());
    server.on('upgrade', (req, socket, head) => gateway.handleUpgrade(req, socket, head));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    gateway.closeAll();
    await gateway.stop();
    await new Promise((r) => server.close(r));
  });

  function open(token: string | null): Promise<WebSocket> {
    const ws = new WebSocket(`${base}${WYW_SOCKET_PATH}${token ? `?token=${token}` : ''}`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_, res) => reject(new Error(`status ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }
  const ask = (ws: WebSocket, text: string) =>
    new Promise<{ code: number; data: WywJobState | null }>((resolve) => {
      ws.once('message', (d) => resolve(JSON.parse(d.toString())));
      ws.send(text);
    });

  it('answers the job id with the job state, to its owner only', async () => {
    const { clueIds } = await leads(admin, 3);
    const r = await start(admin, clueIds);
    await ended(admin, r.data.jobId);
    const ws = await open(admin.accessToken);
    const reply = await ask(ws, String(r.data.jobId));
    expect(reply.code).toBe(200);
    expect(reply.data).toMatchObject({
      jobId: r.data.jobId,
      status: 1,
      progressPercent: 100,
      processedCompanyNum: 3,
      totalCompanyNum: 3,
    });
    expect((await ask(ws, JSON.stringify({ jobId: r.data.jobId }))).data?.jobId).toBe(r.data.jobId);
    expect((await ask(ws, 'abc')).code).toBe(400);
    ws.close();
    const other = await open(stranger.accessToken);
    expect(await ask(other, String(r.data.jobId))).toMatchObject({ code: 404, data: null });
    other.close();
    await expect(open(null)).rejects.toThrow('status 401');
    await expect(open('not-a-token')).rejects.toThrow('status 401');
  });

  it('closes when its session ends, and carries no push messages meanwhile', async () => {
    const member = await createTestUser({
      tenantId: admin.tenantId!,
      roleCodes: [`wyw_self_${tag}`],
    });
    const ws = await open(member.accessToken);
    const received: string[] = [];
    ws.on('message', (d) => received.push(d.toString()));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect((await callContract(logout, {}, { token: member.accessToken })).code).toBe(200);
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    // The logout notice is for the push channel; this socket only answers job ids.
    expect(received).toEqual([]);
  });
});

describe('a batch whose worker process is killed', () => {
  let child: ChildProcess | null = null;
  afterEach(() => child?.kill('SIGKILL'));

  function startChild(): Promise<ChildProcess> {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', 'lib/server/crm/wyw/__tests__/wyw-worker-child.ts'],
      {
        cwd: process.cwd(),
        env: { ...process.env, WYW_DEMO_LATENCY_MS: '60', WYW_CONCURRENCY: '2' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`child not ready: ${out}`)), 150_000);
      proc.stdout?.on('data', (d) => {
        out += d;
        if (out.includes('ready')) {
          clearTimeout(timer);
          resolve(proc);
        }
      });
      proc.stderr?.on('data', (d) => (out += d));
      proc.on('exit', (code) => reject(new Error(`child exited ${code}: ${out}`)));
    });
  }

  it('resumes from its last step and counts every lead once', async () => {
    // This process's runner must not take the job: stop it for this test.
    await runner.stop();
    const { clueIds, entIds } = await leads(admin, 80);
    const before = await contactRows(entIds);
    child = await startChild();
    const r = await start(admin, clueIds);
    await until('progress in the child', async () => {
      const s = await state(admin, r.data.jobId);
      return s.processedCompanyNum >= 20 && s;
    });
    child.kill('SIGKILL');
    await new Promise((res) => child!.once('exit', res));
    const atKill = await state(admin, r.data.jobId);
    expect(atKill.status).toBe(WYW_STATUS.running);
    expect(atKill.processedCompanyNum).toBeLessThan(80);

    child = await startChild();
    const done = await until(
      'the resumed job to finish',
      async () => {
        const s = await state(admin, r.data.jobId);
        return s.status === WYW_STATUS.finished && s;
      },
      120_000,
    );
    const [job] = await getDb()
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, r.data.jobId));
    expect(job.attempt).toBe(2);
    const items = await getDb()
      .select()
      .from(wywBatchItems)
      .where(eq(wywBatchItems.jobId, r.data.jobId));
    expect(new Set(items.map((i) => i.clueId)).size).toBe(80);
    expect(items).toHaveLength(80);
    const added = (await contactRows(entIds)) - before;
    expect(done).toMatchObject({ processedCompanyNum: 80, newContactNum: added });
    expect(items.reduce((n, i) => n + i.newCount, 0)).toBe(added);
    // Exactly the demo contacts, none twice.
    const dupes = await getDb().execute(sql`
      select enterprise_id, type, value from enterprise_contacts
      where enterprise_id = any(${sql.param(entIds)}::bigint[])
      group by 1, 2, 3 having count(*) > 1`);
    expect(dupes.rows).toHaveLength(0);
  }, 400_000);
});
