import { partLogger } from '@/lib/server/platform';
import { createHash, createHmac } from 'node:crypto';
import type { CaptchaProvider, CaptchaTicket } from './captcha-provider';

/**
 * Tencent Cloud 天御 captcha (验证码), server side: DescribeCaptchaResult (version 2019-07-22,
 * https://cloud.tencent.com/document/product/1110/36926) over the Tencent Cloud API 3.0 with
 * signature v3 (TC3-HMAC-SHA256). The browser solves Tencent's widget and gets a ticket and a
 * randstr; this checks them once (Tencent refuses a reused ticket, code 9).
 */
export type TencentCaptchaConfig = {
  secretId: string;
  secretKey: string;
  captchaAppId: number;
  appSecretKey: string;
  /** API host; captcha.tencentcloudapi.com unless overridden (a test's fake, the intl site). */
  endpoint?: string;
  /** The browser widget's script. */
  scriptUrl: string;
};

export type TencentCaptchaDeps = {
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
  log?: (line: string) => void;
};

const SERVICE = 'captcha';
const ACTION = 'DescribeCaptchaResult';
const VERSION = '2019-07-22';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

/** The Authorization header of one POST of `payload` to `host` at `timestamp` (seconds). */
export function tc3Authorization(opts: {
  secretId: string;
  secretKey: string;
  host: string;
  payload: string;
  timestamp: number;
  service?: string;
}): string {
  const service = opts.service ?? SERVICE;
  const date = new Date(opts.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${opts.host}\n`,
    signedHeaders,
    sha256Hex(opts.payload),
  ].join('\n');
  const scope = `${date}/${service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', opts.timestamp, scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signing = hmac(hmac(hmac(`TC3${opts.secretKey}`, date), service), 'tc3_request');
  const signature = createHmac('sha256', signing).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${opts.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

type DescribeCaptchaResultResponse = {
  Response?: {
    CaptchaCode?: number;
    CaptchaMsg?: string;
    EvilLevel?: number;
    RequestId?: string;
    Error?: { Code?: string; Message?: string };
  };
};

export function createTencentCaptchaProvider(
  config: TencentCaptchaConfig,
  deps: TencentCaptchaDeps = {},
): CaptchaProvider {
  const doFetch = deps.fetch ?? fetch;
  const log = deps.log ?? ((l: string) => partLogger('captcha').warn(l));
  const base = (config.endpoint ?? 'https://captcha.tencentcloudapi.com').replace(/\/$/, '');
  const host = new URL(base).host;
  return {
    kind: 'tencent',
    widget: { provider: 'tencent', appId: config.captchaAppId, scriptUrl: config.scriptUrl },
    verify: async (ticket: CaptchaTicket, userIp: string) => {
      const payload = JSON.stringify({
        CaptchaType: 9,
        Ticket: ticket.ticket,
        UserIp: userIp,
        Randstr: ticket.randstr,
        CaptchaAppId: config.captchaAppId,
        AppSecretKey: config.appSecretKey,
      });
      const timestamp = Math.floor((deps.now ?? (() => new Date()))().getTime() / 1000);
      let body: DescribeCaptchaResultResponse;
      try {
        const res = await doFetch(`${base}/`, {
          method: 'POST',
          headers: {
            authorization: tc3Authorization({
              secretId: config.secretId,
              secretKey: config.secretKey,
              host,
              payload,
              timestamp,
            }),
            'content-type': CONTENT_TYPE,
            host,
            'x-tc-action': ACTION,
            'x-tc-version': VERSION,
            'x-tc-timestamp': String(timestamp),
          },
          body: payload,
          signal: AbortSignal.timeout(deps.timeoutMs ?? 5000),
        });
        body = (await res.json()) as DescribeCaptchaResultResponse;
      } catch (err) {
        // Unreachable or not JSON: nobody passes (the failure is the operator's to see).
        log(`[captcha:tencent] 验证服务不可用：${(err as Error).message}`);
        return false;
      }
      const r = body.Response;
      if (r?.Error) {
        log(`[captcha:tencent] ${r.Error.Code ?? '-'}: ${r.Error.Message ?? ''}`);
        return false;
      }
      // 1 is a pass; 7 randstr mismatch, 8 expired, 9 reused, 15 forged, 16 wrong app, 21 ...
      return r?.CaptchaCode === 1;
    },
  };
}
