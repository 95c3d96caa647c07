import 'server-only';
import { ApiError } from '../http/api-error';
import type { ClientInfo } from '../http/client-info';
import { deviceFingerprint } from '../http/device-id';
import { ipBucket } from '../http/ip-bucket';
import {
  hitRateLimit,
  peekRateLimit,
  rateLimitClock,
  rateLimitWindowStart,
} from '../rate-limit/rate-limit.service';
import { ERRORS } from '@/lib/shared/api/error-codes';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The risk rule in front of every SMS send (issue 28 item 2: once a script passes the captcha, the
 * next line of defence is how often it may ask). Counted in rate_limit_counters, beside the send
 * rules of sms.service.ts (one send per number per 60 s, 10 per number and 50 per address per China
 * day): per number (SMS bombing of one phone), per client address (IPv4, or the IPv6 /64) and per
 * device (the browser's cookie, lib/server/platform/http/device-id.ts: a browser needs a code or two).
 * A refused send costs nothing and says in Chinese which limit and for how long.
 */
export const SMS_RISK_LIMITS = {
  mobilePerHour: 5,
  addressPerHour: 20,
  devicePerHour: 5,
  devicePerDay: 10,
} as const;

type Rule = { key: string; limit: number; windowMs: number; who: string };

function rulesFor(mobile: string, client: Pick<ClientInfo, 'ip' | 'device'>): Rule[] {
  const rules: Rule[] = [
    {
      key: `sms:risk:mobile:${mobile}`,
      limit: SMS_RISK_LIMITS.mobilePerHour,
      windowMs: HOUR,
      who: '该手机号',
    },
    {
      key: `sms:risk:ip:${ipBucket(client.ip)}`,
      limit: SMS_RISK_LIMITS.addressPerHour,
      windowMs: HOUR,
      who: '当前网络',
    },
  ];
  const device = deviceFingerprint(client.device);
  if (device) {
    rules.push(
      {
        key: `sms:risk:device:${device}`,
        limit: SMS_RISK_LIMITS.devicePerHour,
        windowMs: HOUR,
        who: '当前设备',
      },
      {
        key: `sms:risk:device-day:${device}`,
        limit: SMS_RISK_LIMITS.devicePerDay,
        windowMs: DAY,
        who: '当前设备',
      },
    );
  }
  return rules;
}

/** How long until the window of `rule` ends, in words. */
function waitText(rule: Rule): string {
  const now = rateLimitClock.now();
  const ends = rateLimitWindowStart(rule.windowMs, now).getTime() + rule.windowMs;
  const minutes = Math.max(1, Math.ceil((ends - now) / 60_000));
  return minutes >= 60 ? `${Math.ceil(minutes / 60)} 小时` : `${minutes} 分钟`;
}

/** Refuses (1002014005, with the reason) or counts one send for every dimension. */
export async function enforceSmsRisk(
  mobile: string,
  client: Pick<ClientInfo, 'ip' | 'device'>,
): Promise<void> {
  const rules = rulesFor(mobile, client);
  const used = await Promise.all(rules.map((r) => peekRateLimit(r.key, r.windowMs)));
  const over = rules.find((r, i) => used[i] >= r.limit);
  if (over) {
    throw new ApiError(
      ERRORS.SMS_CODE_TOO_FAST.code,
      `${over.who}获取验证码次数过多，为保护账号安全，请 ${waitText(over)}后再试`,
    );
  }
  await Promise.all(rules.map((r) => hitRateLimit(r.key, r.limit, r.windowMs)));
}
