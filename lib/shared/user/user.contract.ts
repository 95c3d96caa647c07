import { z } from 'zod';
import { defineContract, epochMs, pageResponse } from '@/lib/shared/api/contract';
import {
  changeFormCodeSchema,
  mobileSchema,
  newPasswordSchema,
  nicknameSchema,
  smsCodeSchema,
} from '@/lib/shared/validation';

const tags = ['个人中心'];
const memberTags = ['成员管理'];

// ---- schemas -------------------------------------------------------------------------------

const roleRefSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

/** true/false in a query string ('true', '1', 'false', '0'). */
const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Member ids of a bulk action (1-200). */
const memberIdsSchema = z
  .array(z.coerce.number().int().positive())
  .min(1, '请选择成员')
  .max(200, '一次最多 200 名成员');

/** `ids=1,2,3` in a query string or an array in a body. */
const memberIdsQuerySchema = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : v,
  memberIdsSchema,
);

/** yudao's GET /system/user/profile/get shape. */
export const userProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  mobile: z.string(),
  email: z.string(),
  sex: z.number().int(),
  avatar: z.string(),
  loginIp: z.string(),
  loginDate: epochMs.nullable(),
  createTime: epochMs,
  roles: z.array(roleRefSchema),
  dept: z.null(),
  posts: z.null(),
  socialUsers: z.array(z.object({ type: z.number().int(), openid: z.string() })),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Spec 3 user session parts returned by GET /system/sztk_user/profile/get. */
export const sztkProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  accountInfo: z.object({
    id: z.number().int(),
    mobile: z.string(),
    username: z.string(),
    sztkCompany: z.string(),
    sztkIndustry: z.string(),
    sztkDept: z.string(),
    sztkIdentity: z.string(),
    buildingList: z.array(z.string()),
  }),
  enterpriseInfo: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    /** Two characters for the side menu's avatar when there is no logo (spec 2.5). */
    shortName: z.string(),
    logo: z.string(),
    version: z.number().int(),
  }),
  profileInfo: z.object({ weixinOpenId: z.string().nullable() }),
  /** Latest join request of a user still waiting for an enterprise, else null. */
  reviewStatus: z.object({ mobile: z.string(), status: z.number().int() }).nullable(),
  /** True when the account has a password (the account centre shows 设置 or 修改). */
  hasPassword: z.boolean(),
});
export type SztkProfile = z.infer<typeof sztkProfileSchema>;

/** One row of the member page (mobile masked). */
export const memberViewSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  mobile: z.string(),
  avatar: z.string(),
  status: z.number().int(),
  /** The member's department, null when none. */
  deptId: z.number().int().nullable(),
  /** Name of the department (empty when none). */
  deptName: z.string(),
  roles: z.array(roleRefSchema),
  loginDate: epochMs.nullable(),
  createTime: epochMs,
});
export type MemberView = z.infer<typeof memberViewSchema>;

/** An administrator of the caller's enterprise (mobile masked). */
export const tenantAdminViewSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  mobile: z.string(),
});
export type TenantAdminView = z.infer<typeof tenantAdminViewSchema>;

export const simpleMemberSchema = z.object({ id: z.number().int(), nickname: z.string() });
export type SimpleMember = z.infer<typeof simpleMemberSchema>;

// ---- inputs --------------------------------------------------------------------------------

export const passwordChangeBodySchema = z
  .object({
    oldPassword: z.string().max(64).optional().nullable(),
    verificationCode: smsCodeSchema.optional().nullable(),
    newPassword: newPasswordSchema,
  })
  .refine((v) => !!v.oldPassword || !!v.verificationCode, {
    message: '请输入原密码或短信验证码',
    path: ['oldPassword'],
  });
export type PasswordChangeInput = z.output<typeof passwordChangeBodySchema>;

export const profileUpdateBodySchema = z.object({
  nickname: nicknameSchema,
  sztkDept: z.string().trim().max(50).optional().nullable(),
  sztkIdentity: z.string().trim().max(50).optional().nullable(),
  sztkIndustry: z.string().trim().max(50).optional().nullable(),
});
export type ProfileUpdateInput = z.output<typeof profileUpdateBodySchema>;

const ownMobileCodeBodySchema = z.object({
  verificationCode: changeFormCodeSchema,
  mobile: mobileSchema,
});

export const mobileChangeBodySchema = z.object({
  verificationCode: changeFormCodeSchema,
  mobile: mobileSchema,
  authCode: z.string().min(1).max(200),
});
export type MobileChangeInput = z.output<typeof mobileChangeBodySchema>;

export const memberPageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(50).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  /** Members of this department (and its children unless includeChildren=false). */
  deptId: z.coerce.number().int().positive().optional(),
  includeChildren: queryBool.optional().default(true),
  roleId: z.coerce.number().int().positive().optional(),
});
export type MemberPageQuery = z.output<typeof memberPageQuerySchema>;

// ---- 个人中心 -------------------------------------------------------------------------------

export const getUserProfile = defineContract({
  method: 'GET',
  path: '/system/user/profile/get',
  summary: '个人信息（yudao 结构）',
  tags,
  access: 'user',
  response: userProfileSchema,
});

export const getSztkProfile = defineContract({
  method: 'GET',
  path: '/system/sztk_user/profile/get',
  summary: '账号中心信息：accountInfo、enterpriseInfo、profileInfo、reviewStatus',
  tags,
  access: 'user',
  response: sztkProfileSchema,
});

export const updateSztkProfile = defineContract({
  method: 'PUT',
  path: '/system/sztk_user/profile/update',
  summary: '修改昵称（2-30 个字符）及部门、身份、行业',
  tags,
  access: 'user',
  body: profileUpdateBodySchema,
  response: z.boolean(),
});

export const updateAvatar = defineContract({
  method: 'POST',
  path: '/system/sztk_user/profile/update-avatar',
  summary: '上传头像（表单字段 avatarFile；仅 .jpg/.png，按文件内容识别，≤2MB），data 为头像地址',
  tags,
  access: 'user',
  bodyType: 'multipart',
  response: z.string().describe('头像地址'),
});

export const verifyCurrentMobile = defineContract({
  method: 'POST',
  path: '/system/user/profile/verify-current-mobile',
  summary: '换绑手机第 1 步：验证当前手机号（场景 6），返回一次性授权码 authCode（10 分钟）',
  tags,
  access: 'user',
  write: false,
  body: ownMobileCodeBodySchema,
  response: z.string().describe('authCode'),
});

export const updateUserMobile = defineContract({
  method: 'PUT',
  path: '/system/user/profile/update-user-mobile',
  summary: '换绑手机第 2 步：新手机号 + 验证码（场景 6）+ authCode；成功后所有会话下线',
  tags,
  access: 'user',
  body: mobileChangeBodySchema,
  response: z.boolean(),
});

export const resetSelfPassword = defineContract({
  method: 'PUT',
  path: '/system/user/profile/reset-self-password',
  summary: '用本人手机短信验证码（场景 4）设置新密码，其他会话下线',
  tags,
  access: 'user',
  body: z.object({ verificationCode: smsCodeSchema, newPassword: newPasswordSchema }),
  response: z.boolean(),
});

const updatePasswordSummary =
  '修改密码（原密码或短信验证码场景 4；8-16 位字母加数字），其他会话下线';

export const updatePassword = defineContract({
  method: 'PUT',
  path: '/system/user/update-password',
  summary: updatePasswordSummary,
  tags,
  access: 'user',
  body: passwordChangeBodySchema,
  response: z.boolean(),
});

export const updatePasswordSzjk = defineContract({
  method: 'PUT',
  path: '/szjk/user/update-password',
  summary: updatePasswordSummary,
  tags,
  access: 'user',
  body: passwordChangeBodySchema,
  response: z.boolean(),
});

export const updateProfilePassword = defineContract({
  method: 'PUT',
  path: '/system/user/profile/update-password',
  summary: updatePasswordSummary,
  tags,
  access: 'user',
  body: passwordChangeBodySchema,
  response: z.boolean(),
});

export const deleteMyAccount = defineContract({
  method: 'DELETE',
  path: '/system/sztk_user/profile/delete-account',
  summary: '注销账号：本人手机号 + 验证码（场景 9）；软删除并吊销所有会话',
  tags,
  access: 'user',
  body: ownMobileCodeBodySchema,
  response: z.boolean(),
});

// ---- 成员管理 -------------------------------------------------------------------------------

export const getSuperAdminUsers = defineContract({
  method: 'GET',
  path: '/szjk/user/get-super-admin-user',
  summary: '本企业的管理员（联系管理员开通权限用）；无企业身份 403（spec 6）',
  tags: memberTags,
  // Enterprise-token gate in the handler: 403 instead of 1002000010 (spec 6).
  access: 'user',
  response: z.array(tenantAdminViewSchema),
});

export const listAllSimpleUsers = defineContract({
  method: 'GET',
  path: '/szjk/user/list-all-simple',
  summary: '本企业成员精简列表（跟进人选择等）',
  tags: memberTags,
  access: 'tenant',
  query: z.object({
    /** Empty: every member of the enterprise. */
    deptId: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().positive().optional(),
    ),
    includeChildren: queryBool.optional().default(true),
  }),
  response: z.array(simpleMemberSchema),
});

export const getUserPage = defineContract({
  method: 'GET',
  path: '/system/user/page',
  summary: '本企业成员分页（昵称/手机号搜索）',
  tags: memberTags,
  access: 'tenant',
  permission: 'system:user:query',
  query: memberPageQuerySchema,
  response: pageResponse(memberViewSchema),
});

export const listUserRoles = defineContract({
  method: 'GET',
  path: '/system/permission/list-user-roles',
  summary: '成员的角色编号',
  tags: memberTags,
  access: 'tenant',
  permission: 'system:user:query',
  query: z.object({ userId: z.coerce.number().int().positive() }),
  response: z.array(z.number().int()),
});

export const assignUserRole = defineContract({
  method: 'POST',
  path: '/system/permission/assign-user-role',
  summary: '分配成员角色（管理员）；该成员需重新登录',
  tags: memberTags,
  access: 'tenant',
  permission: 'system:permission:assign-user-role',
  body: z.object({
    userId: z.coerce.number().int().positive(),
    roleIds: z.array(z.coerce.number().int().positive()).max(20),
  }),
  response: z.boolean(),
});

export const updateUserStatus = defineContract({
  method: 'PUT',
  path: '/system/user/update-status',
  summary: '启用（0）或停用（1）成员；停用即下线',
  tags: memberTags,
  access: 'tenant',
  permission: 'system:user:update',
  body: z.object({
    id: z.coerce.number().int().positive(),
    status: z.union([z.literal(0), z.literal(1)]),
  }),
  response: z.boolean(),
});

export const removeMember = defineContract({
  method: 'DELETE',
  path: '/system/user/remove-member',
  summary: '将成员移出企业（其账号保留，需重新绑定企业）',
  tags: memberTags,
  access: 'tenant',
  permission: 'system:user:delete',
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: z.boolean(),
});

export const updateUserDept = defineContract({
  method: 'PUT',
  path: '/system/user/update-dept',
  summary: '批量调整成员部门（deptId 为 null 即移出部门）',
  tags: memberTags,
  access: 'tenant',
  permission: 'system:user:update',
  body: z.object({
    ids: memberIdsSchema,
    deptId: z.coerce.number().int().positive().nullable(),
  }),
  response: z.boolean(),
});

export const updateUserStatusBatch = defineContract({
  method: 'PUT',
  path: '/system/user/update-status-batch',
  summary: '批量启用（0）或停用（1）成员；停用即下线，不能停用自己；data 为变更人数',
  tags: memberTags,
  access: 'tenant',
  permission: 'system:user:update',
  body: z.object({ ids: memberIdsSchema, status: z.union([z.literal(0), z.literal(1)]) }),
  response: z.number().int(),
});

export const removeMemberBatch = defineContract({
  method: 'DELETE',
  path: '/system/user/remove-member-batch',
  summary: '批量移出成员（ids=1,2,3），data 为移出人数',
  tags: memberTags,
  access: 'tenant',
  permission: 'system:user:delete',
  query: z.object({ ids: memberIdsQuerySchema }),
  response: z.number().int(),
});

export const assignUserRoleBatch = defineContract({
  method: 'PUT',
  path: '/system/permission/assign-user-role-batch',
  summary: '批量设置成员角色（替换原角色；企业须保留管理员）；这些成员需重新登录',
  tags: memberTags,
  access: 'tenant',
  permission: 'system:permission:assign-user-role',
  body: z.object({
    userIds: memberIdsSchema,
    roleIds: z.array(z.coerce.number().int().positive()).max(20),
  }),
  response: z.boolean(),
});
