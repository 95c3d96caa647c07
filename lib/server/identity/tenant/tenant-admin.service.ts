import 'server-only';
import { and, asc, count, eq, ilike, isNull, sql } from 'drizzle-orm';
import { tenants, users } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import type {
  CreateTenantBody,
  TenantBaseInfo,
  UpdateTenantBody,
} from '@/lib/shared/tenant/tenant.contract';
import { ApiError, apiError, type ClientInfo, getDb, audit } from '@/lib/server/platform';
import { findActiveUserByMobile, grantBuiltInRoles } from '../user/user.repository';
import {
  assertTenantNameFree,
  deleteTenant,
  getActiveTenant,
  tenantBaseInfo,
} from './tenant.service';
import { setMemberLimit } from './member-limit.service';
import { setTenantStatus } from './tenant-console.service';

/** A platform operator (super_admin), signed in to its own tenant. */
type PlatformActor = { tenantId: number; userId: number };

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** 租户分页: tenants not deleted, by id, optionally filtered by name. */
export async function tenantPage(query: {
  pageNo: number;
  pageSize: number;
  name?: string;
}): Promise<{ list: TenantBaseInfo[]; total: number }> {
  const db = getDb();
  const conditions = [isNull(tenants.deletedAt)];
  if (query.name) conditions.push(ilike(tenants.name, `%${escapeLike(query.name)}%`));
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
}

/**
 * Creates a tenant. With adminMobile its administrator is that user (created when unknown; an
 * existing one must not belong to another tenant) and gets the admin roles. Returns the tenant id.
 */
export async function createTenant(
  actor: PlatformActor,
  body: CreateTenantBody,
  client: ClientInfo,
): Promise<number> {
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
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(id),
    client,
  });
  return id;
}

/**
 * Changes a tenant's name, edition, expiry, approval, single session or seats. A status change
 * goes through setTenantStatus (members signed out on disabling) and needs a reason.
 */
export async function updateTenant(
  actor: PlatformActor,
  body: UpdateTenantBody,
  client: ClientInfo,
): Promise<true> {
  const before = await getActiveTenant(body.id);
  if (body.status !== undefined && body.status !== before.status && !body.reason)
    throw new ApiError(ERRORS.BAD_REQUEST.code, '停用或启用租户请填写原因');
  if (body.name) await assertTenantNameFree(body.name, body.id);
  if (body.memberLimit !== undefined) await setMemberLimit(body.id, body.memberLimit, true);
  await getDb()
    .update(tenants)
    .set({
      ...(body.name ? { name: body.name } : {}),
      ...(body.edition !== undefined ? { edition: body.edition } : {}),
      ...(body.expireTime !== undefined
        ? { editionExpiresAt: body.expireTime ? new Date(body.expireTime) : null }
        : {}),
      ...(body.approval !== undefined ? { approvalRequired: body.approval } : {}),
      ...(body.singleSession !== undefined ? { singleSession: body.singleSession } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(tenants.id, body.id));
  // Who changed what: the fields sent, each with its value before and after.
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const note = (field: string, from: unknown, to: unknown) => {
    if (to !== undefined && from !== to) changes[field] = { from, to };
  };
  note('name', before.name, body.name);
  note('edition', before.edition, body.edition);
  note(
    'expireTime',
    before.editionExpiresAt?.getTime() ?? null,
    body.expireTime === undefined ? undefined : (body.expireTime ?? null),
  );
  note('approval', before.approvalRequired, body.approval);
  note('singleSession', before.singleSession, body.singleSession);
  note('memberLimit', before.memberLimitByPlatform ? before.memberLimit : null, body.memberLimit);
  await audit('tenant_updated', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(body.id),
    detail: { tenantName: before.name, changes },
    client,
  });
  if (body.status !== undefined && body.status !== before.status && body.reason)
    await setTenantStatus(actor, { id: body.id, status: body.status, reason: body.reason }, client);
  return true;
}

/** Deletes another tenant (never the one the operator is signed in to). */
export async function deleteOtherTenant(
  actor: PlatformActor,
  id: number,
  client: ClientInfo,
): Promise<true> {
  if (id === actor.tenantId) throw new ApiError(ERRORS.BAD_REQUEST.code, '不能删除当前登录的租户');
  await deleteTenant(id);
  await audit('tenant_deleted', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(id),
    client,
  });
  return true;
}
