import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { ApiError, apiError } from '../api/api-error';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  AVATAR_MAX_BYTES,
  changeFormCodeSchema,
  mobileSchema,
  newPasswordSchema,
  nicknameSchema,
  smsCodeSchema,
  SMS_SCENES,
  maskMobile,
} from '@/lib/shared/validation';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { getDb } from '../db';
import { users } from '@/db/schema';
import { consumeSmsCode } from '../sms/sms.service';
import { hashPassword, verifyPassword } from '../auth/password';
import { clearLoginFailures } from '../auth/login.service';
import {
  consumeOneTimeCode,
  mintOneTimeCode,
  readOneTimeCode,
} from '../auth/one-time-code.service';
import { storeUpload } from '../files/files.service';
import { audit } from '../track/audit.service';
import { deleteAccount, endSessions, getSztkProfile, getUserProfile } from './profile.service';
import {
  findActiveUserById,
  findActiveUserByMobile,
  tenantUsersWithRoles,
} from './user.repository';

const tags = ['个人中心'];
export const AUTH_MOBILE_CODE_TTL_MS = 10 * 60 * 1000;

const passwordChangeBody = z
  .object({
    oldPassword: z.string().max(64).optional().nullable(),
    verificationCode: smsCodeSchema.optional().nullable(),
    newPassword: newPasswordSchema,
  })
  .refine((v) => !!v.oldPassword || !!v.verificationCode, {
    message: '请输入原密码或短信验证码',
    path: ['oldPassword'],
  });

async function changePassword(
  auth: { userId: number; tenantId: number | null; refreshTokenId: number },
  body: z.output<typeof passwordChangeBody>,
  client: { ip: string; userAgent: string },
): Promise<boolean> {
  const user = await findActiveUserById(auth.userId);
  if (!user) throw apiError('USER_NOT_EXISTS');
  if (body.verificationCode) {
    if (!user.mobile) throw apiError('SMS_MOBILE_NOT_OWN');
    await consumeSmsCode(user.mobile, SMS_SCENES.resetPassword, body.verificationCode);
  } else {
    if (!user.passwordHash) throw apiError('USER_PASSWORD_NOT_SET');
    if (!(await verifyPassword(body.oldPassword ?? '', user.passwordHash)))
      throw apiError('USER_PASSWORD_FAILED');
  }
  await getDb()
    .update(users)
    .set({
      passwordHash: await hashPassword(body.newPassword),
      passwordChangedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));
  await clearLoginFailures(user.id);
  // The session that changed the password stays; every other one must sign in again.
  await endSessions(user.id, 'password', '密码已修改，请重新登录', { keep: auth.refreshTokenId });
  await audit('password_changed', { tenantId: auth.tenantId, userId: user.id, client });
  return true;
}

const updatePasswordRoute = (path: string) =>
  legacyRoute({
    method: 'PUT',
    path,
    summary: '修改密码（原密码或短信验证码场景 4；8-16 位字母加数字），其他会话下线',
    tags,
    access: 'user',
    body: passwordChangeBody,
    response: z.boolean(),
    handler: async ({ auth, body, client }) => changePassword(auth, body, client),
  });

export const profileRoutes = [
  legacyRoute({
    method: 'GET',
    path: '/system/user/profile/get',
    summary: '个人信息（yudao 结构）',
    tags,
    access: 'user',
    handler: async ({ auth }) => getUserProfile(auth.userId),
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/sztk_user/profile/get',
    summary: '账号中心信息：accountInfo、enterpriseInfo、profileInfo、reviewStatus',
    tags,
    access: 'user',
    handler: async ({ auth }) => getSztkProfile(auth.userId),
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/sztk_user/profile/update',
    summary: '修改昵称（2-30 个字符）及部门、身份、行业',
    tags,
    access: 'user',
    body: z.object({
      nickname: nicknameSchema,
      sztkDept: z.string().trim().max(50).optional().nullable(),
      sztkIdentity: z.string().trim().max(50).optional().nullable(),
      sztkIndustry: z.string().trim().max(50).optional().nullable(),
    }),
    response: z.boolean(),
    handler: async ({ auth, body }) => {
      const set: Partial<typeof users.$inferInsert> = { nickname: body.nickname };
      if (body.sztkDept !== undefined) set.deptName = body.sztkDept;
      if (body.sztkIdentity !== undefined) set.identity = body.sztkIdentity;
      if (body.sztkIndustry !== undefined) set.industry = body.sztkIndustry;
      await getDb()
        .update(users)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(users.id, auth.userId));
      return true;
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/system/sztk_user/profile/update-avatar',
    summary: '上传头像（表单字段 avatarFile；仅 .jpg/.png，按文件内容识别，≤2MB），data 为头像地址',
    tags,
    access: 'user',
    bodyType: 'multipart',
    response: z.string(),
    handler: async ({ auth, body }) => {
      const file = body?.get('avatarFile');
      if (!(file instanceof File))
        throw new ApiError(ERRORS.BAD_REQUEST.code, 'avatarFile: 请选择图片');
      const stored = await storeUpload(file, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        maxBytes: AVATAR_MAX_BYTES,
        allowed: ['png', 'jpg'],
        typeError: () => apiError('USER_AVATAR_INVALID'),
      });
      await getDb()
        .update(users)
        .set({ avatar: stored.url, updatedAt: sql`now()` })
        .where(eq(users.id, auth.userId));
      return stored.url;
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/system/user/profile/verify-current-mobile',
    summary: '换绑手机第 1 步：验证当前手机号（场景 6），返回一次性授权码 authCode（10 分钟）',
    tags,
    access: 'user',
    write: false,
    body: z.object({ verificationCode: changeFormCodeSchema, mobile: mobileSchema }),
    response: z.string(),
    handler: async ({ auth, body }) => {
      const user = await findActiveUserById(auth.userId);
      if (!user?.mobile || user.mobile !== body.mobile) throw apiError('SMS_MOBILE_NOT_OWN');
      await consumeSmsCode(body.mobile, SMS_SCENES.changeMobile, body.verificationCode);
      return mintOneTimeCode('auth_mobile', {
        userId: auth.userId,
        payload: { mobile: body.mobile },
        ttlMs: AUTH_MOBILE_CODE_TTL_MS,
      });
    },
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/user/profile/update-user-mobile',
    summary: '换绑手机第 2 步：新手机号 + 验证码（场景 6）+ authCode；成功后所有会话下线',
    tags,
    access: 'user',
    body: z.object({
      verificationCode: changeFormCodeSchema,
      mobile: mobileSchema,
      authCode: z.string().min(1).max(200),
    }),
    response: z.boolean(),
    handler: async ({ auth, body, client }) => {
      const grant = await readOneTimeCode('auth_mobile', body.authCode);
      if (!grant || grant.userId !== auth.userId) throw apiError('USER_MOBILE_AUTH_CODE_INVALID');
      const user = await findActiveUserById(auth.userId);
      if (!user) throw apiError('USER_NOT_EXISTS');
      if (user.mobile === body.mobile) throw apiError('USER_MOBILE_SAME');
      const other = await findActiveUserByMobile(body.mobile);
      if (other) throw apiError('USER_MOBILE_EXISTS');
      await consumeSmsCode(body.mobile, SMS_SCENES.changeMobile, body.verificationCode);
      if (!(await consumeOneTimeCode('auth_mobile', body.authCode)))
        throw apiError('USER_MOBILE_AUTH_CODE_INVALID');
      // Accounts named after their phone number follow the new number.
      const rename = user.username === user.mobile;
      await getDb()
        .update(users)
        .set({
          mobile: body.mobile,
          ...(rename ? { username: body.mobile } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, user.id));
      await endSessions(user.id, 'mobile', '手机号已修改，请重新登录', {
        quiet: auth.refreshTokenId,
      });
      await audit('mobile_changed', {
        tenantId: auth.tenantId,
        userId: user.id,
        client,
        detail: { to: maskMobile(body.mobile) },
      });
      return true;
    },
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/user/profile/reset-self-password',
    summary: '用本人手机短信验证码（场景 4）设置新密码，其他会话下线',
    tags,
    access: 'user',
    body: z.object({ verificationCode: smsCodeSchema, newPassword: newPasswordSchema }),
    response: z.boolean(),
    handler: async ({ auth, body, client }) =>
      changePassword(
        auth,
        { newPassword: body.newPassword, verificationCode: body.verificationCode },
        client,
      ),
  }),
  updatePasswordRoute('/system/user/update-password'),
  updatePasswordRoute('/szjk/user/update-password'),
  updatePasswordRoute('/system/user/profile/update-password'),
  legacyRoute({
    method: 'DELETE',
    path: '/system/sztk_user/profile/delete-account',
    summary: '注销账号：本人手机号 + 验证码（场景 9）；软删除并吊销所有会话',
    tags,
    access: 'user',
    body: z.object({ verificationCode: changeFormCodeSchema, mobile: mobileSchema }),
    response: z.boolean(),
    handler: async ({ auth, body, client }) => {
      const user = await findActiveUserById(auth.userId);
      if (!user?.mobile || user.mobile !== body.mobile) throw apiError('SMS_MOBILE_NOT_OWN');
      await consumeSmsCode(body.mobile, SMS_SCENES.deleteAccount, body.verificationCode);
      await deleteAccount(auth.userId, client, auth.refreshTokenId);
      return true;
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/szjk/user/get-super-admin-user',
    summary: '本企业的管理员（联系管理员开通权限用）',
    tags: ['成员管理'],
    access: 'tenant',
    response: z.array(z.object({ id: z.number(), nickname: z.string(), mobile: z.string() })),
    handler: async ({ auth }) => {
      const ids = await tenantUsersWithRoles(auth.tenantId, [
        BUILT_IN_ROLES.admin.code,
        BUILT_IN_ROLES.tenantAdmin.code,
      ]);
      if (ids.length === 0) return [];
      const rows = await getDb()
        .select({ id: users.id, nickname: users.nickname, mobile: users.mobile })
        .from(users)
        .where(and(inArray(users.id, ids), isNull(users.deletedAt)))
        .orderBy(asc(users.id));
      return rows.map((r) => ({ id: r.id, nickname: r.nickname, mobile: maskMobile(r.mobile) }));
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/szjk/user/list-all-simple',
    summary: '本企业成员精简列表（跟进人选择等）',
    tags: ['成员管理'],
    access: 'tenant',
    query: z.object({ deptId: z.string().optional() }),
    response: z.array(z.object({ id: z.number(), nickname: z.string() })),
    handler: async ({ auth }) =>
      getDb()
        .select({ id: users.id, nickname: users.nickname })
        .from(users)
        .where(and(eq(users.tenantId, auth.tenantId), isNull(users.deletedAt), eq(users.status, 0)))
        .orderBy(asc(users.id))
        .limit(2000),
  }),
];
