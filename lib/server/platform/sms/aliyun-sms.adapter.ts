import { createHmac, randomUUID } from 'node:crypto';
import { SmsDeliveryError, type SmsMessage, type SmsSender } from './sms.adapter';

/**
 * Aliyun Dysms SendSms over the RPC API with signature version 1.0 (HMAC-SHA1):
 * StringToSign = METHOD & %2F & percentEncode(sorted canonical query); key = secret + '&'.
 */
export type AliyunSmsConfig = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint?: string;
  regionId?: string;
};

export type AliyunSmsDeps = {
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
  timeoutMs?: number;
};

/** RFC 3986 encoding as the POP gateway expects (space → %20, * → %2A, ~ kept). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
}

export function stringToSign(params: Record<string, string>, method = 'GET'): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function signRpcV1(
  params: Record<string, string>,
  accessKeySecret: string,
  method = 'GET',
): string {
  return createHmac('sha1', `${accessKeySecret}&`)
    .update(stringToSign(params, method))
    .digest('base64');
}

/** ISO 8601 UTC without milliseconds, e.g. 2017-07-12T02:42:19Z. */
function timestamp(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Builds the signed GET URL of one SendSms call. */
export function buildSendSmsUrl(
  config: AliyunSmsConfig,
  message: Pick<SmsMessage, 'mobile' | 'code'>,
  now: Date,
  nonce: string,
): string {
  const params: Record<string, string> = {
    AccessKeyId: config.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: message.mobile,
    RegionId: config.regionId ?? 'cn-hangzhou',
    SignName: config.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: config.templateCode,
    TemplateParam: JSON.stringify({ code: message.code }),
    Timestamp: timestamp(now),
    Version: '2017-05-25',
  };
  const signature = signRpcV1(params, config.accessKeySecret);
  const endpoint = (config.endpoint ?? 'https://dysmsapi.aliyuncs.com').replace(/\/$/, '');
  return `${endpoint}/?Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
}

type SendSmsResponse = { Code?: string; Message?: string; RequestId?: string; BizId?: string };

export function createAliyunSmsSender(
  config: AliyunSmsConfig,
  deps: AliyunSmsDeps = {},
): SmsSender {
  const doFetch = deps.fetch ?? fetch;
  return {
    kind: 'aliyun',
    send: async ({ mobile, code }: SmsMessage) => {
      const url = buildSendSmsUrl(
        config,
        { mobile, code },
        (deps.now ?? (() => new Date()))(),
        (deps.nonce ?? randomUUID)(),
      );
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'GET',
          signal: AbortSignal.timeout(deps.timeoutMs ?? 10000),
        });
      } catch (err) {
        throw new SmsDeliveryError(`短信服务连接失败：${(err as Error).message}`);
      }
      const body = (await res.json().catch(() => ({}))) as SendSmsResponse;
      if (!res.ok || body.Code !== 'OK') {
        throw new SmsDeliveryError(`短信发送失败：${body.Message ?? res.status}`, body.Code);
      }
    },
  };
}
