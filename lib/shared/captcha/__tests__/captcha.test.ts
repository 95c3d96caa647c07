import { createCipheriv } from 'node:crypto';
import CryptoJS from 'crypto-js';
import {
  aesDecrypt,
  aesEncrypt,
  captchaVerificationOf,
  checkClickAnswer,
  checkSliderAnswer,
  imageDataUrl,
} from '..';

describe('AES-ECB/PKCS7 helpers', () => {
  const key = 'XwKsGlMcdPMEhR1B';

  it('round-trips UTF-8 text', () => {
    const text = '{"x":123.4,"y":5} 中文';
    const enc = aesEncrypt(text, key);
    expect(enc).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(aesDecrypt(enc, key)).toBe(text);
  });

  it('is deterministic ECB with PKCS7 padding (same block twice → same ciphertext blocks)', () => {
    const enc = aesEncrypt('a'.repeat(32), key);
    const bytes = Buffer.from(enc, 'base64');
    // 32 bytes of data + one full padding block.
    expect(bytes).toHaveLength(48);
    expect(bytes.subarray(0, 16)).toEqual(bytes.subarray(16, 32));
    expect(aesEncrypt('a'.repeat(32), key)).toBe(enc);
  });

  it('matches a reference encryption done with crypto-js directly', () => {
    const ref = CryptoJS.AES.encrypt('hello', CryptoJS.enc.Utf8.parse(key), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    }).toString();
    expect(aesEncrypt('hello', key)).toBe(ref);
  });

  it('matches Node crypto aes-128-ecb (what any AJ-Captcha server expects)', () => {
    const c = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
    const expected = Buffer.concat([c.update('{"x":10,"y":5}', 'utf8'), c.final()]).toString(
      'base64',
    );
    expect(aesEncrypt('{"x":10,"y":5}', key)).toBe(expected);
  });

  it('returns null for a wrong key or garbage', () => {
    const enc = aesEncrypt('{"x":1}', key);
    const other = aesDecrypt(enc, 'another-key-1234');
    expect(other === null || other !== '{"x":1}').toBe(true);
    expect(aesDecrypt('not base64 at all', key)).toBeNull();
  });

  it('builds the verification as AES(token---pointJson)', () => {
    const v = captchaVerificationOf('tok', 'pj', key);
    expect(aesDecrypt(v, key)).toBe('tok---pj');
  });
});

describe('slider answer check', () => {
  const expected = { x: 150, y: 5 };
  it('accepts ±5 px and rejects beyond', () => {
    expect(checkSliderAnswer(expected, { x: 155, y: 5 })).toBe(true);
    expect(checkSliderAnswer(expected, { x: 145, y: 5 })).toBe(true);
    expect(checkSliderAnswer(expected, { x: 155.1, y: 5 })).toBe(false);
    expect(checkSliderAnswer(expected, { x: 144.9, y: 5 })).toBe(false);
  });
  it('rejects malformed answers', () => {
    for (const bad of [null, 5, 'x', {}, { x: '150', y: 5 }, { x: Number.NaN, y: 5 }, [expected]])
      expect(checkSliderAnswer(expected, bad)).toBe(false);
  });
});

describe('click-word answer check', () => {
  const expected = [
    { x: 50, y: 40 },
    { x: 150, y: 100 },
    { x: 250, y: 60 },
  ];
  it('accepts three points in order within ±25 px on both axes', () => {
    expect(checkClickAnswer(expected, expected)).toBe(true);
    expect(
      checkClickAnswer(
        expected,
        expected.map((p) => ({ x: p.x - 25, y: p.y + 25 })),
      ),
    ).toBe(true);
  });
  it('rejects wrong order, wrong count, or a point too far', () => {
    expect(checkClickAnswer(expected, [expected[1], expected[0], expected[2]])).toBe(false);
    expect(checkClickAnswer(expected, expected.slice(0, 2))).toBe(false);
    expect(checkClickAnswer(expected, [...expected, expected[0]])).toBe(false);
    expect(checkClickAnswer(expected, [expected[0], expected[1], { x: 250, y: 85.5 }])).toBe(false);
    expect(checkClickAnswer(expected, { 0: expected[0] })).toBe(false);
  });
});

describe('imageDataUrl', () => {
  it('labels JPEG and PNG Base64', () => {
    expect(imageDataUrl('/9j/4AAQ')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(imageDataUrl('iVBORw0KGgo')).toBe('data:image/png;base64,iVBORw0KGgo');
  });
});
