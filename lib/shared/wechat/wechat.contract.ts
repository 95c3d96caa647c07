import { z } from 'zod';
import { defineContract, epochMs } from '@/lib/shared/api/contract';
import { loginResultSchema } from '@/lib/shared/auth/auth.contract';
import { mobileSchema, smsCodeSchema } from '@/lib/shared/validation';

const tags = ['微信扫码'];
const authTags = ['认证'];

/** Social type of a WeChat official account (spec 9: unbind type 31). */
export const SOCIAL_TYPE_WECHAT_MP = 31;

// ---- schemas -------------------------------------------------------------------------------

export const qrTicketSchema = z.string().trim().min(1, '缺少 ticket').max(100);
const rememberMe = z.boolean().optional().default(true);

export const qrSceneSchema = z.enum(['login', 'bind']);
export type QrScene = z.infer<typeof qrSceneSchema>;

/** A QR ticket: draw `url` as the QR; it expires after `expireSeconds`. */
export const qrTicketInfoSchema = z.object({
  ticket: z.string(),
  url: z.string(),
  expireSeconds: z.number(),
});
export type QrTicketInfo = z.infer<typeof qrTicketInfoSchema>;

/** What the demo phone page shows about a ticket and the browser's signed-in user. */
export const phoneTicketInfoSchema = z.object({
  scene: z.string(),
  status: z.number(),
  expiresTime: epochMs,
  currentUser: z
    .object({ nickname: z.string(), mobile: z.string(), boundOpenid: z.string().nullable() })
    .nullable(),
});
export type PhoneTicketInfo = z.infer<typeof phoneTicketInfoSchema>;

/** A one-time WeChat web-login code minted by the demo phone page. */
export const demoWebCodeSchema = z.object({
  code: z.string(),
  state: z.string(),
  loginUrl: z.string(),
});
export type DemoWebCode = z.infer<typeof demoWebCodeSchema>;

export const wxBindMobileLoginBodySchema = z.object({
  mobile: mobileSchema,
  smsCode: smsCodeSchema.optional().nullable(),
  ticket: qrTicketSchema,
  companyId: z.coerce.number().int().positive().optional().nullable(),
  companyName: z.string().trim().max(100).optional().nullable(),
  invitationCode: z.string().trim().max(32).optional().nullable(),
  code: z.string().max(200).optional().nullable(),
  rememberMe,
});
export type WxBindMobileLoginBody = z.infer<typeof wxBindMobileLoginBodySchema>;

// ---- QR login and binding ------------------------------------------------------------------

export const createQrcodeTicket = defineContract({
  method: 'GET',
  path: '/mp/qrcode/create-qrcode-ticket',
  summary: '创建扫码登录（scene=login）或绑定公众号（scene=bind，需登录）的二维码票据，10 分钟有效',
  tags,
  access: 'public',
  write: false,
  query: z.object({ scene: qrSceneSchema.default('login') }),
  response: qrTicketInfoSchema,
});

export const getQrcodeStatus = defineContract({
  method: 'GET',
  path: '/mp/qrcode/get-qrcode-status',
  summary:
    '轮询二维码状态。login：200+data 2 已确认（再调 qrcode-login），1002000011 等待，1002000009 过期，1002000005 微信未绑定账号；bind：data 0 过期/1 等待/2 已绑定/3 已被其他账号绑定',
  tags,
  access: 'public',
  query: z.object({ ticket: qrTicketSchema }),
  response: z.number(),
});

export const qrcodeLogin = defineContract({
  method: 'POST',
  path: '/system/auth/qrcode-login',
  summary: '扫码确认后换取令牌（票据只能使用一次）',
  tags: authTags,
  access: 'public',
  write: false,
  body: z.object({ ticket: qrTicketSchema, rememberMe }),
  response: loginResultSchema,
});

export const wxMpBindMobileLogin = defineContract({
  method: 'POST',
  path: '/system/auth/wx-mp-bind-mobile-login',
  summary:
    '扫码后绑定手机号并登录：把扫码的微信绑定到该手机号的账号（新手机号自动注册）；可同时带企业信息完成绑定企业',
  tags: authTags,
  access: 'public',
  write: false,
  body: wxBindMobileLoginBodySchema,
  response: loginResultSchema,
});

export const wxWebCodeLogin = defineContract({
  method: 'POST',
  path: '/system/pcwx/fast/auth/login',
  summary: '微信网页授权 code 换登录（1002000015 code 无效或已使用，1002000016 该微信未绑定账号）',
  tags: authTags,
  access: 'public',
  write: false,
  query: z.object({
    code: z.string().trim().min(1).max(200),
    state: z.string().max(200).optional(),
  }),
  response: loginResultSchema,
});

// ---- Demo phone page (/PhonePage?ticket=…): stands in for WeChat on the phone ----------------

export const getPhoneTicketInfo = defineContract({
  method: 'GET',
  path: '/mp/qrcode/phone/ticket-info',
  summary: '演示手机页：票据信息与本浏览器当前登录用户',
  tags,
  access: 'public',
  query: z.object({ ticket: qrTicketSchema }),
  response: phoneTicketInfoSchema,
});

export const confirmPhoneScan = defineContract({
  method: 'POST',
  path: '/mp/qrcode/phone/confirm',
  summary: '演示手机页：以本浏览器已登录的账号确认扫码（登录或绑定）',
  tags,
  access: 'user',
  write: false,
  body: z.object({ ticket: qrTicketSchema }),
  response: z.number(),
});

export const continuePhoneScanAsNew = defineContract({
  method: 'POST',
  path: '/mp/qrcode/phone/continue-as-new',
  summary: '演示手机页：以一个新的微信身份扫码（登录时随后需绑定手机号）',
  tags,
  access: 'public',
  write: false,
  body: z.object({ ticket: qrTicketSchema }),
  response: z.number(),
});

export const mintPhoneWebCode = defineContract({
  method: 'POST',
  path: '/mp/qrcode/phone/web-code',
  summary:
    '演示手机页：签发一次性微信网页授权 code（用于 /system/pcwx/fast/auth/login），5 分钟有效',
  tags,
  access: 'public',
  write: false,
  body: z.object({ newIdentity: z.boolean().optional().default(false) }),
  response: demoWebCodeSchema,
});

// ---- WeChat official-account server callback (real adapter) --------------------------------

const callbackSignatureQuery = {
  signature: z.string().optional(),
  timestamp: z.string().optional(),
  nonce: z.string().optional(),
};

export const verifyMpCallback = defineContract({
  method: 'GET',
  path: '/mp/callback',
  summary: '微信公众号服务器地址校验（echostr）：成功回 echostr 纯文本，签名错误 403',
  tags,
  access: 'public',
  write: false,
  query: z.object({ ...callbackSignatureQuery, echostr: z.string().optional() }),
  response: z.null(),
  responseKind: 'file',
  fileType: 'text/plain',
});

export const receiveMpCallback = defineContract({
  method: 'POST',
  path: '/mp/callback',
  summary:
    '微信公众号事件推送（扫码 SCAN / 扫码关注 subscribe；XML 请求体）：回 success 纯文本，签名错误 403',
  tags,
  access: 'public',
  write: false,
  query: z.object({ ...callbackSignatureQuery, openid: z.string().optional() }),
  response: z.null(),
  responseKind: 'file',
  fileType: 'text/plain',
});

// ---- Account centre ------------------------------------------------------------------------

export const unbindSocialUser = defineContract({
  method: 'DELETE',
  path: '/system/social-user/unbind',
  summary: '解绑微信公众号（type 31）',
  tags,
  access: 'user',
  body: z.object({
    type: z.coerce.number().int().default(SOCIAL_TYPE_WECHAT_MP),
    openid: z.string().trim().min(1).max(100),
  }),
  response: z.boolean(),
});
