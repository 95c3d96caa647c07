import 'server-only';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  getDb,
  ApiError,
  apiError,
  type ClientInfo,
  storeUpload,
  enforceRateLimit,
  audit,
} from '@/lib/server/platform/proxy-door';
import { roles, tenants, userRoles, users } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { TenantBaseInfo, UpdateTenantBaseInfoBody } from '@/lib/shared/tenant/tenant.contract';
import { getEdition } from '@/lib/shared/vip/editions';
import { endSessions, reloginNotice } from '../auth/session-end';
import { findActiveUserByLogin } from '../user/user.repository';

export type { TenantBaseInfo } from '@/lib/shared/tenant/tenant.contract';

/** A signed-in member acting on its own tenant. */
type TenantActor = { tenantId: number; userId: number };

export type TenantRow = typeof tenants.$inferSelect;

export async function getActiveTenant(id: number): Promise<TenantRow> {
  const [row] = await getDb()
    .select()
    .from(tenants)
    .where(and(eq(tenants.id, id), isNull(tenants.deletedAt)))
    .limit(1);
  if (!row) throw apiError('TENANT_NOT_EXISTS');
  return row;
}

/** The edition in force: an expired paid edition counts as free. */
export function effectiveEdition(t: Pick<TenantRow, 'edition' | 'editionExpiresAt'>): number {
  if (t.edition > 0 && t.editionExpiresAt && t.editionExpiresAt.getTime() <= Date.now()) return 0;
  return t.edition;
}

/** Spec 3 "tenant base info with approval flag and logo". */
export async function tenantBaseInfo(t: TenantRow): Promise<TenantBaseInfo> {
  const [members] = await getDb()
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, t.id), isNull(users.deletedAt)));
  const edition = effectiveEdition(t);
  return {
    id: t.id,
    name: t.name,
    logo: t.logo ?? '',
    uncid: t.uncid ?? '',
    approval: t.approvalRequired,
    singleSession: t.singleSession,
    edition,
    editionName: getEdition(edition).name,
    expireTime: t.editionExpiresAt?.getTime() ?? null,
    contactUserId: t.contactUserId,
    memberCount: Number(members?.n ?? 0),
    status: t.status,
    createTime: t.createdAt.getTime(),
  };
}

export async function assertTenantNameFree(name: string, exceptId?: number): Promise<void> {
  const [row] = await getDb()
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.name, name))
    .limit(1);
  if (row && row.id !== exceptId) throw apiError('TENANT_NAME_EXISTS');
}

/**
 * Soft-deletes a tenant: members lose it (and every role, so nobody carries an admin role into
 * another enterprise), its custom roles go, all their sessions end. The name is freed.
 */
export async function deleteTenant(id: number): Promise<void> {
  const tenant = await getActiveTenant(id);
  const memberIds = await getDb().transaction(async (tx) => {
    const members = await tx
      .update(users)
      .set({ tenantId: null, updatedAt: sql`now()` })
      .where(eq(users.tenantId, id))
      .returning({ id: users.id });
    const ids = members.map((m) => m.id);
    if (ids.length > 0) await tx.delete(userRoles).where(inArray(userRoles.userId, ids));
    await tx.delete(roles).where(eq(roles.tenantId, id));
    await tx
      .update(tenants)
      .set({
        deletedAt: sql`now()`,
        name: `${tenant.name}#已删除#${tenant.id}`,
        updatedAt: sql`now()`,
      })
      .where(eq(tenants.id, id));
    return ids;
  });
  for (const userId of memberIds)
    await endSessions(userId, 'tenant_deleted', { notice: reloginNotice('企业已被删除') });
}

/**
 * Which tenant an account name (or mobile) belongs to, so login can set tenant-id; null if none.
 * Open to anyone, so it would tell which names and phones have accounts: throttled per IP.
 */
export async function tenantIdByLogin(name: string, client: ClientInfo): Promise<number | null> {
  await enforceRateLimit('tenantIdByUsername', client.ip);
  return (await findActiveUserByLogin(name))?.tenantId ?? null;
}

/** The caller's own tenant (企业基本信息). */
export async function ownTenantBaseInfo(tenantId: number): Promise<TenantBaseInfo> {
  return tenantBaseInfo(await getActiveTenant(tenantId));
}

/** Renames the tenant, sets or clears its logo (an uploaded file or an https address), single session. */
export async function updateOwnTenantBaseInfo(
  actor: TenantActor,
  body: UpdateTenantBaseInfoBody,
  client: ClientInfo,
): Promise<true> {
  if (body.name) await assertTenantNameFree(body.name, actor.tenantId);
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
    .where(eq(tenants.id, actor.tenantId));
  await audit('tenant_updated', { tenantId: actor.tenantId, userId: actor.userId, client });
  return true;
}

/** Stores an uploaded logo (form field file, logoFile or avatarFile; png/jpg, at most 2MB). */
export async function uploadOwnTenantLogo(actor: TenantActor, form: FormData): Promise<string> {
  const file = form.get('file') ?? form.get('logoFile') ?? form.get('avatarFile');
  if (!(file instanceof File)) throw new ApiError(ERRORS.BAD_REQUEST.code, 'file: 请选择图片');
  const stored = await storeUpload(file, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    maxBytes: 2 * 1024 * 1024,
    allowed: ['png', 'jpg'],
    typeError: () => apiError('USER_AVATAR_INVALID'),
  });
  await getDb()
    .update(tenants)
    .set({ logo: stored.url, updatedAt: sql`now()` })
    .where(eq(tenants.id, actor.tenantId));
  return stored.url;
}

/** Whether joining the tenant needs an administrator's approval. */
export async function updateOwnTenantApproval(
  actor: TenantActor,
  approval: boolean,
  client: ClientInfo,
): Promise<true> {
  await getDb()
    .update(tenants)
    .set({ approvalRequired: approval, updatedAt: sql`now()` })
    .where(eq(tenants.id, actor.tenantId));
  await audit('tenant_approval', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    detail: { approval },
    client,
  });
  return true;
}

/** Dissolves the caller's own tenant (解散企业). */
export async function dissolveOwnTenant(actor: TenantActor, client: ClientInfo): Promise<true> {
  await deleteTenant(actor.tenantId);
  await audit('tenant_deleted', { tenantId: actor.tenantId, userId: actor.userId, client });
  return true;
}
