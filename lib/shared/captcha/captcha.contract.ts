import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import {
  CAPTCHA_TYPES,
  DRAG_TRACE,
  type CaptchaChallengeData,
  type CaptchaWidget,
  type DragSample,
} from '@/lib/shared/captcha/protocol';

/**
 * The captcha answers in the AJ-Captcha shape `{repCode, repMsg, repData, success}`, not the
 * envelope (responseKind 'raw'); repCode values are CAPTCHA_REP in ./protocol.
 */

const tags = ['验证码'];

export const captchaTypeSchema = z.enum(CAPTCHA_TYPES);

/** A challenge: the background, the jigsaw piece or the words to click, and the AES key. */
export const captchaChallengeDataSchema = z.object({
  originalImageBase64: z.string(),
  jigsawImageBase64: z.string().optional(),
  wordList: z.array(z.string()).optional(),
  token: z.string(),
  secretKey: z.string(),
}) satisfies z.ZodType<CaptchaChallengeData>;

/** The outcome of a check (repData of 0000 / 6111 / 6202). */
export const captchaCheckDataSchema = z.object({
  captchaType: captchaTypeSchema,
  token: z.string(),
  result: z.boolean(),
});
export type CaptchaCheckData = z.infer<typeof captchaCheckDataSchema>;

/** `{repCode, repMsg, repData, success}` with repData null on most failures. */
function repSchema<T extends z.ZodType>(data: T) {
  return z.object({
    repCode: z
      .string()
      .describe('0000 成功，6110 失效，6111 坐标不正确，6201 过于频繁，6202 失败过多'),
    repMsg: z.string(),
    repData: data.nullable(),
    success: z.boolean(),
  });
}

export const getCaptcha = defineContract({
  method: 'POST',
  path: '/system/captcha/get',
  summary: '获取验证码（滑块 blockPuzzle / 文字点选 clickWord），返回 repCode 协议',
  tags,
  access: 'public',
  // Login needs it even on a read-only demo.
  write: false,
  body: z.object({
    captchaType: captchaTypeSchema,
    clientUid: z.string().trim().min(1).max(64),
    ts: z.number().optional(),
  }),
  response: repSchema(captchaChallengeDataSchema),
  responseKind: 'raw',
});

export const checkCaptcha = defineContract({
  method: 'POST',
  path: '/system/captcha/check',
  summary: '校验验证码答案（pointJson 为 AES-ECB 加密的坐标），返回 repCode 协议',
  tags,
  access: 'public',
  write: false,
  body: z.object({
    captchaType: captchaTypeSchema,
    token: z.string().min(1).max(64),
    pointJson: z.string().min(1).max(2000),
    // An addition to the AJ-Captcha request: clients that omit it keep the protocol, but a slider
    // check without a plausible trace fails like a wrong position (6111).
    trace: z
      .array(z.tuple([z.number(), z.number()]) satisfies z.ZodType<DragSample>)
      .max(DRAG_TRACE.maxSamples)
      .optional()
      .describe('滑块拖动轨迹：[按下后的毫秒数, 拼图左边位置（310 参考宽度）] 的序列'),
  }),
  response: repSchema(captchaCheckDataSchema),
  responseKind: 'raw',
});

export const getCaptchaWidget = defineContract({
  method: 'GET',
  path: '/system/captcha/provider',
  summary:
    '浏览器使用的验证码：内置滑块（builtin），或腾讯云天御验证码（tencent，附 CaptchaAppId 与组件脚本地址）',
  tags,
  access: 'public',
  response: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('builtin') }),
    z.object({ provider: z.literal('tencent'), appId: z.number().int(), scriptUrl: z.string() }),
  ]) satisfies z.ZodType<CaptchaWidget>,
});
