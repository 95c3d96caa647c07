import CryptoJS from 'crypto-js';

/**
 * AES-ECB with PKCS7 padding over UTF-8 text, Base64 out (spec 7.6). The captcha uses it on both
 * sides: the browser encrypts its answer (pointJson) and the verification string with the
 * challenge's secretKey, the server decrypts and recomputes them. A 16-character key is AES-128.
 */
export function aesEncrypt(plainText: string, key: string): string {
  return CryptoJS.AES.encrypt(CryptoJS.enc.Utf8.parse(plainText), CryptoJS.enc.Utf8.parse(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

/** Inverse of aesEncrypt; returns null when the input is not valid ciphertext for this key. */
export function aesDecrypt(cipherBase64: string, key: string): string | null {
  try {
    const bytes = CryptoJS.AES.decrypt(cipherBase64, CryptoJS.enc.Utf8.parse(key), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    });
    if (bytes.sigBytes <= 0) return null;
    return bytes.toString(CryptoJS.enc.Utf8);
  } catch {
    // Malformed UTF-8 after a wrong key, or garbage Base64.
    return null;
  }
}

/** The string the server remembers after a pass and the client sends with login / SMS send. */
export function captchaVerificationOf(token: string, pointJson: string, secretKey: string): string {
  return aesEncrypt(`${token}---${pointJson}`, secretKey);
}
