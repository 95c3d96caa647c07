import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

/**
 * The published WeChat Pay API v3 scheme, with node:crypto only:
 * - requests are signed SHA256withRSA over "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n" with the
 *   merchant's API certificate key (Authorization: WECHATPAY2-SHA256-RSA2048 …);
 * - answers and notifications are signed over "TIMESTAMP\nNONCE\nBODY\n" with the platform
 *   certificate (or WeChat Pay public key) named by Wechatpay-Serial;
 * - a notification's resource is AEAD_AES_256_GCM with the APIv3 key, the nonce and the
 *   associated data; the last 16 bytes of the ciphertext are the tag.
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** Notifications and answers older (or newer) than this are refused as replays. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

export function requestMessage(
  method: string,
  urlPathWithQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method.toUpperCase()}\n${urlPathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

export function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function signSha256Rsa(message: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
}

export function verifySha256Rsa(message: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The Authorization header value of one request. */
export function authorizationHeader(opts: {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
  method: string;
  urlPathWithQuery: string;
  body: string;
  timestamp?: string;
  nonce?: string;
}): string {
  const timestamp = opts.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = opts.nonce ?? randomBytes(16).toString('hex');
  const signature = signSha256Rsa(
    requestMessage(opts.method, opts.urlPathWithQuery, timestamp, nonce, opts.body),
    opts.privateKey,
  );
  return `${AUTH_SCHEMA} mchid="${opts.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${opts.serialNo}"`;
}

export type SignedHeaders = {
  timestamp: string | null;
  nonce: string | null;
  signature: string | null;
  serial: string | null;
};

export function readSignedHeaders(headers: Headers): SignedHeaders {
  return {
    timestamp: headers.get('wechatpay-timestamp'),
    nonce: headers.get('wechatpay-nonce'),
    signature: headers.get('wechatpay-signature'),
    serial: headers.get('wechatpay-serial'),
  };
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'unknown_serial' | 'bad_signature';

/** Checks an answer's or notification's signature with the verifier its serial names. */
export function checkSignature(
  h: SignedHeaders,
  body: string,
  verifiers: ReadonlyMap<string, KeyObject>,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!h.timestamp || !h.nonce || !h.signature || !h.serial) return 'missing';
  if (!/^\d{1,12}$/.test(h.timestamp)) return 'missing';
  if (Math.abs(nowSeconds - Number(h.timestamp)) > MAX_CLOCK_SKEW_SECONDS) return 'stale';
  const key = verifiers.get(h.serial);
  if (!key) return 'unknown_serial';
  return verifySha256Rsa(responseMessage(h.timestamp, h.nonce, body), h.signature, key)
    ? 'ok'
    : 'bad_signature';
}

export type EncryptedResource = {
  algorithm?: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
};

/** AEAD_AES_256_GCM decryption of a notification resource; throws when the tag does not match. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm && resource.algorithm !== 'AEAD_AES_256_GCM')
    throw new Error(`unsupported algorithm ${resource.algorithm}`);
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('APIv3 key must be 32 bytes');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

/** A PEM from an environment value: inline (with \n escapes) or a path to a file. */
export function pemFrom(value: string, readFile: (path: string) => string): string {
  const inline = value.replace(/\\n/g, '\n').trim();
  return inline.includes('-----BEGIN') ? inline : readFile(value.trim());
}

export function privateKeyFromPem(pem: string): KeyObject {
  return createPrivateKey(pem);
}

/**
 * Verifiers by serial: platform certificates (their serial numbers, upper-case hex as WeChat
 * sends them) and/or a WeChat Pay public key with its id (PUB_KEY_ID_…).
 */
export function buildVerifiers(opts: {
  platformCertsPem?: string | null;
  publicKeyPem?: string | null;
  publicKeyId?: string | null;
}): Map<string, KeyObject> {
  const map = new Map<string, KeyObject>();
  const certs = opts.platformCertsPem?.match(
    /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
  );
  for (const pem of certs ?? []) {
    const cert = new X509Certificate(pem);
    map.set(cert.serialNumber.toUpperCase(), cert.publicKey);
  }
  if (opts.publicKeyPem && opts.publicKeyId)
    map.set(opts.publicKeyId, createPublicKey(opts.publicKeyPem));
  return map;
}

/** RFC 3339 in China time, as WeChat Pay's time_expire is written: 2026-11-25T22:10:00+08:00. */
export function rfc3339China(d: Date): string {
  return `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}
