import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { MEMBER_LIMIT_MAX } from './member-limit';

const tags = ['企业（租户）'];

export { EDITION_MAX_MEMBERS, MEMBER_LIMIT_MAX } from './member-limit';

/** The enterprise's member seats (docs/adr/0080-member-limit-and-data-scope.md). */
export const memberLimitViewSchema = z.object({
  /** Seats in force: the tenant's own limit, else the edition's maximum. */
  limit: z.number().int(),
  /** Members holding a seat: enabled and disabled members (removed members do not count). */
  used: z.number().int(),
  /** Join requests waiting for approval. */
  pendingInvites: z.number().int(),
  /** Most seats the edition allows a tenant administrator to set. */
  editionMax: z.number().int(),
  /** The caller may change the limit (super administrator of the tenant or platform). */
  canChange: z.boolean(),
});
export type MemberLimitView = z.infer<typeof memberLimitViewSchema>;

export const getMemberLimit = defineContract({
  method: 'GET',
  path: '/system/sztk-tenant/member-limit',
  summary: '本企业成员上限、已用席位（含停用成员）、待审批人数',
  tags,
  access: 'tenant',
  permission: 'system:user:query',
  response: memberLimitViewSchema,
});

export const updateMemberLimit = defineContract({
  method: 'PUT',
  path: '/system/sztk-tenant/update-member-limit',
  summary: '修改成员上限：企业超级管理员在版本上限内，平台超级管理员 1-10000；不能小于当前成员数',
  tags,
  access: 'tenant',
  body: z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1, '成员上限至少为 1')
      .max(MEMBER_LIMIT_MAX, `成员上限最多 ${MEMBER_LIMIT_MAX}`),
  }),
  response: z.boolean(),
});
