import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { roles, tenants, userRoles, users } from '@/db/schema';
import { apiError } from '../api/api-error';
import { getEdition } from '@/lib/shared/vip/editions';
import { endSessions } from '../user/profile.service';

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
export async function tenantBaseInfo(t: TenantRow) {
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
  for (const userId of memberIds) await endSessions(userId, 'tenant_deleted', '企业已被删除');
}
