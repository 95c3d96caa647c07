import { ecb } from '@noble/ciphers/aes.js';

/**
 * AES-ECB with PKCS7 padding over UTF-8 text, Base64 out (spec 7.6). The captcha uses it on both
 * sides: the browser encrypts its answer (pointJson) and the verification string with the
 * challenge's secretKey, the server decrypts and recomputes them. A 16-character key is AES-128.
 * @noble/ciphers (audited, no dependencies) instead of crypto-js: about 3 KB instead of 24 KB
 * gzipped in the pages that show a captcha.
 */
const encoder = new TextEncoder();
// Fatal: a wrong key that still unpads gives bytes that are rarely UTF-8; refuse them.
const decoder = new TextDecoder('utf-8', { fatal: true });

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function aesEncrypt(plainText: string, key: string): string {
  return toBase64(ecb(encoder.encode(key)).encrypt(encoder.encode(plainText)));
}

/** Inverse of aesEncrypt; returns null when the input is not valid ciphertext for this key. */
export function aesDecrypt(cipherBase64: string, key: string): string | null {
  try {
    const bytes = ecb(encoder.encode(key)).decrypt(fromBase64(cipherBase64));
    if (bytes.length === 0) return null;
    return decoder.decode(bytes);
  } catch {
    // Garbage Base64, a length that is not whole blocks, bad padding after a wrong key, or bytes
    // that are not UTF-8.
    return null;
  }
}

/** The string the server remembers after a pass and the client sends with login / SMS send. */
export function captchaVerificationOf(token: string, pointJson: string, secretKey: string): string {
  return aesEncrypt(`${token}---${pointJson}`, secretKey);
}
