import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { insertPassedCaptcha } from '../helpers/captcha-pass';

/**
 * Issue 14 "Done when": a lead import killed mid-way (`kill -9` of the server process) resumes
 * after a restart on the same data directory and finishes exactly once — every good row imported
 * once, none skipped as "already there" (which is what a restart from the first row would do), the
 * bad rows in the failures file with their reasons, and the job on a later attempt.
 *
 * The real server (server.ts, dev mode, embedded PostgreSQL) runs as `node --import tsx server.ts`
 * so the spawned pid is the server itself, not a launcher. Ports: 3621 / 55621 unless
 * KILL_TEST_PORT / KILL_TEST_PG_PORT say otherwise.
 */
const root = path.resolve(__dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadradar-import-kill-'));
const port = Number(process.env.KILL_TEST_PORT || 3621);
const pgPort = Number(process.env.KILL_TEST_PG_PORT || 55621);
const origin = `http://127.0.0.1:${port}`;

/** Rows in the upload; every BAD_EVERY-th row has a mobile that is not one. */
const ROWS = 30_000;
const BAD_EVERY = 1_000;
const BAD_ROWS = ROWS / BAD_EVERY;
const PREFIX = `断电续导${Date.now() % 100_000}-`;

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(): Run {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      SEED_ENTERPRISES: '300',
      NEXT_DIST_DIR: '.next-import-kill-test',
      NEXT_TELEMETRY_DISABLED: '1',
      // The killed server's job is resumed once its heartbeat is this old (default 60 s).
      JOB_STALE_AFTER_SECONDS: '15',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(
  fn: () => Promise<T | null>,
  timeoutMs: number,
  what: string,
  everyMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v !== null) return v;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what} ${lastError}`);
}

async function healthy(): Promise<true | null> {
  const res = await fetch(`${origin}/api/health`);
  return res.status === 200 ? true : null;
}

async function query<R extends pg.QueryResultRow>(text: string, params: unknown[] = []) {
  const client = new pg.Client({
    connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/leadradar`,
  });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** The upload: the template's headers, ROWS leads of unique names and mobiles, some bad. */
async function uploadFile(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = book.addWorksheet('线索');
  sheet
    .addRow([
      '线索名称',
      '统一社会信用代码',
      '联系人',
      '手机号',
      '座机',
      '邮箱',
      '网址',
      '微信号',
      '地址',
      '备注',
    ])
    .commit();
  for (let i = 1; i <= ROWS; i++) {
    const bad = i % BAD_EVERY === 0;
    sheet
      .addRow([
        `${PREFIX}${i}号商贸有限公司`,
        '',
        '王经理',
        bad ? `1${i}` : `15${String(i).padStart(9, '0')}`,
        '',
        i % 3 ? '' : `c${i}@example.com`,
        '',
        '',
        '福建省厦门市思明区',
        '',
      ])
      .commit();
  }
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

type Session = { token: string; tenantId: number };

async function signIn(username: string): Promise<Session> {
  const verification = await insertPassedCaptcha((text, params) => query(text, params));
  const res = await fetch(`${origin}/admin-api/system/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password: 'Demo@2026',
      rememberMe: false,
      captchaVerification: verification,
    }),
  });
  const body = (await res.json()) as {
    code: number;
    msg: string;
    data: { accessToken: string; tenantId: number };
  };
  if (body.code !== 200) throw new Error(`login ${username}: ${body.code} ${body.msg}`);
  return { token: body.data.accessToken, tenantId: body.data.tenantId };
}

function authHeaders(s: Session): Record<string, string> {
  return { authorization: `Bearer ${s.token}`, 'tenant-id': String(s.tenantId) };
}

type JobRow = {
  status: string;
  processed: number;
  total: number | null;
  attempt: number;
  result: { total: number; imported: number; skipped: number; failed: number } | null;
  error: string | null;
  file_key: string | null;
};

const jobRow = async (id: number) =>
  (
    await query<JobRow>(
      `select status, processed, total, attempt, result, error, file_key
         from background_jobs where id = $1`,
      [id],
    )
  )[0];

// Two server starts (the first seeds), a 30,000-row import and the stale-heartbeat wait (15 s).
jest.setTimeout(600_000);

let server: Run | null = null;

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('lead import killed mid-way', () => {
  it('resumes after kill -9 and a restart, and finishes exactly once', async () => {
    const file = await uploadFile();

    server = startServer();
    await waitFor(healthy, 240_000, 'first start');
    const session = await signIn('enterprise_admin');

    const form = new FormData();
    form.set('file', new File([new Uint8Array(file)], '断电续导.xlsx'));
    const started = (await (
      await fetch(`${origin}/admin-api/szjk/clue/import`, {
        method: 'POST',
        headers: authHeaders(session),
        body: form,
      })
    ).json()) as { code: number; msg: string; data: { id: number } };
    if (started.code !== 200) throw new Error(`import: ${started.code} ${started.msg}`);
    const jobId = started.data.id;

    // Mid-way: some steps committed, most not.
    const before = await waitFor(
      async () => {
        const row = await jobRow(jobId);
        return row.status === 'running' && row.processed >= 2_000 ? row : null;
      },
      240_000,
      'the import to be under way',
      100,
    );
    server.child.kill('SIGKILL');
    await server.exited;
    const atKill = await jobRow(jobId);
    expect(before.attempt).toBe(1);
    expect(atKill.status).toBe('running');
    expect(atKill.processed).toBeGreaterThan(0);
    expect(atKill.processed).toBeLessThan(ROWS);

    // Same data directory: the orphaned database is stopped and started again by the new server.
    server = startServer();
    await waitFor(healthy, 240_000, 'restart');
    const done = await waitFor(
      async () => {
        const row = await jobRow(jobId);
        return ['succeeded', 'failed', 'cancelled'].includes(row.status) ? row : null;
      },
      300_000,
      'the resumed import to finish',
      500,
    );
    expect(done.error).toBeNull();
    expect(done.status).toBe('succeeded');
    expect(done.attempt).toBeGreaterThan(1);
    expect(done.processed).toBe(ROWS);
    expect(done.result).toEqual({
      total: ROWS,
      imported: ROWS - BAD_ROWS,
      skipped: 0,
      failed: BAD_ROWS,
    });
    expect(server.output()).toContain(`#${jobId}: worker stopped beating, resuming it`);

    // Every good row exactly once, no bad row.
    const [leads] = await query<{ n: string; names: string; bad: string }>(
      `select count(*)::text n, count(distinct name)::text names,
              count(*) filter (where contact_mobile !~ '^1[3-9][0-9]{9}$')::text bad
         from clues where tenant_id = $1 and name like $2`,
      [session.tenantId, `${PREFIX}%`],
    );
    expect(Number(leads.n)).toBe(ROWS - BAD_ROWS);
    expect(Number(leads.names)).toBe(ROWS - BAD_ROWS);
    expect(Number(leads.bad)).toBe(0);
    // One job, not a second one started by the restart.
    const jobs = await query<{ n: string }>(
      `select count(*)::text n from background_jobs where kind = 'clue_import'`,
    );
    expect(jobs[0].n).toBe('1');

    // The failures file: the bad rows by their row numbers, each with its reason.
    const res = await fetch(`${origin}/admin-api/szjk/clue/export-fail`, {
      method: 'POST',
      headers: { ...authHeaders(session), 'content-type': 'application/json' },
      body: JSON.stringify({ jobId }),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0].eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
    );
    expect(rows[0][0]).toBe('行号');
    expect(rows[0][rows[0].length - 1]).toBe('失败原因');
    const failures = rows.slice(1);
    expect(failures.map((r) => Number(r[0]))).toEqual(
      Array.from({ length: BAD_ROWS }, (_, i) => (i + 1) * BAD_EVERY + 1),
    );
    for (const r of failures) {
      expect(r[1]).toBe(`${PREFIX}${Number(r[0]) - 1}号商贸有限公司`);
      expect(r[r.length - 1]).toMatch(/^手机号：/);
    }
  });
});
