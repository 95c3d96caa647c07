import 'server-only';
import { and, asc, count, eq, gt, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { tenants, users } from '@/db/schema';
import { PLATFORM_TENANT_NAME } from '@/db/seed/platform-data';
import { ApiError, apiError, audit, getDb, type ClientInfo } from '@/lib/server/platform';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { TenantBaseInfo } from '@/lib/shared/tenant/tenant.contract';
import type { TenantStatusBody } from '@/lib/shared/console/console.contract';
import { endSessions, reloginNotice } from '../auth/session-end';
import { editionMaxMembers, effectiveLimit } from './member-limit.service';
import { getActiveTenant, tenantBaseInfo } from './tenant.service';

/**
 * The operator's console, tenants (issue 29 item 5): the list with seats and status, and disabling
 * or enabling a tenant with a reason. Disabling ends every member's sessions (tokens revoked,
 * sockets closed with a notice) and login refuses them (TENANT_DISABLED) until it is enabled.
 */

/** A platform operator, signed in to its own tenant. */
export type ConsoleActor = { tenantId: number; userId: number };

/** What a tenant shows in the console (the unlock quota is added by commerce). */
export type ConsoleTenantBase = TenantBaseInfo & {
  memberLimit: number;
  memberLimitByPlatform: boolean;
  disabledReason: string | null;
  disabledTime: number | null;
  platform: boolean;
};

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The platform's own tenant: the operator's, or the seeded 拓客雷达运营中心. */
function isPlatformTenant(t: { id: number; name: string }, actor: ConsoleActor): boolean {
  return t.id === actor.tenantId || t.name === PLATFORM_TENANT_NAME;
}

export async function consoleTenantPage(
  actor: ConsoleActor,
  q: {
    pageNo: number;
    pageSize: number;
    keyword?: string;
    status?: number;
    edition?: number;
    expiringDays?: number;
  },
): Promise<{ list: ConsoleTenantBase[]; total: number }> {
  const db = getDb();
  const conditions: SQL[] = [isNull(tenants.deletedAt)];
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    const byText = or(ilike(tenants.name, like), ilike(tenants.uncid, like))!;
    conditions.push(
      /^\d{1,15}$/.test(q.keyword) ? or(eq(tenants.id, Number(q.keyword)), byText)! : byText,
    );
  }
  if (q.status !== undefined) conditions.push(eq(tenants.status, q.status));
  const lapsed = and(gt(tenants.edition, 0), lte(tenants.editionExpiresAt, sql`now()`));
  if (q.edition === 0) conditions.push(or(eq(tenants.edition, 0), lapsed)!);
  else if (q.edition !== undefined)
    conditions.push(
      eq(tenants.edition, q.edition),
      or(isNull(tenants.editionExpiresAt), gt(tenants.editionExpiresAt, sql`now()`))!,
    );
  if (q.expiringDays !== undefined)
    conditions.push(
      gt(tenants.edition, 0),
      lte(tenants.editionExpiresAt, sql`now() + make_interval(days => ${q.expiringDays}::int)`),
    );
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(tenants).where(where);
  const rows = await db
    .select()
    .from(tenants)
    .where(where)
    .orderBy(asc(tenants.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  const list = await Promise.all(
    rows.map(async (t) => ({
      ...(await tenantBaseInfo(t)),
      memberLimit: effectiveLimit(t, await editionMaxMembers(db, t)),
      memberLimitByPlatform: t.memberLimitByPlatform,
      disabledReason: t.status === 0 ? null : t.disabledReason,
      disabledTime: t.status === 0 ? null : (t.disabledAt?.getTime() ?? null),
      platform: isPlatformTenant(t, actor),
    })),
  );
  return { total: Number(total?.n ?? 0), list };
}

/** The notice a disabled tenant's open tabs show as they sign out. */
export const TENANT_DISABLED_NOTICE = '您所在的企业已被平台停用，已退出登录，请联系客服';

/**
 * 停用 / 启用: a reason is required either way and kept in the audit log (and, while disabled, on
 * the tenant). Disabling signs every member out; returns how many sessions ended.
 */
export async function setTenantStatus(
  actor: ConsoleActor,
  body: TenantStatusBody,
  client: ClientInfo,
): Promise<{ status: number; signedOut: number }> {
  const tenant = await getActiveTenant(body.id);
  if (body.status === 1 && isPlatformTenant(tenant, actor))
    throw new ApiError(ERRORS.BAD_REQUEST.code, '不能停用平台自己的租户');
  const db = getDb();
  const changed = await db
    .update(tenants)
    .set(
      body.status === 1
        ? {
            status: 1,
            disabledReason: body.reason,
            disabledAt: sql`now()`,
            updatedAt: sql`now()`,
          }
        : { status: 0, disabledReason: null, disabledAt: null, updatedAt: sql`now()` },
    )
    .where(and(eq(tenants.id, body.id), isNull(tenants.deletedAt)))
    .returning({ id: tenants.id });
  if (changed.length === 0) throw apiError('TENANT_NOT_EXISTS');
  let signedOut = 0;
  if (body.status === 1) {
    // The status is written first: a member signing in meanwhile is refused, and a token issued
    // just before is refused by verifyAccessToken (it checks the tenant), so nobody slips through.
    const members = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, body.id), isNull(users.deletedAt)));
    for (const m of members) {
      const ended = await endSessions(m.id, 'tenant_disabled', {
        notice: reloginNotice(TENANT_DISABLED_NOTICE),
      });
      signedOut += ended.length;
    }
  }
  await audit(body.status === 1 ? 'tenant_disabled' : 'tenant_enabled', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(body.id),
    detail: {
      tenantName: tenant.name,
      reason: body.reason,
      previousStatus: tenant.status,
      ...(body.status === 1 ? { signedOut } : {}),
    },
    client,
  });
  return { status: body.status, signedOut };
}
