import { createCipheriv, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  authorizationHeader,
  checkSignature,
  decryptResource,
  requestMessage,
  responseMessage,
  rfc3339China,
  signSha256Rsa,
  verifySha256Rsa,
} from '../payment/wechatpay-v3';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const APIV3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';

function encrypt(plain: string, key = APIV3_KEY, nonce = 'nonce1234567', aad = 'transaction') {
  const c = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  c.setAAD(Buffer.from(aad));
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final(), c.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    nonce,
    associated_data: aad,
  };
}

describe('WeChat Pay v3 request signing', () => {
  it('signs METHOD, URL, timestamp, nonce and body; the merchant public key verifies it', () => {
    const header = authorizationHeader({
      mchId: '1900000001',
      serialNo: 'ABC123',
      privateKey: merchant.privateKey,
      method: 'POST',
      urlPathWithQuery: '/v3/pay/transactions/native',
      body: '{"a":1}',
      timestamp: '1700000000',
      nonce: 'n0nce',
    });
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="n0nce",signature="[^"]+",timestamp="1700000000",serial_no="ABC123"$/,
    );
    const signature = /signature="([^"]+)"/.exec(header)![1];
    const msg = requestMessage(
      'POST',
      '/v3/pay/transactions/native',
      '1700000000',
      'n0nce',
      '{"a":1}',
    );
    expect(msg).toBe('POST\n/v3/pay/transactions/native\n1700000000\nn0nce\n{"a":1}\n');
    expect(verifySha256Rsa(msg, signature, merchant.publicKey)).toBe(true);
    expect(verifySha256Rsa(msg.replace('{"a":1}', '{"a":2}'), signature, merchant.publicKey)).toBe(
      false,
    );
  });
});

describe('WeChat Pay v3 notification checks', () => {
  const verifiers = new Map([['PLATFORM1', platform.publicKey]]);
  const body = '{"id":"evt"}';
  const now = 1_800_000_000;
  const signed = (ts: number, key = platform.privateKey, b = body) => ({
    timestamp: String(ts),
    nonce: 'abc',
    serial: 'PLATFORM1',
    signature: signSha256Rsa(responseMessage(String(ts), 'abc', b), key),
  });

  it('accepts a fresh notification signed by the platform key', () => {
    expect(checkSignature(signed(now), body, verifiers, now)).toBe('ok');
  });
  it('refuses one signed by another key', () => {
    expect(checkSignature(signed(now, merchant.privateKey), body, verifiers, now)).toBe(
      'bad_signature',
    );
  });
  it('refuses a changed body', () => {
    expect(checkSignature(signed(now), '{"id":"evt2"}', verifiers, now)).toBe('bad_signature');
  });
  it('refuses a replay older than 5 minutes', () => {
    expect(checkSignature(signed(now - 301), body, verifiers, now)).toBe('stale');
  });
  it('refuses an unknown serial and missing headers', () => {
    expect(checkSignature({ ...signed(now), serial: 'OTHER' }, body, verifiers, now)).toBe(
      'unknown_serial',
    );
    expect(checkSignature({ ...signed(now), signature: null }, body, verifiers, now)).toBe(
      'missing',
    );
  });

  it('decrypts an AEAD_AES_256_GCM resource and refuses a tampered one', () => {
    const res = encrypt('{"out_trade_no":"LR1"}');
    expect(decryptResource(res, APIV3_KEY)).toBe('{"out_trade_no":"LR1"}');
    const bytes = Buffer.from(res.ciphertext, 'base64');
    bytes[0] ^= 1;
    expect(() =>
      decryptResource({ ...res, ciphertext: bytes.toString('base64') }, APIV3_KEY),
    ).toThrow();
    expect(() => decryptResource({ ...res, associated_data: 'other' }, APIV3_KEY)).toThrow();
    expect(() => decryptResource(res, randomBytes(16).toString('hex'))).toThrow();
  });

  it('writes time_expire in China time', () => {
    expect(rfc3339China(new Date('2026-11-25T14:10:00Z'))).toBe('2026-11-25T22:10:00+08:00');
  });
});
