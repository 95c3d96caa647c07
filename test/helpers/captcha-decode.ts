import { createCanvas, loadImage } from '@napi-rs/canvas';
import { CAPTCHA_IMAGE } from '@/lib/shared/captcha/protocol';

/** A captcha PNG as an attacker reads it: luminance and alpha per pixel, row by row. */
export type DecodedCaptcha = { lum: Float64Array; alpha: Uint8ClampedArray; width: number };

export async function decodeCaptchaPng(base64: string, width: number): Promise<DecodedCaptcha> {
  const H = CAPTCHA_IMAGE.height;
  const img = await loadImage(Buffer.from(base64, 'base64'));
  const ctx = createCanvas(width, H).getContext('2d');
  ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(0, 0, width, H).data;
  const lum = new Float64Array(width * H);
  const alpha = new Uint8ClampedArray(width * H);
  for (let i = 0; i < width * H; i++) {
    lum[i] = 0.299 * d[i * 4] + 0.587 * d[i * 4 + 1] + 0.114 * d[i * 4 + 2];
    alpha[i] = d[i * 4 + 3];
  }
  return { lum, alpha, width };
}
