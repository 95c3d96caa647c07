import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';

const tags = ['合作平台'];

export const PARTNER_REDIRECT_REFUSED_MESSAGE = '跳转地址不属于已登记的合作平台';
export const PARTNER_CODE_INVALID_MESSAGE = '登录码无效、已过期或已使用';
export const PARTNER_SIGNATURE_INVALID_MESSAGE = '合作平台签名无效';
/** The page a visitor sees when the partner sending them is not one of ours (/tungee-login). */
export const PARTNER_UNKNOWN_MESSAGE = '来源平台未登记，无法通过拓客雷达账号登录';

/** Spec 7.1 GET /tanji/auth?redirectUrl=: a sign-in code for the partner at that address. */
export const partnerAuth = defineContract({
  method: 'GET',
  path: '/tanji/auth',
  summary:
    '为已登录成员生成合作平台的一次性登录码（60 秒内有效，只能用一次），返回带 code 的跳转地址；地址须在已登记的合作平台上',
  tags,
  access: 'tenant',
  write: false,
  query: z.object({
    redirectUrl: z
      .string()
      .trim()
      .min(1, '请提供跳转地址')
      .max(2000, PARTNER_REDIRECT_REFUSED_MESSAGE)
      .describe('合作平台上的地址（须以登记的 origin 开头）'),
  }),
  response: z.object({ url: z.string().describe('redirectUrl，加上 code 参数') }),
});

export const partnerIdentitySchema = z.object({
  userId: z.number().int(),
  tenantId: z.number().int(),
  nickname: z.string(),
  tenantName: z.string(),
  edition: z.number().int().min(0).max(4).describe('版本 0-4（已过期按免费版）'),
});
export type PartnerIdentity = z.infer<typeof partnerIdentitySchema>;

/** The partner's server exchanges a code for who the member is; signed with the shared secret. */
export const exchangePartnerCode = defineContract({
  method: 'POST',
  path: '/tanji/auth/exchange-code',
  summary:
    '合作平台服务端用登录码换取成员身份与版本（HMAC-SHA256 签名：partnerId、timestamp、code 以换行连接，用共享密钥签名，十六进制）',
  tags,
  access: 'public',
  write: false,
  body: z.object({
    partnerId: z.string().trim().min(1, '请提供合作平台标识').max(64),
    code: z.string().trim().min(1, '请提供登录码').max(200, PARTNER_CODE_INVALID_MESSAGE),
    timestamp: z.number().int().describe('秒级 Unix 时间，与服务器相差不超过 300 秒'),
    signature: z.string().trim().max(200).default(''),
  }),
  response: partnerIdentitySchema,
});
