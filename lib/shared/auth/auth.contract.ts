import { z } from 'zod';
import { defineContract, epochMs } from '@/lib/shared/api/contract';
import { enterpriseSuggestionSchema } from '@/lib/shared/search/search.contract';
import type { MenuItem } from '@/lib/shared/menu/menu-types';
import {
  loginPasswordSchema,
  loginUsernameSchema,
  mobileSchema,
  newPasswordSchema,
  sendCodeMobileSchema,
  smsCodeSchema,
  smsSceneSchema,
} from '@/lib/shared/validation';

const tags = ['认证'];

// ---- schemas -------------------------------------------------------------------------------

/** What every login method answers with: a session bound to the user's enterprise. */
export const loginResultSchema = z.object({
  userId: z.number().int(),
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Access token expiry, epoch ms. */
  expiresTime: epochMs,
  tenantId: z.number().int(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** A refreshed session; the tenant is null while the user has no enterprise. */
export const refreshedTokenSchema = z.object({
  userId: z.number().int(),
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresTime: epochMs,
  tenantId: z.number().int().nullable(),
});
export type RefreshedToken = z.infer<typeof refreshedTokenSchema>;

/** Spec 3 "user info response": roles, permissions, user (id, avatar, userName, nickname). */
export const permissionInfoSchema = z.object({
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  user: z
    .object({
      id: z.number().int(),
      avatar: z.string(),
      userName: z.string(),
      nickname: z.string(),
      tenantId: z.number().int().nullable(),
    })
    .nullable(),
});
export type PermissionInfo = z.infer<typeof permissionInfoSchema>;

/**
 * Spec section 3 "menu item from server" (lib/shared/menu/menu-types.ts), a tree. `children` are
 * checked against this same schema from inside a refinement rather than through z.lazy: a cyclic
 * schema makes z.toJSONSchema emit `#/$defs` references that do not resolve once the schema is
 * embedded in the OpenAPI envelope.
 */
export const menuItemSchema: z.ZodType<MenuItem> = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  name: z.string(),
  path: z.string(),
  icon: z.string(),
  component: z.string(),
  componentName: z.string(),
  visible: z.boolean(),
  clickable: z.boolean(),
  keepAlive: z.boolean(),
  /** 0 and 2 are shown on the web. */
  platform: z.number().int(),
  badge: z.string().nullable(),
  children: z
    .array(
      z.custom<MenuItem>((v) => menuItemSchema.safeParse(v).success, {
        message: '子菜单结构不符',
      }),
    )
    .describe('子菜单，结构同本项'),
});

// ---- inputs --------------------------------------------------------------------------------

const rememberMe = z.boolean().optional().default(true);
const optionalId = z.coerce.number().int().positive().optional().nullable();
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

/** Fields of the bind-enterprise form (spec 3 bind form). */
const companyFields = {
  companyId: optionalId,
  companyName: optionalText(100),
  invitationCode: optionalText(32),
};

export const passwordLoginBodySchema = z.object({
  username: loginUsernameSchema,
  password: loginPasswordSchema,
  rememberMe,
  captchaVerification: z.string().optional().nullable(),
});
export type PasswordLoginInput = z.output<typeof passwordLoginBodySchema>;

export const sendSmsCodeBodySchema = z.object({
  mobile: sendCodeMobileSchema,
  scene: smsSceneSchema,
  captchaVerification: z.string().optional().nullable(),
});
export type SendSmsCodeInput = z.output<typeof sendSmsCodeBodySchema>;

export const smsLoginBodySchema = z.object({
  mobile: mobileSchema,
  code: smsCodeSchema,
  invitationCode: optionalText(32),
  rememberMe,
});
export type SmsLoginInput = z.output<typeof smsLoginBodySchema>;

export const signUpByMobileBodySchema = z.object({
  mobile: mobileSchema,
  smsCode: smsCodeSchema.optional().nullable(),
  registerTicket: z.string().max(200).optional().nullable(),
  ...companyFields,
  rememberMe,
});
export type SignUpByMobileInput = z.output<typeof signUpByMobileBodySchema>;

export const bindEnterpriseBodySchema = z.object({
  bindTicket: z.string().min(1).max(200),
  ...companyFields,
  rememberMe,
});
export type BindEnterpriseByTicketInput = z.output<typeof bindEnterpriseBodySchema>;

export const resetPasswordBodySchema = z.object({
  mobile: mobileSchema,
  verificationCode: smsCodeSchema,
  newPassword: newPasswordSchema,
});
export type ResetPasswordInput = z.output<typeof resetPasswordBodySchema>;

// ---- login ---------------------------------------------------------------------------------

export const passwordLogin = defineContract({
  method: 'POST',
  path: '/system/auth/login',
  summary: '账号密码登录（需先通过滑块验证）',
  tags,
  access: 'public',
  write: false,
  body: passwordLoginBodySchema,
  response: loginResultSchema,
});

export const sendSmsCode = defineContract({
  method: 'POST',
  path: '/system/auth/send-sms-code',
  summary: '发送短信验证码（场景 21 登录/绑定，4 重置密码/验证，6 换绑手机，9 注销账号）',
  tags,
  access: 'public',
  write: false,
  body: sendSmsCodeBodySchema,
  response: z
    .string()
    .nullable()
    .describe('演示模式下，演示账号或尚未注册的手机号返回验证码本身；其他情况为 null'),
});

export const smsLogin = defineContract({
  method: 'POST',
  path: '/system/auth/sms-login',
  summary: '短信验证码登录；新手机号返回 1002003003 与注册票据',
  tags,
  access: 'public',
  write: false,
  query: z.object({ invitationCode: optionalText(32) }),
  body: smsLoginBodySchema,
  response: loginResultSchema,
});

export const signUpByMobile = defineContract({
  method: 'POST',
  path: '/system/auth/sign-up-by-mobile',
  summary: '手机号注册并绑定企业（短信验证码或 1002003003 返回的注册票据）',
  tags,
  access: 'public',
  write: false,
  body: signUpByMobileBodySchema,
  response: loginResultSchema,
});

export const bindEnterpriseLogin = defineContract({
  method: 'POST',
  path: '/system/auth/bind-enterprise',
  summary: '完善企业信息：用 1002000010/1002000013 返回的 bindTicket 绑定或加入企业并登录',
  tags,
  access: 'public',
  write: false,
  body: bindEnterpriseBodySchema,
  response: loginResultSchema,
});

export const resetPassword = defineContract({
  method: 'POST',
  path: '/system/auth/reset-password',
  summary: '忘记密码：短信验证码（场景 4）重置密码，所有会话下线',
  tags,
  access: 'public',
  body: resetPasswordBodySchema,
  response: z.boolean(),
});

export const enterpriseSuggest = defineContract({
  method: 'GET',
  path: '/system/auth/enterprise-suggest',
  summary: '登录页企业名称联想（最多 6 条）',
  tags,
  access: 'public',
  query: z.object({
    keyword: z.string().trim().max(50).default(''),
    limit: z.coerce.number().int().min(1).max(6).default(6),
  }),
  response: z.array(enterpriseSuggestionSchema),
});

/** What the login screen may know of a phone number before signing in: nothing that identifies. */
export const loginInfoSchema = z.object({
  /** An account uses this number (disabled accounts too: signing in says why it is refused). */
  registered: z.boolean(),
  /** That account has a password, so the password step can be offered. */
  hasPassword: z.boolean(),
});
export type LoginInfo = z.infer<typeof loginInfoSchema>;

export const getLoginInfoByMobile = defineContract({
  method: 'GET',
  path: '/system/auth/get-login-info-by-mobile',
  summary:
    '登录页按手机号查询登录方式：是否已注册、是否设置了密码（不返回姓名、企业等信息；按 IP 限流）',
  tags,
  access: 'public',
  query: z.object({ mobile: mobileSchema }),
  response: loginInfoSchema,
});

// ---- session -------------------------------------------------------------------------------

export const refreshToken = defineContract({
  method: 'POST',
  path: '/system/auth/refresh-token',
  summary:
    '刷新访问令牌：refreshToken 放在 JSON 请求体中（不进访问日志）；也接受规范中的查询参数 ?refreshToken=',
  tags,
  access: 'public',
  write: false,
  // The spec's query parameter stays for compatibility; the body keeps the token out of URLs
  // (access logs, proxies), issue 28 item 6. One of the two is required (session.routes.ts).
  query: z.object({ refreshToken: z.string().min(1, '缺少 refreshToken').optional() }),
  body: z.object({ refreshToken: z.string().min(1, '缺少 refreshToken').max(200).optional() }),
  response: refreshedTokenSchema,
});

export const logout = defineContract({
  method: 'POST',
  path: '/system/auth/logout',
  summary:
    '退出登录（吊销令牌）：结束访问令牌所属的会话；访问令牌已过期时（页面闲置），结束 refreshToken 所属的会话',
  tags,
  access: 'public',
  write: false,
  query: z.object({ refreshToken: z.string().max(200).optional() }),
  response: z.boolean(),
});

export const getPermissionInfo = defineContract({
  method: 'GET',
  path: '/system/auth/get-permission-info',
  summary: '当前用户的角色与权限',
  tags,
  access: 'user',
  response: permissionInfoSchema,
});

export const listMenus = defineContract({
  method: 'GET',
  path: '/system/auth/list-menus',
  summary: '当前用户的菜单树',
  tags,
  access: 'user',
  response: z.array(menuItemSchema),
});
