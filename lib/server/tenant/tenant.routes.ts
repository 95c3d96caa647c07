import { and, asc, count, eq, ilike, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { ApiError, apiError } from '../api/api-error';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { mobileSchema } from '@/lib/shared/validation';
import { getDb } from '../db';
import { tenants, users } from '@/db/schema';
import { storeUpload } from '../files/files.service';
import { audit } from '../track/audit.service';
import { grantBuiltInRoles } from '../user/user.repository';
import { findActiveUserByLogin, findActiveUserByMobile } from '../user/user.repository';
import {
  assertTenantNameFree,
  deleteTenant,
  getActiveTenant,
  tenantBaseInfo,
} from './tenant.service';

const tags = ['企业（租户）'];
const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
const editionSchema = z.coerce.number().int().min(0).max(4);
const tenantNameSchema = z.string().trim().min(2, '请输入企业名称').max(100);

export const tenantRoutes = [
  legacyRoute({
    method: 'GET',
    path: '/system/tenant/get-id-by-username',
    summary: '按账号名（或手机号）查所属企业编号，登录前设置 tenant-id 用；未知返回 null',
    tags,
    access: 'public',
    query: z.object({ name: z.string().trim().min(1).max(64) }),
    response: z.number().nullable(),
    handler: async ({ query }) => (await findActiveUserByLogin(query.name))?.tenantId ?? null,
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/sztk-tenant/get-base-info',
    summary: '本企业基本信息（名称、logo、是否需要审批、版本）',
    tags,
    access: 'tenant',
    handler: async ({ auth }) => tenantBaseInfo(await getActiveTenant(auth.tenantId)),
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/sztk-tenant/update-base-info',
    summary: '修改本企业基本信息（管理员）',
    tags,
    access: 'tenant',
    permission: 'system:sztk-tenant:update',
    body: z.object({
      name: tenantNameSchema.optional(),
      logo: z.string().trim().max(300).optional().nullable(),
      singleSession: z.boolean().optional(),
    }),
    response: z.boolean(),
    handler: async ({ auth, body, client }) => {
      if (body.name) await assertTenantNameFree(body.name, auth.tenantId);
      if (
        body.logo &&
        !body.logo.startsWith('/admin-api/infra/file/get/') &&
        !/^https:\/\//.test(body.logo)
      ) {
        throw new ApiError(ERRORS.BAD_REQUEST.code, 'logo: 请上传企业 logo');
      }
      await getDb()
        .update(tenants)
        .set({
          ...(body.name ? { name: body.name } : {}),
          ...(body.logo !== undefined ? { logo: body.logo } : {}),
          ...(body.singleSession !== undefined ? { singleSession: body.singleSession } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(tenants.id, auth.tenantId));
      await audit('tenant_updated', { tenantId: auth.tenantId, userId: auth.userId, client });
      return true;
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/system/sztk-tenant/update-logo',
    summary: '上传企业 logo（表单字段 file 或 logoFile；.jpg/.png，≤2MB），data 为地址',
    tags,
    access: 'tenant',
    permission: 'system:sztk-tenant:update',
    bodyType: 'multipart',
    response: z.string(),
    handler: async ({ auth, body }) => {
      const file = body?.get('file') ?? body?.get('logoFile') ?? body?.get('avatarFile');
      if (!(file instanceof File)) throw new ApiError(ERRORS.BAD_REQUEST.code, 'file: 请选择图片');
      const stored = await storeUpload(file, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        maxBytes: 2 * 1024 * 1024,
        allowed: ['png', 'jpg'],
        typeError: () => apiError('USER_AVATAR_INVALID'),
      });
      await getDb()
        .update(tenants)
        .set({ logo: stored.url, updatedAt: sql`now()` })
        .where(eq(tenants.id, auth.tenantId));
      return stored.url;
    },
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/sztk-tenant/update-approval',
    summary: '加入企业是否需要管理员审批（approval=true/false）',
    tags,
    access: 'tenant',
    permission: 'system:sztk-tenant:update',
    query: z.object({ approval: boolish }),
    response: z.boolean(),
    handler: async ({ auth, query, client }) => {
      await getDb()
        .update(tenants)
        .set({ approvalRequired: query.approval, updatedAt: sql`now()` })
        .where(eq(tenants.id, auth.tenantId));
      await audit('tenant_approval', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        detail: { approval: query.approval },
        client,
      });
      return true;
    },
  }),
  legacyRoute({
    method: 'DELETE',
    path: '/system/sztk-tenant/delete',
    summary: '解散本企业（管理员）：成员解除绑定并下线',
    tags,
    access: 'tenant',
    permission: 'system:sztk-tenant:delete',
    response: z.boolean(),
    handler: async ({ auth, client }) => {
      await deleteTenant(auth.tenantId);
      await audit('tenant_deleted', { tenantId: auth.tenantId, userId: auth.userId, client });
      return true;
    },
  }),

  // --- Platform operations (super_admin). ---
  legacyRoute({
    method: 'GET',
    path: '/system/tenant/page',
    summary: '租户分页（平台）',
    tags,
    access: 'tenant',
    permission: 'system:tenant:query',
    query: z.object({
      pageNo: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(10),
      name: z.string().trim().max(50).optional(),
    }),
    handler: async ({ query }) => {
      const db = getDb();
      const conditions = [isNull(tenants.deletedAt)];
      if (query.name)
        conditions.push(ilike(tenants.name, `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(tenants).where(where);
      const rows = await db
        .select()
        .from(tenants)
        .where(where)
        .orderBy(asc(tenants.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize);
      return { total: Number(total?.n ?? 0), list: await Promise.all(rows.map(tenantBaseInfo)) };
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/system/tenant/create',
    summary: '创建租户（平台）；可指定管理员手机号',
    tags,
    access: 'tenant',
    permission: 'system:tenant:create',
    body: z.object({
      name: tenantNameSchema,
      edition: editionSchema.default(0),
      expireTime: z.coerce.number().int().positive().optional().nullable(),
      approval: z.boolean().optional().default(true),
      singleSession: z.boolean().optional().default(true),
      adminMobile: mobileSchema.optional().nullable(),
    }),
    response: z.number(),
    handler: async ({ auth, body, client }) => {
      await assertTenantNameFree(body.name);
      let admin = body.adminMobile ? await findActiveUserByMobile(body.adminMobile) : null;
      if (admin && admin.tenantId !== null) throw apiError('USER_MOBILE_EXISTS');
      const id = await getDb().transaction(async (tx) => {
        const [t] = await tx
          .insert(tenants)
          .values({
            name: body.name,
            edition: body.edition,
            editionExpiresAt: body.expireTime ? new Date(body.expireTime) : null,
            approvalRequired: body.approval,
            singleSession: body.singleSession,
          })
          .returning({ id: tenants.id });
        if (body.adminMobile) {
          if (!admin) {
            [admin] = await tx
              .insert(users)
              .values({
                username: body.adminMobile,
                mobile: body.adminMobile,
                nickname: `用户${body.adminMobile.slice(-4)}`,
                tenantId: t.id,
              })
              .returning();
          } else {
            await tx.update(users).set({ tenantId: t.id }).where(eq(users.id, admin.id));
          }
          await grantBuiltInRoles(
            admin.id,
            [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
            tx,
          );
          await tx.update(tenants).set({ contactUserId: admin.id }).where(eq(tenants.id, t.id));
        }
        return t.id;
      });
      await audit('tenant_created', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(id),
        client,
      });
      return id;
    },
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/tenant/update',
    summary: '修改租户（平台）：名称、版本、到期时间、状态、审批、单会话',
    tags,
    access: 'tenant',
    permission: 'system:tenant:update',
    body: z.object({
      id: z.coerce.number().int().positive(),
      name: tenantNameSchema.optional(),
      edition: editionSchema.optional(),
      expireTime: z.coerce.number().int().positive().optional().nullable(),
      status: z.union([z.literal(0), z.literal(1)]).optional(),
      approval: z.boolean().optional(),
      singleSession: z.boolean().optional(),
    }),
    response: z.boolean(),
    handler: async ({ auth, body, client }) => {
      await getActiveTenant(body.id);
      if (body.name) await assertTenantNameFree(body.name, body.id);
      await getDb()
        .update(tenants)
        .set({
          ...(body.name ? { name: body.name } : {}),
          ...(body.edition !== undefined ? { edition: body.edition } : {}),
          ...(body.expireTime !== undefined
            ? { editionExpiresAt: body.expireTime ? new Date(body.expireTime) : null }
            : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
          ...(body.approval !== undefined ? { approvalRequired: body.approval } : {}),
          ...(body.singleSession !== undefined ? { singleSession: body.singleSession } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(tenants.id, body.id));
      await audit('tenant_updated', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(body.id),
        client,
      });
      return true;
    },
  }),
  legacyRoute({
    method: 'DELETE',
    path: '/system/tenant/delete',
    summary: '删除租户（平台）',
    tags,
    access: 'tenant',
    permission: 'system:tenant:delete',
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: z.boolean(),
    handler: async ({ auth, query, client }) => {
      if (query.id === auth.tenantId)
        throw new ApiError(ERRORS.BAD_REQUEST.code, '不能删除当前登录的租户');
      await deleteTenant(query.id);
      await audit('tenant_deleted', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(query.id),
        client,
      });
      return true;
    },
  }),
];
