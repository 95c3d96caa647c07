import fixture from './fixtures/aliyun-send-sms.json';
import {
  buildSendSmsUrl,
  createAliyunSmsSender,
  percentEncode,
  signRpcV1,
  stringToSign,
} from '../aliyun-sms.adapter';
import { SmsDeliveryError } from '../sms.adapter';
import { aliyunSmsConfigFromEnv } from '../sms.config';

describe('Aliyun SendSms signature v1', () => {
  it('reproduces the documentation vector', () => {
    const { params, accessKeySecret, stringToSign: sts, signature } = fixture.docVector;
    expect(stringToSign(params)).toBe(sts);
    expect(signRpcV1(params, accessKeySecret)).toBe(signature);
  });

  it('percent-encodes the POP way', () => {
    expect(percentEncode('a b')).toBe('a%20b');
    expect(percentEncode('*')).toBe('%2A');
    expect(percentEncode('~-_.')).toBe('~-_.');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
    expect(percentEncode('派')).toBe('%E6%B4%BE');
  });

  it('builds a deterministic signed request for a fixed nonce and time', () => {
    const { config, mobile, code, now, nonce } = fixture.request;
    const url = new URL(buildSendSmsUrl(config, { mobile, code }, new Date(now), nonce));
    expect(url.origin).toBe('https://dysmsapi.aliyuncs.com');
    const params = Object.fromEntries(url.searchParams.entries());
    expect(params).toMatchObject({
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      SignName: '拓客雷达',
      TemplateCode: 'SMS_000000001',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2026-11-22T08:00:00Z',
      SignatureNonce: nonce,
      Version: '2017-05-25',
    });
    const { Signature, ...rest } = params;
    // The signature in the URL is the one computed over the other parameters.
    expect(Signature).toBe(signRpcV1(rest, config.accessKeySecret));
    // And it is stable: same inputs, same request.
    expect(buildSendSmsUrl(config, { mobile, code }, new Date(now), nonce)).toBe(
      url.toString().replace(url.search, '') + url.search,
    );
  });

  it('sends through the injected fetch and accepts Code OK', async () => {
    const calls: string[] = [];
    const fakeFetch = (async (input: string | URL | Request) => {
      calls.push(String(input));
      return new Response(JSON.stringify(fixture.responses.ok), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const { config, nonce, now } = fixture.request;
    const sender = createAliyunSmsSender(config, {
      fetch: fakeFetch,
      nonce: () => nonce,
      now: () => new Date(now),
    });
    await sender.send({ mobile: '13800000001', code: '123456', scene: 21 });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBe(
      buildSendSmsUrl(config, { mobile: '13800000001', code: '123456' }, new Date(now), nonce),
    );
  });

  it('turns a provider refusal into SmsDeliveryError', async () => {
    const fakeFetch = (async () =>
      new Response(JSON.stringify(fixture.responses.limited))) as typeof fetch;
    const sender = createAliyunSmsSender(fixture.request.config, { fetch: fakeFetch });
    await expect(
      sender.send({ mobile: '13800000001', code: '123456', scene: 21 }),
    ).rejects.toBeInstanceOf(SmsDeliveryError);
  });

  it('is selected only when all four variables are set', () => {
    expect(aliyunSmsConfigFromEnv({})).toBeNull();
    expect(
      aliyunSmsConfigFromEnv({
        SMS_ACCESS_KEY_ID: 'a',
        SMS_ACCESS_KEY_SECRET: 'b',
        SMS_SIGN_NAME: 'c',
        SMS_TEMPLATE_CODE: 'd',
      }),
    ).toMatchObject({ accessKeyId: 'a', templateCode: 'd' });
  });
});
