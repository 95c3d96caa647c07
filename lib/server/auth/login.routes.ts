import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { ApiError, apiError } from '../api/api-error';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  loginPasswordSchema,
  loginUsernameSchema,
  mobileSchema,
  newPasswordSchema,
  sendCodeMobileSchema,
  smsCodeSchema,
  smsSceneSchema,
  SMS_SCENES,
} from '@/lib/shared/validation';
import { requireCaptcha } from './captcha-gate';
import { passwordLogin, completeLogin, clearLoginFailures } from './login.service';
import { readOneTimeCode, consumeOneTimeCode } from './one-time-code.service';
import {
  bindAndLogin,
  createMobileUser,
  mintRegisterTicket,
  precheckBindInput,
} from './signup.service';
import { hashPassword } from './password';
import { revokeUserSessions } from './token.service';
import { sendSmsCode, consumeSmsCode } from '../sms/sms.service';
import { findActiveUserById, findActiveUserByMobile } from '../user/user.repository';
import { getDb } from '../db';
import { users } from '@/db/schema';
import { eq, sql } from 'drizzle-orm';
import { suggestEnterprisesForLogin } from '../tenant/enterprise-suggest';
import { audit } from '../track/audit.service';

const tags = ['认证'];

export const loginResultSchema = z.object({
  userId: z.number(),
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresTime: z.number(),
  tenantId: z.number(),
});

const rememberMe = z.boolean().optional().default(true);
const optionalId = z.coerce.number().int().positive().optional().nullable();
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

/** Fields of the bind-enterprise form (spec 3 bind form). */
const companyFields = {
  companyId: optionalId,
  companyName: optionalText(100),
  invitationCode: optionalText(32),
};

export const loginRoutes = [
  legacyRoute({
    method: 'POST',
    path: '/system/auth/login',
    summary: '账号密码登录（需先通过滑块验证）',
    tags,
    access: 'public',
    write: false,
    body: z.object({
      username: loginUsernameSchema,
      password: loginPasswordSchema,
      rememberMe,
      captchaVerification: z.string().optional().nullable(),
    }),
    response: loginResultSchema,
    handler: async ({ body, client }) => {
      await requireCaptcha(body.captchaVerification);
      return passwordLogin(body, client);
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/system/auth/send-sms-code',
    summary: '发送短信验证码（场景 21 登录/绑定，4 重置密码/验证，6 换绑手机，9 注销账号）',
    tags,
    access: 'public',
    write: false,
    body: z.object({
      mobile: sendCodeMobileSchema,
      scene: smsSceneSchema,
      captchaVerification: z.string().optional().nullable(),
    }),
    response: z.string().nullable().describe('演示模式下为验证码本身，否则为 null'),
    handler: async ({ body, auth, client }) => {
      await requireCaptcha(body.captchaVerification);
      const { mobile, scene } = body;
      const me = auth ? await findActiveUserById(auth.userId) : null;
      if (scene === SMS_SCENES.changeMobile || scene === SMS_SCENES.deleteAccount) {
        if (!me) throw apiError('UNAUTHORIZED');
        if (scene === SMS_SCENES.deleteAccount && me.mobile !== mobile)
          throw apiError('SMS_MOBILE_NOT_OWN');
        if (scene === SMS_SCENES.changeMobile && me.mobile !== mobile) {
          const other = await findActiveUserByMobile(mobile);
          if (other) throw apiError('USER_MOBILE_EXISTS');
        }
      } else if (scene === SMS_SCENES.resetPassword) {
        if (me) {
          if (me.mobile !== mobile) throw apiError('SMS_MOBILE_NOT_OWN');
        } else if (!(await findActiveUserByMobile(mobile))) {
          throw apiError('USER_MOBILE_NOT_FOUND');
        }
      }
      const { code } = await sendSmsCode(mobile, scene, client.ip);
      return code;
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/system/auth/sms-login',
    summary: '短信验证码登录；新手机号返回 1002003003 与注册票据',
    tags,
    access: 'public',
    write: false,
    query: z.object({ invitationCode: optionalText(32) }),
    body: z.object({
      mobile: mobileSchema,
      code: smsCodeSchema,
      invitationCode: optionalText(32),
      rememberMe,
    }),
    response: loginResultSchema,
    handler: async ({ body, query, client }) => {
      await consumeSmsCode(body.mobile, SMS_SCENES.login, body.code);
      const user = await findActiveUserByMobile(body.mobile);
      if (!user) {
        const registerTicket = await mintRegisterTicket(body.mobile);
        throw apiError('USER_MOBILE_NOT_REGISTERED', undefined, {
          registerTicket,
          mobile: body.mobile,
        });
      }
      const invitationCode = body.invitationCode || query.invitationCode;
      const opts = { remember: body.rememberMe, client, method: 'sms' as const };
      // An invitation link binds the enterprise on the way in (spec 4.2).
      if (user.tenantId === null && invitationCode)
        return bindAndLogin(user.id, { invitationCode }, opts);
      return completeLogin(user, opts);
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/system/auth/sign-up-by-mobile',
    summary: '手机号注册并绑定企业（短信验证码或 1002003003 返回的注册票据）',
    tags,
    access: 'public',
    write: false,
    body: z.object({
      mobile: mobileSchema,
      smsCode: smsCodeSchema.optional().nullable(),
      registerTicket: z.string().max(200).optional().nullable(),
      ...companyFields,
      rememberMe,
    }),
    response: loginResultSchema,
    handler: async ({ body, client }) => {
      const input = {
        companyId: body.companyId,
        companyName: body.companyName,
        invitationCode: body.invitationCode,
      };
      await precheckBindInput(input);
      const existing = await findActiveUserByMobile(body.mobile);
      if (existing && existing.tenantId !== null) throw apiError('USER_MOBILE_EXISTS');
      if (body.registerTicket) {
        const ticket = await readOneTimeCode('register', body.registerTicket);
        if (!ticket || ticket.payload.mobile !== body.mobile) throw apiError('AUTH_TICKET_INVALID');
      } else if (body.smsCode) {
        await consumeSmsCode(body.mobile, SMS_SCENES.login, body.smsCode);
      } else {
        throw new ApiError(ERRORS.BAD_REQUEST.code, 'smsCode: 请输入正确的验证码');
      }
      const user = existing ?? (await createMobileUser(body.mobile, client));
      const result = await bindAndLogin(user.id, input, {
        remember: body.rememberMe,
        client,
        method: 'signup',
      });
      if (body.registerTicket) await consumeOneTimeCode('register', body.registerTicket);
      return result;
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/system/auth/bind-enterprise',
    summary: '完善企业信息：用 1002000010/1002000013 返回的 bindTicket 绑定或加入企业并登录',
    tags,
    access: 'public',
    write: false,
    body: z.object({ bindTicket: z.string().min(1).max(200), ...companyFields, rememberMe }),
    response: loginResultSchema,
    handler: async ({ body, client }) => {
      const ticket = await readOneTimeCode('bind_enterprise', body.bindTicket);
      if (!ticket?.userId) throw apiError('AUTH_TICKET_INVALID');
      const input = {
        companyId: body.companyId,
        companyName: body.companyName,
        invitationCode: body.invitationCode,
      };
      await precheckBindInput(input);
      const result = await bindAndLogin(ticket.userId, input, {
        remember: body.rememberMe,
        client,
        method: 'bind',
      });
      await consumeOneTimeCode('bind_enterprise', body.bindTicket);
      return result;
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/system/auth/reset-password',
    summary: '忘记密码：短信验证码（场景 4）重置密码，所有会话下线',
    tags,
    access: 'public',
    body: z.object({
      mobile: mobileSchema,
      verificationCode: smsCodeSchema,
      newPassword: newPasswordSchema,
    }),
    response: z.boolean(),
    handler: async ({ body, client }) => {
      const user = await findActiveUserByMobile(body.mobile);
      if (!user) throw apiError('USER_MOBILE_NOT_FOUND');
      await consumeSmsCode(body.mobile, SMS_SCENES.resetPassword, body.verificationCode);
      await getDb()
        .update(users)
        .set({
          passwordHash: await hashPassword(body.newPassword),
          passwordChangedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, user.id));
      await clearLoginFailures(user.id);
      await revokeUserSessions(user.id, 'password');
      await audit('password_reset', { tenantId: user.tenantId, userId: user.id, client });
      return true;
    },
  }),

  legacyRoute({
    method: 'GET',
    path: '/system/auth/enterprise-suggest',
    summary: '登录页企业名称联想（最多 6 条）',
    tags,
    access: 'public',
    query: z.object({
      keyword: z.string().trim().max(50).default(''),
      limit: z.coerce.number().int().min(1).max(6).default(6),
    }),
    response: z.array(z.object({ ent_id: z.number(), entname: z.string(), uncid: z.string() })),
    handler: async ({ query }) => suggestEnterprisesForLogin(query.keyword, query.limit),
  }),
];
