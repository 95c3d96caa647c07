import { createAliyunSmsSender, type AliyunSmsConfig } from './aliyun-sms.adapter';
import { createDemoSmsSender } from './demo-sms.adapter';
import type { SmsSender } from './sms.adapter';

/**
 * SMS_ACCESS_KEY_ID, SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME and SMS_TEMPLATE_CODE (template with a
 * ${code} variable) switch on the Aliyun adapter; without them the demo adapter is used.
 * SMS_ENDPOINT overrides the gateway (default https://dysmsapi.aliyuncs.com).
 */
export function aliyunSmsConfigFromEnv(
  env: Partial<Record<string, string>> = process.env,
): AliyunSmsConfig | null {
  const { SMS_ACCESS_KEY_ID, SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE_CODE } = env;
  if (!SMS_ACCESS_KEY_ID || !SMS_ACCESS_KEY_SECRET || !SMS_SIGN_NAME || !SMS_TEMPLATE_CODE)
    return null;
  return {
    accessKeyId: SMS_ACCESS_KEY_ID,
    accessKeySecret: SMS_ACCESS_KEY_SECRET,
    signName: SMS_SIGN_NAME,
    templateCode: SMS_TEMPLATE_CODE,
    endpoint: env.SMS_ENDPOINT || undefined,
  };
}

const overrideKey = Symbol.for('leadradar.sms.sender');
type G = typeof globalThis & { [overrideKey]?: SmsSender | null };

export function getSmsSender(): SmsSender {
  const override = (globalThis as G)[overrideKey];
  if (override) return override;
  const aliyun = aliyunSmsConfigFromEnv();
  return aliyun ? createAliyunSmsSender(aliyun) : createDemoSmsSender();
}

/** Tests swap in a recording sender. */
export function setSmsSenderForTests(sender: SmsSender | null): void {
  (globalThis as G)[overrideKey] = sender;
}
