import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { apiError } from '../api/api-error';
import { maskMobile, mobileSchema, smsCodeSchema, SMS_SCENES } from '@/lib/shared/validation';
import { getDb } from '../db';
import { socialUsers } from '@/db/schema';
import { config } from '../config';
import { completeLogin } from '../auth/login.service';
import { loginResultSchema } from '../auth/login.routes';
import { mintOneTimeCode } from '../auth/one-time-code.service';
import { bindAndLogin, createMobileUser } from '../auth/signup.service';
import { consumeSmsCode } from '../sms/sms.service';
import { findActiveUserById, findActiveUserByMobile } from '../user/user.repository';
import {
  bindSocial,
  bindTicketStatus,
  boundOpenid,
  consumeTicket,
  createQrTicket,
  findBoundUserId,
  findTicket,
  handleScan,
  isLive,
  QR_STATUS,
  requireScannedLoginTicket,
} from './qr.service';
import { getWechatAdapter, mpWechatConfigFromEnv } from './wechat.config';
import { parseScanEvent, verifyCallbackSignature } from './mp-wechat.adapter';
import { SOCIAL_TYPE_WECHAT_MP } from './wechat.adapter';
import { audit } from '../track/audit.service';

const tags = ['微信扫码'];
const ticketSchema = z.string().trim().min(1, '缺少 ticket').max(100);
const rememberMe = z.boolean().optional().default(true);

function newDemoOpenid(): string {
  return `demo_${randomBytes(12).toString('base64url')}`;
}

/** The demo phone page only exists while the demo adapter is in use. */
function requireDemoAdapter(): void {
  if (getWechatAdapter().kind !== 'demo') throw apiError('NOT_IMPLEMENTED');
}

/** The signed-in phone user's demo identity, created on first use. */
async function demoIdentityOf(userId: number): Promise<string> {
  const existing = await boundOpenid(userId);
  if (existing) return existing;
  const openid = newDemoOpenid();
  await bindSocial(userId, { openid });
  return openid;
}

export const qrRoutes = [
  legacyRoute({
    method: 'GET',
    path: '/mp/qrcode/create-qrcode-ticket',
    summary:
      '创建扫码登录（scene=login）或绑定公众号（scene=bind，需登录）的二维码票据，10 分钟有效',
    tags,
    access: 'public',
    write: false,
    query: z.object({ scene: z.enum(['login', 'bind']).default('login') }),
    response: z.object({ ticket: z.string(), url: z.string(), expireSeconds: z.number() }),
    handler: async ({ query, auth }) => {
      if (query.scene === 'bind' && !auth) throw apiError('UNAUTHORIZED');
      return createQrTicket(query.scene, query.scene === 'bind' ? auth!.userId : null);
    },
  }),

  legacyRoute({
    method: 'GET',
    path: '/mp/qrcode/get-qrcode-status',
    summary:
      '轮询二维码状态。login：200+data 2 已确认（再调 qrcode-login），1002000011 等待，1002000009 过期，1002000005 微信未绑定账号；bind：data 0 过期/1 等待/2 已绑定/3 已被其他账号绑定',
    tags,
    access: 'public',
    query: z.object({ ticket: ticketSchema }),
    response: z.number(),
    handler: async ({ query, auth }) => {
      const row = await findTicket(query.ticket);
      if (row?.scene === 'bind') {
        if (!auth) throw apiError('UNAUTHORIZED');
        return bindTicketStatus(query.ticket, auth.userId);
      }
      const scanned = await requireScannedLoginTicket(query.ticket);
      const userId = await findBoundUserId({ openid: scanned.openid });
      if (userId === null) throw apiError('AUTH_THIRD_LOGIN_NOT_BIND', undefined, QR_STATUS.done);
      return QR_STATUS.done;
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/system/auth/qrcode-login',
    summary: '扫码确认后换取令牌（票据只能使用一次）',
    tags: ['认证'],
    access: 'public',
    write: false,
    body: z.object({ ticket: ticketSchema, rememberMe }),
    response: loginResultSchema,
    handler: async ({ body, client }) => {
      const scanned = await requireScannedLoginTicket(body.ticket);
      const userId = await findBoundUserId({ openid: scanned.openid });
      if (userId === null) throw apiError('AUTH_THIRD_LOGIN_NOT_BIND');
      const user = await findActiveUserById(userId);
      if (!user) throw apiError('AUTH_THIRD_LOGIN_NOT_BIND');
      const result = await completeLogin(user, {
        remember: body.rememberMe,
        client,
        method: 'qrcode',
      });
      if (!(await consumeTicket(body.ticket))) throw apiError('AUTH_QR_TICKET_EXPIRED');
      return result;
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/system/auth/wx-mp-bind-mobile-login',
    summary:
      '扫码后绑定手机号并登录：把扫码的微信绑定到该手机号的账号（新手机号自动注册）；可同时带企业信息完成绑定企业',
    tags: ['认证'],
    access: 'public',
    write: false,
    body: z.object({
      mobile: mobileSchema,
      smsCode: smsCodeSchema.optional().nullable(),
      ticket: ticketSchema,
      companyId: z.coerce.number().int().positive().optional().nullable(),
      companyName: z.string().trim().max(100).optional().nullable(),
      invitationCode: z.string().trim().max(32).optional().nullable(),
      code: z.string().max(200).optional().nullable(),
      rememberMe,
    }),
    response: loginResultSchema,
    handler: async ({ body, client }) => {
      const row = await findTicket(body.ticket);
      if (!row || row.scene !== 'login' || !isLive(row)) throw apiError('AUTH_QR_TICKET_EXPIRED');
      if (!row.openid) throw apiError('AUTH_QR_WAITING');
      const openid = row.openid;
      const owner = await findBoundUserId({ openid });
      let user = await findActiveUserByMobile(body.mobile);
      // Second step of the same flow (enterprise completion after 1002000010): this ticket's
      // WeChat is already bound to this phone's account, which proved the phone a moment ago.
      const continuing = owner !== null && user !== null && owner === user.id;
      if (!continuing) {
        if (owner !== null) throw apiError('SOCIAL_ALREADY_BOUND');
        if (!body.smsCode) throw apiError('SMS_CODE_NOT_FOUND');
        await consumeSmsCode(body.mobile, SMS_SCENES.login, body.smsCode);
        user ??= await createMobileUser(body.mobile, client);
        await bindSocial(user.id, { openid });
        await audit('social_bind', {
          tenantId: user.tenantId,
          userId: user.id,
          client,
          detail: { via: 'qr-login' },
        });
      }
      const opts = { remember: body.rememberMe, client, method: 'qrcode' as const };
      const input = {
        companyId: body.companyId,
        companyName: body.companyName,
        invitationCode: body.invitationCode,
      };
      const wantsBind = !!(input.companyId || input.companyName || input.invitationCode);
      const result =
        wantsBind && user!.tenantId === null
          ? await bindAndLogin(user!.id, input, opts)
          : await completeLogin(user!, opts);
      await consumeTicket(body.ticket);
      return result;
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/system/pcwx/fast/auth/login',
    summary:
      '微信网页授权 code 换登录（1002000015 code 无效或已使用，1002000016 该微信未绑定账号）',
    tags: ['认证'],
    access: 'public',
    write: false,
    query: z.object({
      code: z.string().trim().min(1).max(200),
      state: z.string().max(200).optional(),
    }),
    response: loginResultSchema,
    handler: async ({ query, client }) => {
      const identity = await getWechatAdapter().exchangeWebCode(query.code);
      if (!identity) throw apiError('AUTH_WEIXIN_CODE_INVALID');
      const userId = await findBoundUserId(identity);
      const user = userId !== null ? await findActiveUserById(userId) : null;
      if (!user) throw apiError('AUTH_WEIXIN_NOT_BOUND');
      return completeLogin(user, { remember: true, client, method: 'wx_web' });
    },
  }),

  // --- Demo phone page (/PhonePage?ticket=…): stands in for WeChat on the phone. ---
  legacyRoute({
    method: 'GET',
    path: '/mp/qrcode/phone/ticket-info',
    summary: '演示手机页：票据信息与本浏览器当前登录用户',
    tags,
    access: 'public',
    query: z.object({ ticket: ticketSchema }),
    response: z.object({
      scene: z.string(),
      status: z.number(),
      expiresTime: z.number(),
      currentUser: z
        .object({ nickname: z.string(), mobile: z.string(), boundOpenid: z.string().nullable() })
        .nullable(),
    }),
    handler: async ({ query, auth }) => {
      requireDemoAdapter();
      const row = await findTicket(query.ticket);
      if (!row) throw apiError('AUTH_QR_TICKET_EXPIRED', undefined, QR_STATUS.expired);
      const me = auth ? await findActiveUserById(auth.userId) : null;
      return {
        scene: row.scene,
        status: isLive(row) || row.status !== QR_STATUS.waiting ? row.status : QR_STATUS.expired,
        expiresTime: row.expiresAt.getTime(),
        currentUser: me
          ? {
              nickname: me.nickname,
              mobile: maskMobile(me.mobile),
              boundOpenid: await boundOpenid(me.id),
            }
          : null,
      };
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/mp/qrcode/phone/confirm',
    summary: '演示手机页：以本浏览器已登录的账号确认扫码（登录或绑定）',
    tags,
    access: 'user',
    write: false,
    body: z.object({ ticket: ticketSchema }),
    response: z.number(),
    handler: async ({ body, auth }) => {
      requireDemoAdapter();
      const row = await findTicket(body.ticket);
      if (!row || !isLive(row))
        throw apiError('AUTH_QR_TICKET_EXPIRED', undefined, QR_STATUS.expired);
      // For a bind ticket the phone user's own identity is used (status 3 if it is someone else's).
      const openid = await demoIdentityOf(auth.userId);
      return handleScan(body.ticket, { openid });
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/mp/qrcode/phone/continue-as-new',
    summary: '演示手机页：以一个新的微信身份扫码（登录时随后需绑定手机号）',
    tags,
    access: 'public',
    write: false,
    body: z.object({ ticket: ticketSchema }),
    response: z.number(),
    handler: async ({ body }) => {
      requireDemoAdapter();
      const row = await findTicket(body.ticket);
      if (!row || !isLive(row))
        throw apiError('AUTH_QR_TICKET_EXPIRED', undefined, QR_STATUS.expired);
      return handleScan(body.ticket, { openid: newDemoOpenid() });
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/mp/qrcode/phone/web-code',
    summary:
      '演示手机页：签发一次性微信网页授权 code（用于 /system/pcwx/fast/auth/login），5 分钟有效',
    tags,
    access: 'public',
    write: false,
    body: z.object({ newIdentity: z.boolean().optional().default(false) }),
    response: z.object({ code: z.string(), state: z.string(), loginUrl: z.string() }),
    handler: async ({ body, auth }) => {
      requireDemoAdapter();
      const openid =
        auth && !body.newIdentity ? await demoIdentityOf(auth.userId) : newDemoOpenid();
      const code = await mintOneTimeCode('wx_web_code', {
        payload: { openid },
        ttlMs: 5 * 60 * 1000,
      });
      const state = randomBytes(8).toString('hex');
      return {
        code,
        state,
        loginUrl: `${config.siteUrl}/login?code=${encodeURIComponent(code)}&state=${state}`,
      };
    },
  }),

  // --- WeChat official-account server callback (real adapter). ---
  legacyRoute({
    method: 'GET',
    path: '/mp/callback',
    summary: '微信公众号服务器地址校验（echostr）',
    tags,
    access: 'public',
    write: false,
    query: z.object({
      signature: z.string().optional(),
      timestamp: z.string().optional(),
      nonce: z.string().optional(),
      echostr: z.string().optional(),
    }),
    handler: async ({ query }) => {
      const cfg = mpWechatConfigFromEnv();
      if (!cfg) throw apiError('NOT_IMPLEMENTED');
      if (
        !verifyCallbackSignature(cfg.token, query, { maxSkewSeconds: Number.POSITIVE_INFINITY })
      ) {
        return new Response('invalid signature', { status: 403 });
      }
      return new Response(query.echostr ?? '', {
        status: 200,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    },
  }),

  legacyRoute({
    method: 'POST',
    path: '/mp/callback',
    summary: '微信公众号事件推送（扫码 SCAN / 扫码关注 subscribe）',
    tags,
    access: 'public',
    write: false,
    query: z.object({
      signature: z.string().optional(),
      timestamp: z.string().optional(),
      nonce: z.string().optional(),
      openid: z.string().optional(),
    }),
    handler: async ({ query, req }) => {
      const cfg = mpWechatConfigFromEnv();
      if (!cfg) throw apiError('NOT_IMPLEMENTED');
      if (!verifyCallbackSignature(cfg.token, query))
        return new Response('invalid signature', { status: 403 });
      const xml = await req.text();
      const event = parseScanEvent(xml);
      if (event) await handleScan(event.sceneStr, { openid: event.openid });
      // WeChat retries unless it gets "success" (or an empty body) within 5 s.
      return new Response('success', {
        status: 200,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    },
  }),

  legacyRoute({
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
    handler: async ({ body, auth, client }) => {
      const rows = await getDb()
        .delete(socialUsers)
        .where(
          and(
            eq(socialUsers.userId, auth.userId),
            eq(socialUsers.type, body.type),
            eq(socialUsers.openid, body.openid),
          ),
        )
        .returning({ id: socialUsers.id });
      if (rows.length === 0) throw apiError('SOCIAL_NOT_BOUND');
      await audit('social_unbind', { tenantId: auth.tenantId, userId: auth.userId, client });
      return true;
    },
  }),
];
