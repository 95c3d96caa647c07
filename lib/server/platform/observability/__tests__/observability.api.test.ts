import { Writable } from 'node:stream';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { backgroundJobs } from '@/db/schema';
import { callApi } from '@/test/helpers/api';
import { getDb } from '@/lib/server/platform/db';
import { setLoggerForTests } from '../logger';
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
    const { partLogger } = await import('../logger');
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
