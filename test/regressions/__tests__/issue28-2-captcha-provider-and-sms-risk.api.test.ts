import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { callApi } from '@/test/helpers/api';
import { DEVICE_HEADER } from '@/lib/server/platform/http/device-id';
import { setSmsSenderForTests } from '@/lib/server/platform/sms/sms.config';
import { SMS_RISK_LIMITS } from '@/lib/server/platform/sms/sms-risk';
import { setCaptchaProviderForTests } from '@/lib/server/identity/captcha/captcha-provider';
import { tc3Authorization } from '@/lib/server/identity/captcha/tencent-captcha.adapter';
import {
  backdateSmsCodes,
  freshMobile,
  passCaptcha,
  passwordLogin,
} from '@/lib/server/identity/auth/__tests__/support';

/**
 * Issue 28 item 2 (outside probe, medium): a self-hosted image puzzle only raises a script's cost.
 * (a) A commercial captcha (Tencent Cloud 天御, DescribeCaptchaResult) can stand behind the same
 * gate, checked server side against a local fake of its API. (b) A risk rule in front of every
 * SMS send limits sends per number, per address and per device, with a clear Chinese message.
 */

const SECRET = { id: 'AKIDtest0000000000000000', key: 'tc3-test-secret-key-000000000000' };
const APP = { id: 190000001, secret: 'app-secret-key-000' };

type Seen = { headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

/** A fake captcha.tencentcloudapi.com: checks the TC3 signature, passes ticket "good" once. */
function fakeTencent(): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const used = new Set<string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      seen.push({ headers: req.headers, body });
      const expected = tc3Authorization({
        secretId: SECRET.id,
        secretKey: SECRET.key,
        host: String(req.headers.host),
        payload: raw,
        timestamp: Number(req.headers['x-tc-timestamp']),
      });
      let response: Record<string, unknown>;
      if (req.headers.authorization !== expected)
        response = { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad signature' } };
      else if (body.CaptchaAppId !== APP.id || body.AppSecretKey !== APP.secret)
        response = { CaptchaCode: 16, CaptchaMsg: 'appid-ticket mismatch' };
      else if (body.Ticket !== 'good' || body.Randstr !== '@r1')
        response = { CaptchaCode: 15, CaptchaMsg: 'decrypt fail' };
      else if (used.has(String(body.Ticket)))
        response = { CaptchaCode: 9, CaptchaMsg: 'ticket reused' };
      else {
        used.add(String(body.Ticket));
        response = { CaptchaCode: 1, CaptchaMsg: 'OK', EvilLevel: 0 };
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ Response: { ...response, RequestId: 'req-1' } }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        seen,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

const ENV_KEYS = [
  'CAPTCHA_PROVIDER',
  'TENCENT_CAPTCHA_SECRET_ID',
  'TENCENT_CAPTCHA_SECRET_KEY',
  'TENCENT_CAPTCHA_APP_ID',
  'TENCENT_CAPTCHA_APP_SECRET_KEY',
  'TENCENT_CAPTCHA_ENDPOINT',
];

let ipCounter = 0;
const newIp = () => `172.16.${++ipCounter >> 8}.${ipCounter & 255}`;

function sendCode(
  mobile: string,
  captchaVerification: string,
  opts: { ip?: string; device?: string } = {},
) {
  return callApi<string | null>('POST', '/system/auth/send-sms-code', {
    body: { mobile, scene: 21, captchaVerification },
    ip: opts.ip ?? newIp(),
    headers: opts.device ? { [DEVICE_HEADER]: opts.device } : {},
  });
}

beforeAll(() => setSmsSenderForTests({ kind: 'demo', send: async () => undefined }));
afterAll(() => setSmsSenderForTests(null));

describe('issue 28 item 2: a commercial captcha behind the gate (Tencent Cloud 天御)', () => {
  const saved: Record<string, string | undefined> = {};
  let fake: Awaited<ReturnType<typeof fakeTencent>>;

  beforeAll(async () => {
    fake = await fakeTencent();
    for (const k of ENV_KEYS) saved[k] = process.env[k];
    Object.assign(process.env, {
      CAPTCHA_PROVIDER: 'tencent',
      TENCENT_CAPTCHA_SECRET_ID: SECRET.id,
      TENCENT_CAPTCHA_SECRET_KEY: SECRET.key,
      TENCENT_CAPTCHA_APP_ID: String(APP.id),
      TENCENT_CAPTCHA_APP_SECRET_KEY: APP.secret,
      TENCENT_CAPTCHA_ENDPOINT: fake.url,
    });
    setCaptchaProviderForTests(undefined);
  });

  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await fake.close();
  });

  it('signs requests as Tencent Cloud documents it (TC3-HMAC-SHA256 worked example)', () => {
    // https://cloud.tencent.com/document/api/213/30654: DescribeInstances, timestamp 1551113065.
    const payload =
      '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
    expect(
      tc3Authorization({
        secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
        secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
        host: 'cvm.tencentcloudapi.com',
        payload,
        timestamp: 1551113065,
        service: 'cvm',
      }),
    ).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('an SMS send passes with the provider’s ticket once, checked server side with the user’s IP', async () => {
    const ticket = JSON.stringify({ ticket: 'good', randstr: '@r1' });
    const ok = await sendCode(freshMobile(), ticket, { ip: '198.51.100.23' });
    expect(ok.code).toBe(200);
    const call = fake.seen[fake.seen.length - 1];
    expect(call.headers['x-tc-action']).toBe('DescribeCaptchaResult');
    expect(call.headers['x-tc-version']).toBe('2019-07-22');
    expect(call.body).toMatchObject({
      CaptchaType: 9,
      Ticket: 'good',
      Randstr: '@r1',
      UserIp: '198.51.100.23',
      CaptchaAppId: APP.id,
    });
    // Reused (Tencent answers 9), forged, or the built-in slider's verification: refused.
    expect((await sendCode(freshMobile(), ticket)).code).toBe(1002000004);
    const forged = JSON.stringify({ ticket: 'forged', randstr: '@r1' });
    expect((await sendCode(freshMobile(), forged)).code).toBe(1002000004);
    expect((await sendCode(freshMobile(), await passCaptcha())).code).toBe(1002000004);
  });

  it('password login asks the provider too', async () => {
    const r = await passwordLogin('free_admin', 'Demo@2026');
    expect(r.code).toBe(1002000004);
  });

  it('tells the browser to load Tencent’s widget with the app id (the secret stays on the server)', async () => {
    const r = await callApi<Record<string, unknown>>('GET', '/system/captcha/provider');
    expect(r.code).toBe(200);
    expect(r.data).toEqual({
      provider: 'tencent',
      appId: APP.id,
      scriptUrl: 'https://turing.captcha.qcloud.com/TJCaptcha.js',
    });
    expect(JSON.stringify(r)).not.toContain(APP.secret);
  });

  it('without CAPTCHA_PROVIDER the built-in slider is the gate', async () => {
    delete process.env.CAPTCHA_PROVIDER;
    try {
      expect((await sendCode(freshMobile(), await passCaptcha())).code).toBe(200);
      const widget = await callApi('GET', '/system/captcha/provider');
      expect(widget.data).toEqual({ provider: 'builtin' });
    } finally {
      process.env.CAPTCHA_PROVIDER = 'tencent';
    }
  });
});

describe('issue 28 item 2: the risk rule in front of SMS sends', () => {
  it(`a device gets ${SMS_RISK_LIMITS.devicePerHour} sends an hour, whatever its address`, async () => {
    const device = 'risk-device-aaaaaaaaaaaa1';
    for (let i = 0; i < SMS_RISK_LIMITS.devicePerHour; i++)
      expect((await sendCode(freshMobile(), await passCaptcha(), { device })).code).toBe(200);
    const refused = await sendCode(freshMobile(), await passCaptcha(), { device });
    expect(refused.code).toBe(1002014005);
    expect(refused.msg).toMatch(/^当前设备获取验证码次数过多，为保护账号安全，请 \d+ 分钟后再试$/);
    // Another browser is not held back by it.
    const other = await sendCode(freshMobile(), await passCaptcha(), {
      device: 'risk-device-bbbbbbbbbbbb2',
    });
    expect(other.code).toBe(200);
  });

  it(`an address (IPv6: its /64) gets ${SMS_RISK_LIMITS.addressPerHour} sends an hour, fresh cookies or not`, async () => {
    for (let i = 0; i < SMS_RISK_LIMITS.addressPerHour; i++) {
      const r = await sendCode(freshMobile(), await passCaptcha(), {
        ip: `2001:db8:7:7::${(i + 1).toString(16)}`,
        device: `fresh-cookie-${String(i).padStart(12, '0')}`,
      });
      expect(r.code).toBe(200);
    }
    const refused = await sendCode(freshMobile(), await passCaptcha(), {
      ip: '2001:db8:7:7::ffff',
      device: 'fresh-cookie-zzzzzzzzzzzz',
    });
    expect(refused.code).toBe(1002014005);
    expect(refused.msg).toContain('当前网络获取验证码次数过多');
  });

  it(`a number gets ${SMS_RISK_LIMITS.mobilePerHour} codes an hour, from anywhere`, async () => {
    const mobile = freshMobile();
    for (let i = 0; i < SMS_RISK_LIMITS.mobilePerHour; i++) {
      expect((await sendCode(mobile, await passCaptcha())).code).toBe(200);
      await backdateSmsCodes(mobile, 61);
    }
    const refused = await sendCode(mobile, await passCaptcha());
    expect(refused.code).toBe(1002014005);
    expect(refused.msg).toContain('该手机号获取验证码次数过多');
  });
});
