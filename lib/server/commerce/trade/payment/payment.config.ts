import fs from 'node:fs';
import type { PayChannel } from '@/lib/shared/trade/trade.contract';
import { config } from '@/lib/server/platform';
import { createAlipayAdapter, type AlipayConfig } from './alipay.adapter';
import { createDemoPayAdapter } from './demo.adapter';
import type { PaymentAdapter } from './payment.adapter';
import { createWechatPayAdapter, type WechatPayConfig } from './wechatpay.adapter';
import { buildVerifiers, pemFrom, privateKeyFromPem } from './wechatpay-v3';

/**
 * Payment configuration from the environment (listed in the README):
 *
 * WeChat Pay v3 Native — all of WECHATPAY_MCHID, WECHATPAY_APPID, WECHATPAY_SERIAL_NO (merchant
 * API certificate serial), WECHATPAY_PRIVATE_KEY (apiclient_key.pem: PEM text with \n escapes, or
 * a file path), WECHATPAY_APIV3_KEY (32 characters), and a verifier: WECHATPAY_PLATFORM_CERT (one
 * or more platform certificate PEMs, text or path) and/or WECHATPAY_PUBLIC_KEY with
 * WECHATPAY_PUBLIC_KEY_ID (PUB_KEY_ID_…). Optional WECHATPAY_NOTIFY_URL (default
 * {SITE_URL}/admin-api/trade/pay-notify/wechat), WECHATPAY_BASE_URL.
 *
 * Alipay precreate — ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY (application private key), ALIPAY_PUBLIC_KEY
 * (Alipay public key); optional ALIPAY_KEY_TYPE (PKCS1 | PKCS8, default from the PEM header, else
 * PKCS8), ALIPAY_GATEWAY (e.g. the sandbox gateway), ALIPAY_NOTIFY_URL (default
 * {SITE_URL}/admin-api/trade/pay-notify/alipay).
 *
 * Demo — used when neither is configured and DEMO_MODE is on (the default); PAY_DEMO=0 turns it
 * off, PAY_DEMO=1 keeps it beside real channels (never in production).
 */
type Env = NodeJS.ProcessEnv;

const readFile = (p: string) => fs.readFileSync(p, 'utf8');
const notifyUrl = (env: Env, name: string, channel: string) =>
  env[name] || `${config.siteUrl}/admin-api/trade/pay-notify/${channel}`;

export function wechatPayConfigFromEnv(env: Env = process.env): WechatPayConfig | null {
  const { WECHATPAY_MCHID, WECHATPAY_APPID, WECHATPAY_SERIAL_NO, WECHATPAY_PRIVATE_KEY } = env;
  const apiV3Key = env.WECHATPAY_APIV3_KEY;
  if (!WECHATPAY_MCHID || !WECHATPAY_APPID || !WECHATPAY_SERIAL_NO || !WECHATPAY_PRIVATE_KEY)
    return null;
  if (!apiV3Key) return null;
  const verifiers = buildVerifiers({
    platformCertsPem: env.WECHATPAY_PLATFORM_CERT
      ? pemFrom(env.WECHATPAY_PLATFORM_CERT, readFile)
      : null,
    publicKeyPem: env.WECHATPAY_PUBLIC_KEY ? pemFrom(env.WECHATPAY_PUBLIC_KEY, readFile) : null,
    publicKeyId: env.WECHATPAY_PUBLIC_KEY_ID ?? null,
  });
  if (verifiers.size === 0) return null;
  return {
    mchId: WECHATPAY_MCHID,
    appId: WECHATPAY_APPID,
    serialNo: WECHATPAY_SERIAL_NO,
    privateKey: privateKeyFromPem(pemFrom(WECHATPAY_PRIVATE_KEY, readFile)),
    apiV3Key,
    verifiers,
    notifyUrl: notifyUrl(env, 'WECHATPAY_NOTIFY_URL', 'wechat'),
    baseUrl: (env.WECHATPAY_BASE_URL || 'https://api.mch.weixin.qq.com').replace(/\/$/, ''),
  };
}

export function alipayConfigFromEnv(env: Env = process.env): AlipayConfig | null {
  const { ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY } = env;
  if (!ALIPAY_APP_ID || !ALIPAY_PRIVATE_KEY || !ALIPAY_PUBLIC_KEY) return null;
  const privateKey = ALIPAY_PRIVATE_KEY.replace(/\\n/g, '\n').trim();
  const keyType =
    env.ALIPAY_KEY_TYPE === 'PKCS1' || env.ALIPAY_KEY_TYPE === 'PKCS8'
      ? env.ALIPAY_KEY_TYPE
      : privateKey.includes('BEGIN RSA PRIVATE KEY')
        ? 'PKCS1'
        : 'PKCS8';
  return {
    appId: ALIPAY_APP_ID,
    privateKey,
    alipayPublicKey: ALIPAY_PUBLIC_KEY.replace(/\\n/g, '\n').trim(),
    keyType,
    gateway: env.ALIPAY_GATEWAY || undefined,
    notifyUrl: notifyUrl(env, 'ALIPAY_NOTIFY_URL', 'alipay'),
  };
}

const overrideKey = Symbol.for('leadradar.payment.adapters');
type G = typeof globalThis & { [overrideKey]?: Partial<Record<PayChannel, PaymentAdapter>> | null };

let cached: { env: string; adapters: Partial<Record<PayChannel, PaymentAdapter>> } | null = null;

function fromEnv(): Partial<Record<PayChannel, PaymentAdapter>> {
  const env = process.env;
  const key = [
    'WECHATPAY_MCHID',
    'WECHATPAY_SERIAL_NO',
    'WECHATPAY_PLATFORM_CERT',
    'WECHATPAY_PUBLIC_KEY_ID',
    'ALIPAY_APP_ID',
    'PAY_DEMO',
    'DEMO_MODE',
  ]
    .map((n) => env[n] ?? '')
    .join('|');
  if (cached?.env === key) return cached.adapters;
  const adapters: Partial<Record<PayChannel, PaymentAdapter>> = {};
  const wx = wechatPayConfigFromEnv(env);
  if (wx) adapters.wechat = createWechatPayAdapter(wx);
  const ali = alipayConfigFromEnv(env);
  if (ali) adapters.alipay = createAlipayAdapter(ali);
  const real = Object.keys(adapters).length > 0;
  const demo = env.PAY_DEMO === '1' || (env.PAY_DEMO !== '0' && !real && config.demoMode);
  if (demo) adapters.demo = createDemoPayAdapter();
  cached = { env: key, adapters };
  return adapters;
}

/** The configured adapters by channel (tests may replace them). */
export function paymentAdapters(): Partial<Record<PayChannel, PaymentAdapter>> {
  return (globalThis as G)[overrideKey] ?? fromEnv();
}

/** The adapter for `channel`, or the first configured one (WeChat, Alipay, then demo). */
export function paymentAdapter(channel?: PayChannel): PaymentAdapter | null {
  const all = paymentAdapters();
  if (channel) return all[channel] ?? null;
  return all.wechat ?? all.alipay ?? all.demo ?? null;
}

export function setPaymentAdaptersForTests(
  adapters: Partial<Record<PayChannel, PaymentAdapter>> | null,
): void {
  (globalThis as G)[overrideKey] = adapters;
}
