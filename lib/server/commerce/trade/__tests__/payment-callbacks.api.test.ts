import { createCipheriv, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { orders, paymentEvents, tenants } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import {
  alipayNotify,
  getVipList,
  getVipOrderQrcodeKey,
  getVipOrderQrcodeKeyStatus,
  wechatPayNotify,
  type PayChannel,
} from '@/lib/shared/trade/trade.contract';
import { callApi, callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { createAlipayAdapter } from '../payment/alipay.adapter';
import { setPaymentAdaptersForTests } from '../payment/payment.config';
import { createWechatPayAdapter } from '../payment/wechatpay.adapter';
import {
  responseMessage,
  signSha256Rsa,
  verifySha256Rsa,
  requestMessage,
} from '../payment/wechatpay-v3';

/**
 * The real adapters against stand-ins for the providers: keys are generated here, WeChat Pay's
 * API is a fetch double that checks our request signature and signs its answers, Alipay's gateway
 * is a local HTTP server the official SDK talks to. Notifications are built the way the providers
 * build them (v3: signed, AEAD_AES_256_GCM resource; Alipay: RSA2 over the sorted fields).
 */
const pem = (
  k: { export: (o: { type: 'pkcs8' | 'spki'; format: 'pem' }) => string | Buffer },
  type: 'pkcs8' | 'spki',
) => String(k.export({ type, format: 'pem' }));
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const intruder = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipayApp = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipayPlatform = generateKeyPairSync('rsa', { modulusLength: 2048 });

const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const APIV3_KEY = 'k'.repeat(16) + 'v'.repeat(16);
const PLATFORM_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const ALIPAY_APP_ID = '2021000000000001';

const DAY = 86_400_000;
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

// ---- WeChat Pay stand-in ----
const wxTradeState: Record<string, { state: string; total: number }> = {};
const wxRequests: { method: string; url: string; body: string }[] = [];
/** Orders whose query answer comes back unsigned (a proxy error page, a forged answer). */
const wxBroken = new Set<string>();

function signedWxResponse(status: number, payload: unknown, key = platform.privateKey): Response {
  const body = JSON.stringify(payload);
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(8).toString('hex');
  return new Response(body, {
    status,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': PLATFORM_SERIAL,
      'wechatpay-signature': signSha256Rsa(responseMessage(ts, nonce, body), key),
    },
  });
}

const wxFetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(String(input));
  const body = typeof init?.body === 'string' ? init.body : '';
  const method = init?.method ?? 'GET';
  wxRequests.push({ method, url: url.pathname + url.search, body });
  const auth = new Headers(init?.headers).get('authorization') ?? '';
  const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const ok = verifySha256Rsa(
    requestMessage(method, url.pathname + url.search, f.timestamp, f.nonce_str, body),
    f.signature,
    merchant.publicKey,
  );
  if (!ok || f.mchid !== MCHID)
    return signedWxResponse(401, { code: 'SIGN_ERROR', message: '签名错误' });
  if (url.pathname === '/v3/pay/transactions/native') {
    const req = JSON.parse(body) as { out_trade_no: string };
    return signedWxResponse(200, { code_url: `weixin://wxpay/bizpayurl?pr=${req.out_trade_no}` });
  }
  const m = /^\/v3\/pay\/transactions\/out-trade-no\/(\w+)$/.exec(url.pathname);
  if (m) {
    if (wxBroken.has(m[1])) return new Response('{"code":"SUCCESS"}', { status: 200 });
    const t = wxTradeState[m[1]];
    if (!t) return signedWxResponse(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    return signedWxResponse(200, {
      appid: APPID,
      mchid: MCHID,
      out_trade_no: m[1],
      transaction_id: `42000${m[1]}`,
      trade_state: t.state,
      amount: { total: t.total, currency: 'CNY' },
    });
  }
  return signedWxResponse(404, { code: 'NOT_FOUND' });
}) as typeof fetch;

function wxNotification(
  tx: Record<string, unknown>,
  opts: {
    key?: typeof platform.privateKey;
    ts?: number;
    apiV3Key?: string;
    eventType?: string;
  } = {},
) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv(
    'aes-256-gcm',
    Buffer.from(opts.apiV3Key ?? APIV3_KEY),
    Buffer.from(nonce),
  );
  cipher.setAAD(Buffer.from('transaction'));
  const data = Buffer.concat([
    cipher.update(JSON.stringify(tx)),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const body = JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: opts.eventType ?? 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: data.toString('base64'),
      associated_data: 'transaction',
      nonce,
    },
  });
  const ts = String(opts.ts ?? Math.floor(Date.now() / 1000));
  const hnonce = randomBytes(8).toString('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': hnonce,
      'wechatpay-serial': PLATFORM_SERIAL,
      'wechatpay-signature': signSha256Rsa(
        responseMessage(ts, hnonce, body),
        opts.key ?? platform.privateKey,
      ),
    },
  };
}

const paidTx = (orderNo: string, total: number, extra: Record<string, unknown> = {}) => ({
  appid: APPID,
  mchid: MCHID,
  out_trade_no: orderNo,
  transaction_id: `4200001${orderNo.slice(-8)}`,
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  success_time: new Date().toISOString(),
  amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
  ...extra,
});

const postWechat = (n: { body: string; headers: Record<string, string> }) =>
  callApi('POST', wechatPayNotify.path, { body: n.body, headers: n.headers, ip: '10.9.9.9' });

// ---- Alipay stand-in: a gateway on localhost ----
let gateway: http.Server;
const alipayTrades: Record<string, { status: string; amount: string }> = {};

function alipaySign(content: string, key = alipayPlatform.privateKey): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

function alipayNotification(
  fields: Record<string, string>,
  key = alipayPlatform.privateKey,
): string {
  const all = {
    // Now, in China time: notifications older than 5 minutes are refused as replayed.
    notify_time: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
    notify_type: 'trade_status_sync',
    notify_id: randomBytes(8).toString('hex'),
    app_id: ALIPAY_APP_ID,
    charset: 'utf-8',
    version: '1.0',
    ...fields,
  };
  const content = Object.keys(all)
    .sort()
    .map((k) => `${k}=${all[k as keyof typeof all]}`)
    .join('&');
  const params = new URLSearchParams({ ...all, sign_type: 'RSA2', sign: alipaySign(content, key) });
  return params.toString();
}

const postAlipay = (body: string) =>
  callApi('POST', alipayNotify.path, {
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    ip: '10.9.9.8',
  });

beforeAll(async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  gateway = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const params = new URLSearchParams(url.search);
      new URLSearchParams(raw).forEach((v, k) => params.set(k, v));
      const method = params.get('method') ?? '';
      const biz = JSON.parse(params.get('biz_content') ?? '{}') as Record<string, string>;
      const key = `${method.replaceAll('.', '_')}_response`;
      let inner: Record<string, string>;
      if (method === 'alipay.trade.precreate') {
        alipayTrades[biz.out_trade_no] = { status: 'WAIT_BUYER_PAY', amount: biz.total_amount };
        inner = {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          qr_code: `https://qr.alipay.com/bax${biz.out_trade_no}`,
        };
      } else if (method === 'alipay.trade.query') {
        const t = alipayTrades[biz.out_trade_no];
        inner = t
          ? {
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              trade_no: `2026${biz.out_trade_no}`,
              trade_status: t.status,
              total_amount: t.amount,
            }
          : {
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.TRADE_NOT_EXIST',
              sub_msg: '交易不存在',
            };
      } else inner = { code: '40002', msg: 'Invalid Arguments' };
      const innerJson = JSON.stringify(inner);
      res.setHeader('content-type', 'application/json;charset=utf-8');
      res.end(`{"${key}":${innerJson},"sign":"${alipaySign(innerJson)}"}`);
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  const port = (gateway.address() as AddressInfo).port;
  setPaymentAdaptersForTests({
    wechat: createWechatPayAdapter(
      {
        mchId: MCHID,
        appId: APPID,
        serialNo: 'MERCHANTSERIAL01',
        privateKey: merchant.privateKey,
        apiV3Key: APIV3_KEY,
        verifiers: new Map([[PLATFORM_SERIAL, platform.publicKey]]),
        notifyUrl: 'https://example.test/admin-api/trade/pay-notify/wechat',
        baseUrl: 'https://api.mch.weixin.qq.com',
      },
      wxFetch,
    ),
    alipay: createAlipayAdapter({
      appId: ALIPAY_APP_ID,
      privateKey: pem(alipayApp.privateKey, 'pkcs8'),
      alipayPublicKey: pem(alipayPlatform.publicKey, 'spki'),
      keyType: 'PKCS8',
      gateway: `http://127.0.0.1:${port}/gateway.do`,
      notifyUrl: 'https://example.test/admin-api/trade/pay-notify/alipay',
    }),
  });
});

afterAll(async () => {
  setPaymentAdaptersForTests(null);
  await new Promise<void>((r) => gateway.close(() => r()));
});

async function openOrder(channel: PayChannel, edition = 2) {
  const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
  const list = await callContract(getVipList);
  const productId = list.data.find((e) => e.edition === edition)!.plans[0].productId;
  const r = await callContract(
    getVipOrderQrcodeKey,
    { query: { productId, payChannel: channel } },
    as(admin),
  );
  if (r.code !== 200) throw new Error(`order: ${r.code} ${r.msg}`);
  return { admin, qr: r.data };
}

const tenantOf = async (u: TestUser) =>
  (await getDb().select().from(tenants).where(eq(tenants.id, u.tenantId!)))[0];
const outcomes = async (orderNo: string) =>
  (await getDb().select().from(paymentEvents).where(eq(paymentEvents.orderNo, orderNo)))
    .map((e) => e.outcome)
    .sort();

describe('WeChat Pay v3 Native', () => {
  it('orders with a signed request and shows the code_url QR; the default channel is WeChat', async () => {
    const { qr } = await openOrder('wechat');
    expect(qr.channel).toBe('wechat');
    expect(qr.qrContent).toBe(`weixin://wxpay/bizpayurl?pr=${qr.orderNo}`);
    const sent = wxRequests.find((r) => r.body.includes(qr.orderNo))!;
    expect(JSON.parse(sent.body)).toMatchObject({
      appid: APPID,
      mchid: MCHID,
      out_trade_no: qr.orderNo,
      amount: { total: 698000, currency: 'CNY' },
      notify_url: 'https://example.test/admin-api/trade/pay-notify/wechat',
    });
    expect(JSON.parse(sent.body).time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
  });

  it('a genuine notification applies the order once; the same notification again changes nothing', async () => {
    const { admin, qr } = await openOrder('wechat');
    const note = wxNotification(paidTx(qr.orderNo, qr.amountFen));
    const first = await postWechat(note);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ code: 'SUCCESS', message: '成功' });
    const t = await tenantOf(admin);
    expect(t.edition).toBe(2);
    const again = await postWechat(note);
    expect(again.status).toBe(200);
    expect((await tenantOf(admin)).editionExpiresAt!.getTime()).toBe(t.editionExpiresAt!.getTime());
    expect(await outcomes(qr.orderNo)).toEqual(['applied', 'duplicate']);
  });

  it('a forged notification (signed by another key) is refused, logged, and changes nothing', async () => {
    const { admin, qr } = await openOrder('wechat');
    const r = await postWechat(
      wxNotification(paidTx(qr.orderNo, qr.amountFen), { key: intruder.privateKey }),
    );
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'FAIL' });
    expect((await tenantOf(admin)).edition).toBe(0);
    const [o] = await getDb().select().from(orders).where(eq(orders.orderNo, qr.orderNo));
    expect(o.status).toBe(0);
    const logged = await getDb()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.ip, '10.9.9.9'));
    expect(logged.filter((e) => e.outcome === 'forged').length).toBeGreaterThan(0);
  });

  it('a resource encrypted with another key, or a changed body, is refused as forged', async () => {
    const { admin, qr } = await openOrder('wechat');
    const wrongKey = await postWechat(
      wxNotification(paidTx(qr.orderNo, qr.amountFen), { apiV3Key: 'x'.repeat(32) }),
    );
    expect(wrongKey.status).toBe(400);
    const n = wxNotification(paidTx(qr.orderNo, qr.amountFen));
    const tampered = await postWechat({ ...n, body: n.body.replace('支付成功', '支付成功 ') });
    expect(tampered.status).toBe(400);
    expect((await tenantOf(admin)).edition).toBe(0);
  });

  it('a replayed notification older than 5 minutes is refused as replayed', async () => {
    const { admin, qr } = await openOrder('wechat');
    const old = wxNotification(paidTx(qr.orderNo, qr.amountFen), {
      ts: Math.floor(Date.now() / 1000) - 600,
    });
    const r = await postWechat(old);
    expect(r.status).toBe(400);
    expect((await tenantOf(admin)).edition).toBe(0);
    const replayed = await getDb()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.outcome, 'replayed'));
    expect(replayed.length).toBeGreaterThan(0);
  });

  it('a genuine notification with a wrong amount changes nothing and is logged', async () => {
    const { admin, qr } = await openOrder('wechat');
    const r = await postWechat(wxNotification(paidTx(qr.orderNo, 1)));
    expect(r.status).toBe(200);
    expect((await tenantOf(admin)).edition).toBe(0);
    expect(await outcomes(qr.orderNo)).toEqual(['amount_mismatch']);
  });

  it("another merchant's notification is refused", async () => {
    const { admin, qr } = await openOrder('wechat');
    const r = await postWechat(
      wxNotification(paidTx(qr.orderNo, qr.amountFen, { mchid: '1999999999' })),
    );
    expect(r.status).toBe(400);
    expect((await tenantOf(admin)).edition).toBe(0);
  });

  it('a notification arriving after the QR expired is still applied once, even twice at once', async () => {
    const { admin, qr } = await openOrder('wechat', 3);
    await getDb()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(orders.orderNo, qr.orderNo));
    const note = wxNotification(paidTx(qr.orderNo, qr.amountFen));
    const [a, b] = await Promise.all([postWechat(note), postWechat(note)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const t = await tenantOf(admin);
    expect(t.edition).toBe(3);
    expect((t.editionExpiresAt!.getTime() - Date.now()) / DAY).toBeLessThan(366);
    expect(await outcomes(qr.orderNo)).toEqual(['applied', 'duplicate']);
  });

  it('status polling asks WeChat Pay when the notification is late, and applies a paid order', async () => {
    const { admin, qr } = await openOrder('wechat', 1);
    wxTradeState[qr.orderNo] = { state: 'NOTPAY', total: qr.amountFen };
    const poll = () =>
      callContract(getVipOrderQrcodeKeyStatus, { query: { qrcodeKey: qr.qrcodeKey } }, as(admin));
    expect((await poll()).data.status).toBe('pending');
    wxTradeState[qr.orderNo] = { state: 'SUCCESS', total: qr.amountFen };
    // Asked at most every 10 s per order: move the last query back.
    jest.useFakeTimers({
      doNotFake: ['setTimeout', 'setInterval', 'setImmediate', 'nextTick', 'queueMicrotask'],
      now: Date.now() + 11_000,
    });
    try {
      expect((await poll()).data.status).toBe('paid');
    } finally {
      jest.useRealTimers();
    }
    expect((await tenantOf(admin)).edition).toBe(1);
  });
  it('a failing status query (unsigned answer) keeps the order pending and answers normally', async () => {
    const { admin, qr } = await openOrder('wechat', 1);
    wxTradeState[qr.orderNo] = { state: 'SUCCESS', total: qr.amountFen };
    wxBroken.add(qr.orderNo);
    const r = await callContract(
      getVipOrderQrcodeKeyStatus,
      { query: { qrcodeKey: qr.qrcodeKey } },
      as(admin),
    );
    expect(r.code).toBe(200);
    expect(r.data.status).toBe('pending');
    expect((await tenantOf(admin)).edition).toBe(0);
  });
});

describe('Alipay precreate (alipay-sdk)', () => {
  it('precreates through the SDK (answer signature checked) and shows the qr_code', async () => {
    const { qr } = await openOrder('alipay');
    expect(qr.channel).toBe('alipay');
    expect(qr.qrContent).toBe(`https://qr.alipay.com/bax${qr.orderNo}`);
    expect(alipayTrades[qr.orderNo].amount).toBe('6980.00');
  });

  it('a genuine notification applies once and is answered success; a repeat changes nothing', async () => {
    const { admin, qr } = await openOrder('alipay');
    const body = alipayNotification({
      out_trade_no: qr.orderNo,
      trade_no: `2026${qr.orderNo}`,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '6980.00',
      gmt_payment: '2026-11-25 21:59:58',
    });
    const r = await postAlipay(body);
    expect(await r.res.clone().text()).toBe('success');
    expect((await tenantOf(admin)).edition).toBe(2);
    const again = await postAlipay(body);
    expect(await again.res.text()).toBe('success');
    expect(await outcomes(qr.orderNo)).toEqual(['applied', 'duplicate']);
  });

  it('a forged notification is answered fail, logged, and changes nothing', async () => {
    const { admin, qr } = await openOrder('alipay');
    const forged = alipayNotification(
      {
        out_trade_no: qr.orderNo,
        trade_no: 'x',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '6980.00',
      },
      intruder.privateKey,
    );
    expect(await (await postAlipay(forged)).res.text()).toBe('fail');
    const tampered = alipayNotification({
      out_trade_no: qr.orderNo,
      trade_no: 'x',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '6980.00',
    }).replace('6980.00', '0.01');
    expect(await (await postAlipay(tampered)).res.text()).toBe('fail');
    expect(await (await postAlipay('out_trade_no=1&total_amount=%zz')).res.text()).toBe('fail');
    expect((await tenantOf(admin)).edition).toBe(0);
    const events = await getDb()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.ip, '10.9.9.8'));
    expect(events.filter((e) => e.outcome === 'forged').length).toBeGreaterThanOrEqual(3);
  });

  it("another application's notification and a wrong amount change nothing", async () => {
    const { admin, qr } = await openOrder('alipay');
    const other = alipayNotification({
      app_id: '2021999999999999',
      out_trade_no: qr.orderNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '6980.00',
    });
    expect(await (await postAlipay(other)).res.text()).toBe('fail');
    const cheap = alipayNotification({
      out_trade_no: qr.orderNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '69.80',
    });
    expect(await (await postAlipay(cheap)).res.text()).toBe('success');
    expect((await tenantOf(admin)).edition).toBe(0);
    expect(await outcomes(qr.orderNo)).toEqual(['amount_mismatch']);
  });

  it('status polling asks Alipay (trade query through the SDK)', async () => {
    const { admin, qr } = await openOrder('alipay', 4);
    alipayTrades[qr.orderNo].status = 'TRADE_SUCCESS';
    const r = await callContract(
      getVipOrderQrcodeKeyStatus,
      { query: { qrcodeKey: qr.qrcodeKey } },
      as(admin),
    );
    expect(r.data.status).toBe('paid');
    expect((await tenantOf(admin)).edition).toBe(4);
  });
});

describe('channels that are not configured', () => {
  it('refuses notifications for a channel without an adapter', async () => {
    // The last test: afterAll clears the override.
    setPaymentAdaptersForTests({});
    const r = await postWechat(wxNotification(paidTx('LR1', 1)));
    expect(r.status).toBe(404);
  });
});
