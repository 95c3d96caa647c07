import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createAlipayAdapter } from '@/lib/server/commerce/trade/payment/alipay.adapter';
import { PaymentCallbackRejected } from '@/lib/server/commerce/trade/payment/payment.adapter';

/**
 * Issue 28 item 6: WeChat Pay notifications older than 5 minutes are refused as replayed, Alipay
 * ones were not: a captured, genuinely signed notification could be sent again any time later.
 * Alipay's now get the same check on notify_time.
 */
const APP_ID = '2021000000000028';
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (
  k: { export: (o: { type: 'pkcs8' | 'spki'; format: 'pem' }) => string | Buffer },
  type: 'pkcs8' | 'spki',
) => String(k.export({ type, format: 'pem' }));

const adapter = createAlipayAdapter({
  appId: APP_ID,
  privateKey: pem(app.privateKey, 'pkcs8'),
  alipayPublicKey: pem(alipay.publicKey, 'spki'),
  keyType: 'PKCS8',
  notifyUrl: 'https://example.test/admin-api/trade/pay-notify/alipay',
});

const chinaTime = (ms: number) =>
  new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** A notification signed by "Alipay" (RSA2 over the sorted fields), sent at `sentAt`. */
function notification(sentAt: number | null): string {
  const fields: Record<string, string> = {
    notify_type: 'trade_status_sync',
    notify_id: randomBytes(8).toString('hex'),
    app_id: APP_ID,
    charset: 'utf-8',
    version: '1.0',
    out_trade_no: 'LR202611280001',
    trade_no: '2026112822001',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '6980.00',
  };
  if (sentAt !== null) fields.notify_time = chinaTime(sentAt);
  const content = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(alipay.privateKey, 'base64');
  return new URLSearchParams({ ...fields, sign_type: 'RSA2', sign }).toString();
}

const verify = (rawBody: string) => adapter.verifyCallback({ headers: new Headers(), rawBody });

async function refusal(rawBody: string) {
  try {
    await verify(rawBody);
    return null;
  } catch (err) {
    return err instanceof PaymentCallbackRejected ? err.reason : String(err);
  }
}

it('accepts a fresh, genuinely signed notification', async () => {
  await expect(verify(notification(Date.now() - 30_000))).resolves.toMatchObject({
    orderNo: 'LR202611280001',
    paid: true,
  });
});

it('refuses one sent more than 5 minutes ago as replayed', async () => {
  expect(await refusal(notification(Date.now() - 10 * 60_000))).toBe('replayed');
  expect(await refusal(notification(Date.now() + 10 * 60_000))).toBe('replayed');
});

it('refuses one without notify_time', async () => {
  expect(await refusal(notification(null))).toBe('invalid');
});
