import { Writable } from 'node:stream';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { backgroundJobs } from '@/db/schema';
import { callApi } from '@/test/helpers/api';
import { closeDb, getDb } from '@/lib/server/platform/db';
import { partLogger, setLoggerForTests } from '../logger';
import { metrics, metricsTokenAccepted, startMetricsServer } from '../metrics';
import { observeHttp } from '../http-observer';
import { runWithRequestContext } from '../request-context';
import { enqueueJob } from '../../jobs/job.service';
import {
  freshIp,
  freshMobile,
  passCaptcha,
  passwordLogin,
  sendCode,
} from '@/lib/server/identity/auth/__tests__/support';
import { GET as readyRoute } from '@/app/api/ready/route';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import {
  seedFamily,
  SECRET_EMAIL,
  SECRET_MOBILE,
} from '@/lib/server/enterprise/__tests__/fixtures';

/** The log as a test sees it: every JSON line the logger wrote while listening. */
function listen(): { lines: () => Record<string, unknown>[]; raw: () => string } {
  let text = '';
  setLoggerForTests(
    new Writable({
      write(chunk, _enc, done) {
        text += chunk.toString();
        done();
      },
    }),
  );
  return {
    raw: () => text,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

afterEach(() => setLoggerForTests(null));

describe('request ids follow a request (issue 37 item 2)', () => {
  it('the API answers the id it was given, and the lines written meanwhile carry it', async () => {
    const log = listen();
    const reqId = 'probe-4f1c2b9e-0001';
    // The demo SMS adapter writes a line for the send.
    const r = await callApi('POST', '/system/auth/send-sms-code', {
      body: { mobile: freshMobile(), scene: 21, captchaVerification: await passCaptcha() },
      headers: { 'x-request-id': reqId },
      ip: freshIp(),
    });
    expect(r.code).toBe(200);
    expect(r.res.headers.get('x-request-id')).toBe(reqId);
    const sms = log.lines().filter((l) => l.part === 'sms');
    expect(sms.length).toBeGreaterThan(0);
    expect(sms.every((l) => l.reqId === reqId)).toBe(true);
    // An id that does not look like one is replaced, never written into the log.
    const odd = await callApi('GET', '/system/captcha/provider', {
      headers: { 'x-request-id': 'x forged <line>' },
    });
    expect(odd.res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(log.raw()).not.toContain('forged');
  });

  it('a job remembers the request that enqueued it', async () => {
    const login = await passwordLogin('standard_admin', 'Demo@2026');
    expect(login.code).toBe(200);
    const row = await runWithRequestContext({ reqId: 'enqueue-7d3a-0002' }, () =>
      enqueueJob(
        { tenantId: login.data.tenantId, userId: login.data.userId },
        { kind: 'clue_export', title: '线索导出', params: { ids: [] } },
      ),
    );
    const [stored] = await getDb()
      .select({ requestId: backgroundJobs.requestId })
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, row.id));
    expect(stored.requestId).toBe('enqueue-7d3a-0002');
  });
});

describe('no secret or personal data in any log line (issue 37 item 2)', () => {
  it('a sign-in, an SMS send and a failed request leave no password, token, code or number', async () => {
    const log = listen();
    const mobile = freshMobile();
    const code = await sendCode(mobile, 21);
    const login = await passwordLogin('standard_admin', 'Demo@2026');
    expect(login.code).toBe(200);
    // Something that logs on purpose, with secrets as fields and in the text.
    partLogger('probe').warn(
      { password: 'Demo@2026', user: { token: login.data.accessToken, mobile } },
      `login of ${mobile} with Bearer ${login.data.refreshToken} and 验证码 ${code}`,
    );
    const raw = log.raw();
    expect(log.lines().length).toBeGreaterThan(0);
    for (const secret of ['Demo@2026', login.data.accessToken, login.data.refreshToken, mobile])
      expect(raw).not.toContain(secret);
    expect(raw).not.toMatch(new RegExp(`验证码\\D{0,3}${code}`));
  });
});

describe('the whole path of secrets through the log (issue 37 item 2)', () => {
  it('SMS send and login, a password sign-in, an unlock, failing requests: no secret in any line', async () => {
    const family = await seedFamily();
    const log = listen();
    const mobile = freshMobile();
    // The demo adapter itself (not a test sender): it writes its line for the send, and answers
    // the code to a loopback caller.
    const sent = await callApi<string | null>('POST', '/system/auth/send-sms-code', {
      body: { mobile, scene: 21, captchaVerification: await passCaptcha() },
      ip: '127.0.0.1',
    });
    expect(sent.code).toBe(200);
    const smsCode = sent.data;
    expect(smsCode).toMatch(/^\d{4,6}$/);
    const smsLogin = await callApi('POST', '/system/auth/sms-login', {
      body: { mobile, code: smsCode, rememberMe: false },
      ip: '127.0.0.1',
    });
    expect(smsLogin.code).not.toBe(500);
    const login = await passwordLogin('enterprise_admin', 'Demo@2026');
    expect(login.code).toBe(200);
    const token = login.data.accessToken;
    const cookie = 'leadradar_session=Fe26.2**cookie-secret-value-for-the-log-test';
    const unlock = await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: family.mainId },
      token,
      headers: { cookie },
    });
    expect(unlock.code).toBe(200);
    // The unlocked contacts pass through the server on their way to the caller.
    const contacts = await callApi(
      'POST',
      `/shuzhituoke/enterprise-info/get-contact-general-info?entId=${family.mainId}`,
      { body: { entId: family.mainId, pageNo: 1, pageSize: 100 }, token },
    );
    expect(JSON.stringify(contacts.json)).toContain(SECRET_MOBILE);
    // Failing requests: a wrong password, a forged token, a body that is not JSON.
    const wrong = await passwordLogin('enterprise_admin', 'Wrong#Pass2026');
    expect(wrong.code).not.toBe(200);
    const forged = await callApi('GET', '/system/auth/get-permission-info', {
      token: 'forged-access-token-0123456789abcdef',
      headers: { cookie },
    });
    expect(forged.code).toBe(401);
    const broken = await callApi('POST', '/system/auth/login', {
      body: '{"username":"enterprise_admin","password":"Demo@2026"',
    });
    expect(broken.code).not.toBe(500);
    // A part that logs what it was handed, as careless code would.
    partLogger('probe').error(
      {
        req: { headers: { authorization: `Bearer ${token}`, cookie } },
        user: { email: SECRET_EMAIL, phone: SECRET_MOBILE },
      },
      `unlock for ${SECRET_EMAIL} / ${SECRET_MOBILE}, sms ${mobile} 验证码 ${smsCode}, ${cookie}`,
    );
    const raw = log.raw();
    // The SMS adapter's line and the probe's at least (access lines are server.ts's, tested above).
    expect(log.lines().length).toBeGreaterThanOrEqual(2);
    for (const secret of [
      'Demo@2026',
      'Wrong#Pass2026',
      token,
      login.data.refreshToken,
      'forged-access-token-0123456789abcdef',
      'cookie-secret-value-for-the-log-test',
      mobile,
      SECRET_MOBILE,
      SECRET_EMAIL,
    ])
      expect({ secret, found: raw.includes(secret) }).toEqual({ secret, found: false });
    expect(raw).not.toMatch(new RegExp(`验证码\\D{0,3}${smsCode}`));
  });
});

describe('/api/ready answers 503 while not ready (issue 37 item 2)', () => {
  let saved = '';
  beforeAll(() => {
    saved = process.env.DATABASE_URL!;
  });
  afterEach(async () => {
    await closeDb();
    process.env.DATABASE_URL = saved;
  });

  async function ask(url: string) {
    // One pool per address: the one left behind is closed, not abandoned.
    await closeDb();
    process.env.DATABASE_URL = url;
    const res = await readyRoute();
    return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
  }

  it('no database: 503 with a Chinese message', async () => {
    const dead = new URL(saved);
    dead.port = '1';
    const r = await ask(dead.toString());
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ code: 503, msg: '数据库连接异常' });
  });

  it("a database without this build's migrations: 503", async () => {
    const name = `ready_empty_${process.pid}`;
    const admin = new URL(saved);
    admin.pathname = '/postgres';
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name}`);
      await client.query(`create database ${name}`);
      const empty = new URL(saved);
      empty.pathname = `/${name}`;
      const r = await ask(empty.toString());
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 503, msg: '数据库结构未更新到当前版本' });
    } finally {
      await closeDb();
      process.env.DATABASE_URL = saved;
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    }
  });
});

describe('metrics (issue 37 item 2)', () => {
  it('count requests by operation through the server wrapper, with the id in the answer', async () => {
    const server = http.createServer((req, res) =>
      observeHttp(req, res, () => res.writeHead(204).end(), false),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    const before =
      (await metrics().httpRequests.get()).values.find(
        (v) => v.labels.route === 'page' && v.labels.status === '204',
      )?.value ?? 0;
    const res = await fetch(`http://127.0.0.1:${port}/companySearch?searchValue=13912345678`, {
      headers: { 'x-request-id': 'from-a-browser-0003' },
    });
    await new Promise<void>((r) => server.close(() => r()));
    // Not trusted without a proxy in front: a fresh id.
    expect(res.headers.get('x-request-id')).not.toBe('from-a-browser-0003');
    const after = (await metrics().httpRequests.get()).values.find(
      (v) => v.labels.route === 'page' && v.labels.status === '204',
    )?.value;
    expect(after).toBe(before + 1);
  });

  it('are served on the metrics port, and on the main port only to the configured token', async () => {
    const server = await startMetricsServer(0, '127.0.0.1');
    const port = (server.address() as AddressInfo).port;
    const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toContain('leadradar_http_requests_total');
    expect(text).toContain('leadradar_process_cpu_seconds_total');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    server.close();

    const saved = process.env.METRICS_TOKEN;
    try {
      delete process.env.METRICS_TOKEN;
      const ask = (auth?: string) =>
        metricsRoute(
          new Request('http://localhost/api/metrics', {
            headers: auth ? { authorization: auth } : {},
          }),
        );
      expect((await ask()).status).toBe(404);
      expect((await ask('Bearer ')).status).toBe(404);
      process.env.METRICS_TOKEN = 'm3tr1cs-token-for-tests';
      expect((await ask('Bearer wrong')).status).toBe(404);
      const ok = await ask('Bearer m3tr1cs-token-for-tests');
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('leadradar_http_request_duration_seconds');
    } finally {
      if (saved === undefined) delete process.env.METRICS_TOKEN;
      else process.env.METRICS_TOKEN = saved;
    }
    expect(metricsTokenAccepted('Bearer x', '')).toBe(false);
  });

  it('/api/ready says ready once the database holds every migration of this build', async () => {
    const res = await readyRoute();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { status: string; migrations: { ok: boolean } } };
    expect(body.data.status).toBe('ready');
    expect(body.data.migrations.ok).toBe(true);
  });
});
