import { createHash, timingSafeEqual } from 'node:crypto';
import { WechatApiError, type WechatAdapter, type WechatIdentity } from './wechat.adapter';

/**
 * Real adapter: WeChat official account (服务号) parametric QR codes and the scan-event callback,
 * plus the website-app OAuth code exchange for /system/pcwx/fast/auth/login.
 */
export type MpWechatConfig = {
  appId: string;
  appSecret: string;
  /** The token configured in the official account's server settings (callback signature). */
  token: string;
  /** Website application (open platform) credentials for web-code login; optional. */
  webAppId?: string;
  webAppSecret?: string;
  apiBase?: string;
};

export type MpWechatDeps = { fetch?: typeof fetch; now?: () => number; timeoutMs?: number };

type TokenCache = { token: string; expiresAt: number };

const cacheKey = Symbol.for('leadradar.wechat.accessToken');
type G = typeof globalThis & { [cacheKey]?: Map<string, TokenCache> };

function tokenCache(): Map<string, TokenCache> {
  const g = globalThis as G;
  g[cacheKey] ??= new Map();
  return g[cacheKey];
}

/** Drops cached access tokens (tests; or after WeChat says the token is invalid). */
export function clearWechatTokenCache(): void {
  tokenCache().clear();
}

type WechatError = { errcode?: number; errmsg?: string };

export function createMpWechatAdapter(cfg: MpWechatConfig, deps: MpWechatDeps = {}): WechatAdapter {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? Date.now;
  const base = (cfg.apiBase ?? 'https://api.weixin.qq.com').replace(/\/$/, '');

  async function call<T>(url: string, init?: RequestInit): Promise<T & WechatError> {
    let res: Response;
    try {
      res = await doFetch(url, { ...init, signal: AbortSignal.timeout(deps.timeoutMs ?? 10000) });
    } catch (err) {
      throw new WechatApiError(`微信接口连接失败：${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => ({}))) as T & WechatError;
    if (!res.ok) throw new WechatApiError(`微信接口 HTTP ${res.status}`);
    return body;
  }

  // stable_token keeps one token valid across several app instances (the classic /token call
  // would invalidate the token another instance just fetched).
  async function accessToken(forceRefresh = false): Promise<string> {
    const cached = tokenCache().get(cfg.appId);
    if (!forceRefresh && cached && cached.expiresAt > now()) return cached.token;
    const body = await call<{ access_token?: string; expires_in?: number }>(
      `${base}/cgi-bin/stable_token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credential',
          appid: cfg.appId,
          secret: cfg.appSecret,
          force_refresh: forceRefresh,
        }),
      },
    );
    if (!body.access_token)
      throw new WechatApiError(`获取 access_token 失败：${body.errmsg ?? ''}`, body.errcode);
    // Refresh five minutes early.
    tokenCache().set(cfg.appId, {
      token: body.access_token,
      expiresAt: now() + Math.max(60, (body.expires_in ?? 7200) - 300) * 1000,
    });
    return body.access_token;
  }

  return {
    kind: 'wechat',
    createQrCode: async (ticket, expireSeconds) => {
      const create = async (token: string) =>
        call<{ ticket?: string; expire_seconds?: number; url?: string }>(
          `${base}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              expire_seconds: expireSeconds,
              action_name: 'QR_STR_SCENE',
              action_info: { scene: { scene_str: ticket } },
            }),
          },
        );
      let body = await create(await accessToken());
      // 40001/42001: token invalid or expired; refresh once.
      if (body.errcode === 40001 || body.errcode === 42001)
        body = await create(await accessToken(true));
      if (!body.url) throw new WechatApiError(`创建二维码失败：${body.errmsg ?? ''}`, body.errcode);
      return { url: body.url };
    },
    exchangeWebCode: async (code): Promise<WechatIdentity | null> => {
      if (!cfg.webAppId || !cfg.webAppSecret) return null;
      const q = new URLSearchParams({
        appid: cfg.webAppId,
        secret: cfg.webAppSecret,
        code,
        grant_type: 'authorization_code',
      });
      const body = await call<{ openid?: string; unionid?: string }>(
        `${base}/sns/oauth2/access_token?${q.toString()}`,
      );
      // 40029 invalid code, 40163 code already used: both mean "ask for a new QR".
      if (!body.openid) return null;
      return { openid: body.openid, unionid: body.unionid ?? null };
    },
  };
}

/** signature = sha1(sort(token, timestamp, nonce).join('')) — the callback's authenticity check. */
export function computeCallbackSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function verifyCallbackSignature(
  token: string,
  q: { signature?: string | null; timestamp?: string | null; nonce?: string | null },
  opts: { now?: number; maxSkewSeconds?: number } = {},
): boolean {
  if (!q.signature || !q.timestamp || !q.nonce) return false;
  const expected = Buffer.from(computeCallbackSignature(token, q.timestamp, q.nonce));
  const given = Buffer.from(q.signature.toLowerCase());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  // Replays of an old signed request are refused (WeChat's timestamp is seconds).
  const skew = Math.abs((opts.now ?? Date.now()) / 1000 - Number(q.timestamp));
  return Number.isFinite(skew) && skew <= (opts.maxSkewSeconds ?? 300);
}

export type ScanEvent = { openid: string; event: 'SCAN' | 'subscribe'; sceneStr: string };

function xmlField(xml: string, name: string): string | null {
  const m = new RegExp(
    `<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`,
  ).exec(xml);
  if (!m) return null;
  return (m[1] ?? m[2] ?? '').trim();
}

/**
 * Reads a plaintext-mode event push. SCAN carries EventKey = scene_str; subscribe (first follow
 * through the QR) carries EventKey = 'qrscene_' + scene_str. Anything else is ignored (null).
 */
export function parseScanEvent(xml: string): ScanEvent | null {
  if (xml.length > 20000) return null;
  if (xmlField(xml, 'MsgType') !== 'event') return null;
  const event = xmlField(xml, 'Event');
  const openid = xmlField(xml, 'FromUserName');
  let key = xmlField(xml, 'EventKey');
  if (!openid || !key) return null;
  if (event === 'subscribe') {
    if (!key.startsWith('qrscene_')) return null;
    key = key.slice('qrscene_'.length);
    return { openid, event: 'subscribe', sceneStr: key };
  }
  if (event === 'SCAN') return { openid, event: 'SCAN', sceneStr: key };
  return null;
}
