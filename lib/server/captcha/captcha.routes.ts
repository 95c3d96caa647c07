import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { CAPTCHA_TYPES } from '@/lib/shared/captcha/protocol';
import { checkCaptcha, getCaptcha } from './captcha.service';

const tags = ['验证码'];
const captchaType = z.enum(CAPTCHA_TYPES);

/** The captcha answers in the AJ-Captcha shape {repCode, repMsg, repData}, not the envelope. */
function repResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export const captchaRoutes = [
  legacyRoute({
    method: 'POST',
    path: '/system/captcha/get',
    summary: '获取验证码（滑块 blockPuzzle / 文字点选 clickWord），返回 repCode 协议',
    tags,
    access: 'public',
    // Login needs it even on a read-only demo.
    write: false,
    body: z.object({
      captchaType,
      clientUid: z.string().trim().min(1).max(64),
      ts: z.number().optional(),
    }),
    handler: async ({ body, client }) => repResponse(await getCaptcha(body, client)),
  }),

  legacyRoute({
    method: 'POST',
    path: '/system/captcha/check',
    summary: '校验验证码答案（pointJson 为 AES-ECB 加密的坐标），返回 repCode 协议',
    tags,
    access: 'public',
    write: false,
    body: z.object({
      captchaType,
      token: z.string().min(1).max(64),
      pointJson: z.string().min(1).max(2000),
    }),
    handler: async ({ body, client }) => repResponse(await checkCaptcha(body, client)),
  }),
];
