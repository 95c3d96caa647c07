import { createDemoWechatAdapter } from './demo-wechat.adapter';
import { createMpWechatAdapter, type MpWechatConfig } from './mp-wechat.adapter';
import type { WechatAdapter } from './wechat.adapter';

/**
 * WECHAT_MP_APPID, WECHAT_MP_SECRET and WECHAT_MP_TOKEN switch on the official-account adapter
 * (its server URL: {SITE_URL}/admin-api/mp/callback). WECHAT_WEB_APPID / WECHAT_WEB_SECRET (a
 * website application) enable web-code login. Without them the demo adapter is used.
 */
export function mpWechatConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MpWechatConfig | null {
  if (!env.WECHAT_MP_APPID || !env.WECHAT_MP_SECRET || !env.WECHAT_MP_TOKEN) return null;
  return {
    appId: env.WECHAT_MP_APPID,
    appSecret: env.WECHAT_MP_SECRET,
    token: env.WECHAT_MP_TOKEN,
    webAppId: env.WECHAT_WEB_APPID || undefined,
    webAppSecret: env.WECHAT_WEB_SECRET || undefined,
  };
}

const overrideKey = Symbol.for('leadradar.wechat.adapter');
type G = typeof globalThis & { [overrideKey]?: WechatAdapter | null };

export function getWechatAdapter(): WechatAdapter {
  const override = (globalThis as G)[overrideKey];
  if (override) return override;
  const cfg = mpWechatConfigFromEnv();
  return cfg ? createMpWechatAdapter(cfg) : createDemoWechatAdapter();
}

export function setWechatAdapterForTests(adapter: WechatAdapter | null): void {
  (globalThis as G)[overrideKey] = adapter;
}
