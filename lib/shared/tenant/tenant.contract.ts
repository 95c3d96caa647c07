import { z } from 'zod';
import { defineContract, epochMs, pageResponse } from '@/lib/shared/api/contract';
import { mobileSchema } from '@/lib/shared/validation';

const tags = ['企业（租户）'];

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
const editionSchema = z.coerce.number().int().min(0).max(4);
const tenantNameSchema = z.string().trim().min(2, '请输入企业名称').max(100);

/** Spec 3 "tenant base info with approval flag and logo". */
export const tenantBaseInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Empty when the tenant has no logo. */
  logo: z.string(),
  uncid: z.string(),
  /** Joining needs an administrator's approval. */
  approval: z.boolean(),
  singleSession: z.boolean(),
  /** The edition in force (an expired paid edition counts as free, 0). */
  edition: z.number().int(),
  editionName: z.string(),
  expireTime: epochMs.nullable(),
  contactUserId: z.number().int().nullable(),
  memberCount: z.number().int(),
  status: z.number().int(),
  createTime: epochMs,
});
export type TenantBaseInfo = z.infer<typeof tenantBaseInfoSchema>;

export const updateTenantBaseInfoBodySchema = z.object({
  name: tenantNameSchema.optional(),
  logo: z.string().trim().max(300).optional().nullable(),
  singleSession: z.boolean().optional(),
});
export type UpdateTenantBaseInfoBody = z.output<typeof updateTenantBaseInfoBodySchema>;

export const createTenantBodySchema = z.object({
  name: tenantNameSchema,
  edition: editionSchema.default(0),
  expireTime: z.coerce.number().int().positive().optional().nullable(),
  approval: z.boolean().optional().default(true),
  singleSession: z.boolean().optional().default(true),
  adminMobile: mobileSchema.optional().nullable(),
});
export type CreateTenantBody = z.output<typeof createTenantBodySchema>;

export const updateTenantBodySchema = z.object({
  id: z.coerce.number().int().positive(),
  name: tenantNameSchema.optional(),
  edition: editionSchema.optional(),
  expireTime: z.coerce.number().int().positive().optional().nullable(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Required with a status change (kept in the audit log); disabling signs members out. */
  reason: z.string().trim().min(2).max(200).optional(),
  approval: z.boolean().optional(),
  singleSession: z.boolean().optional(),
  /** Member seats set by the platform (1-10000); null = back to the edition's maximum. */
  memberLimit: z.coerce.number().int().min(1).max(10000).optional().nullable(),
});
export type UpdateTenantBody = z.output<typeof updateTenantBodySchema>;

export const getTenantIdByUsername = defineContract({
  method: 'GET',
  path: '/system/tenant/get-id-by-username',
  summary:
    '按账号名（或手机号）查所属企业编号，登录前设置 tenant-id 用；未知返回 null；每个 IP 每分钟限 10 次（超出 429）',
  tags,
  access: 'public',
  query: z.object({ name: z.string().trim().min(1).max(64) }),
  response: z.number().int().nullable(),
});

export const getTenantBaseInfo = defineContract({
  method: 'GET',
  path: '/system/sztk-tenant/get-base-info',
  summary: '本企业基本信息（名称、logo、是否需要审批、版本）',
  tags,
  access: 'tenant',
  response: tenantBaseInfoSchema,
});

export const updateTenantBaseInfo = defineContract({
  method: 'PUT',
  path: '/system/sztk-tenant/update-base-info',
  summary: '修改本企业基本信息（管理员）',
  tags,
  access: 'tenant',
  permission: 'system:sztk-tenant:update',
  body: updateTenantBaseInfoBodySchema,
  response: z.boolean(),
});

export const updateTenantLogo = defineContract({
  method: 'POST',
  path: '/system/sztk-tenant/update-logo',
  summary: '上传企业 logo（表单字段 file 或 logoFile；.jpg/.png，≤2MB），data 为地址',
  tags,
  access: 'tenant',
  permission: 'system:sztk-tenant:update',
  bodyType: 'multipart',
  response: z.string().describe('logo 地址'),
});

export const updateTenantApproval = defineContract({
  method: 'PUT',
  path: '/system/sztk-tenant/update-approval',
  summary: '加入企业是否需要管理员审批（approval=true/false）',
  tags,
  access: 'tenant',
  permission: 'system:sztk-tenant:update',
  query: z.object({ approval: boolish }),
  response: z.boolean(),
});

export const deleteOwnTenant = defineContract({
  method: 'DELETE',
  path: '/system/sztk-tenant/delete',
  summary: '解散本企业（管理员）：成员解除绑定并下线',
  tags,
  access: 'tenant',
  permission: 'system:sztk-tenant:delete',
  response: z.boolean(),
});

// --- Platform operations (super_admin). ---

export const getTenantPage = defineContract({
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
  response: pageResponse(tenantBaseInfoSchema),
});

export const createTenant = defineContract({
  method: 'POST',
  path: '/system/tenant/create',
  summary: '创建租户（平台）；可指定管理员手机号，data 为租户编号',
  tags,
  access: 'tenant',
  permission: 'system:tenant:create',
  body: createTenantBodySchema,
  response: z.number().int(),
});

export const updateTenant = defineContract({
  method: 'PUT',
  path: '/system/tenant/update',
  summary: '修改租户（平台）：名称、版本、到期时间、状态、审批、单会话、成员上限',
  tags,
  access: 'tenant',
  permission: 'system:tenant:update',
  body: updateTenantBodySchema,
  response: z.boolean(),
});

export const deleteTenant = defineContract({
  method: 'DELETE',
  path: '/system/tenant/delete',
  summary: '删除租户（平台）',
  tags,
  access: 'tenant',
  permission: 'system:tenant:delete',
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: z.boolean(),
});
