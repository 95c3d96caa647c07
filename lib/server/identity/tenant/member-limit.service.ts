import 'server-only';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { joinRequests, tenantPackages, tenants, users } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { MEMBER_LIMIT_MAX, type MemberLimitView } from '@/lib/shared/tenant/member-limit.contract';
import { ApiError, apiError, type ClientInfo, getDb, audit } from '@/lib/server/platform';
import type { DbOrTx } from '../user/user.repository';
import { effectiveEdition } from './tenant.service';

/**
 * The member limit (docs/adr/0080-member-limit-and-data-scope.md): a tenant's member seats. Every
 * path that adds a member calls assertSeatAvailable inside its transaction, under a per-tenant
 * advisory lock, so parallel joins cannot overfill the tenant.
 */

export type { MemberLimitView };

/** Seats the edition allows when the tenant row has no limit of its own (and the package is absent). */
const FALLBACK_EDITION_MAX = 5;

type LimitTenant = Pick<
  typeof tenants.$inferSelect,
  'id' | 'edition' | 'editionExpiresAt' | 'memberLimit' | 'memberLimitByPlatform'
>;

/** Waits for the tenant's other seat-taking transactions; held until this one ends. */
export async function lockSeats(tx: DbOrTx, tenantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('member-seats'), ${tenantId}::int)`);
}

async function limitTenant(db: DbOrTx, tenantId: number): Promise<LimitTenant> {
  const [t] = await db
    .select({
      id: tenants.id,
      edition: tenants.edition,
      editionExpiresAt: tenants.editionExpiresAt,
      memberLimit: tenants.memberLimit,
      memberLimitByPlatform: tenants.memberLimitByPlatform,
    })
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), isNull(tenants.deletedAt)))
    .limit(1);
  if (!t) throw apiError('TENANT_NOT_EXISTS');
  return t;
}

/** Most seats the tenant's edition in force allows (an expired paid edition counts as free). */
export async function editionMaxMembers(db: DbOrTx, t: LimitTenant): Promise<number> {
  const [p] = await db
    .select({ max: tenantPackages.maxMembers })
    .from(tenantPackages)
    .where(eq(tenantPackages.id, effectiveEdition(t)))
    .limit(1);
  return p?.max ?? FALLBACK_EDITION_MAX;
}

/**
 * The seats in force: the edition's maximum when the tenant set none; a limit the platform set
 * stands as it is; a limit the tenant set never exceeds the edition in force (a lapsed edition
 * shrinks it back).
 */
export function effectiveLimit(t: LimitTenant, editionMax: number): number {
  if (t.memberLimit === null) return editionMax;
  if (t.memberLimitByPlatform) return t.memberLimit;
  return Math.min(t.memberLimit, editionMax);
}

/** Members holding a seat: enabled and disabled (removed and deleted accounts do not count). */
export async function seatsUsed(db: DbOrTx, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt)));
  return Number(row?.n ?? 0);
}

/** The refusal of a member past the limit (a class, so approve-all can stop at it). */
export class MemberLimitError extends ApiError {
  constructor(readonly limit: number) {
    super(
      ERRORS.BAD_REQUEST.code,
      `企业成员已达上限（${limit} 人），请联系超级管理员提升上限或升级版本`,
    );
  }
}

export function memberLimitReached(limit: number): MemberLimitError {
  return new MemberLimitError(limit);
}

/** Seats still free right now (no lock: for a first look before the transactions that add). */
export async function peekFreeSeats(tenantId: number): Promise<{ free: number; limit: number }> {
  const db = getDb();
  const t = await limitTenant(db, tenantId);
  const limit = effectiveLimit(t, await editionMaxMembers(db, t));
  return { free: Math.max(0, limit - (await seatsUsed(db, tenantId))), limit };
}

/** Seats still free (0 or more), with the seat lock taken for the rest of the transaction. */
export async function freeSeats(
  tx: DbOrTx,
  tenantId: number,
): Promise<{ free: number; limit: number }> {
  await lockSeats(tx, tenantId);
  const t = await limitTenant(tx, tenantId);
  const limit = effectiveLimit(t, await editionMaxMembers(tx, t));
  const used = await seatsUsed(tx, tenantId);
  return { free: Math.max(0, limit - used), limit };
}

/**
 * Refuses to add `adding` members when the tenant has fewer free seats. Call it inside the
 * transaction that adds them: the seat lock it takes holds until that transaction ends.
 */
export async function assertSeatAvailable(
  tx: DbOrTx,
  tenantId: number,
  adding: number,
): Promise<void> {
  const { free, limit } = await freeSeats(tx, tenantId);
  if (adding > free) throw memberLimitReached(limit);
}

/** The caller: a member of the tenant with its role codes. */
export type LimitActor = { tenantId: number; userId: number; roles: readonly string[] };

function isPlatformAdmin(actor: LimitActor): boolean {
  return actor.roles.includes(BUILT_IN_ROLES.superAdmin.code);
}

function mayChange(actor: LimitActor): boolean {
  return isPlatformAdmin(actor) || actor.roles.includes(BUILT_IN_ROLES.admin.code);
}

export async function getMemberLimit(actor: LimitActor): Promise<MemberLimitView> {
  const db = getDb();
  const t = await limitTenant(db, actor.tenantId);
  const editionMax = await editionMaxMembers(db, t);
  const [used, [pending]] = await Promise.all([
    seatsUsed(db, actor.tenantId),
    db
      .select({ n: count() })
      .from(joinRequests)
      .where(and(eq(joinRequests.tenantId, actor.tenantId), eq(joinRequests.status, 0))),
  ]);
  return {
    limit: effectiveLimit(t, editionMax),
    used,
    pendingInvites: Number(pending?.n ?? 0),
    editionMax,
    canChange: mayChange(actor),
  };
}

/**
 * Sets the tenant's seats: its super administrator ('admin') within the edition's maximum, the
 * platform's super_admin any value up to 10000; never below the members it has now.
 */
export async function updateMemberLimit(
  actor: LimitActor,
  limit: number,
  client: ClientInfo,
): Promise<true> {
  if (!mayChange(actor)) throw apiError('FORBIDDEN');
  const byPlatform = isPlatformAdmin(actor);
  await setMemberLimit(actor.tenantId, limit, byPlatform);
  await audit('member_limit_updated', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(actor.tenantId),
    detail: { limit, byPlatform },
    client,
  });
  return true;
}

/** Writes a limit after the checks (shared by the tenant's own page and the platform's tenant edit). */
export async function setMemberLimit(
  tenantId: number,
  limit: number | null,
  byPlatform: boolean,
): Promise<void> {
  await getDb().transaction(async (tx) => {
    await lockSeats(tx, tenantId);
    const t = await limitTenant(tx, tenantId);
    if (limit !== null) {
      if (limit < 1 || limit > MEMBER_LIMIT_MAX)
        throw new ApiError(ERRORS.BAD_REQUEST.code, `成员上限取值 1-${MEMBER_LIMIT_MAX}`);
      const editionMax = await editionMaxMembers(tx, t);
      if (!byPlatform && limit > editionMax)
        throw new ApiError(
          ERRORS.BAD_REQUEST.code,
          `当前版本成员上限最多 ${editionMax} 人，请升级版本`,
        );
      const used = await seatsUsed(tx, tenantId);
      if (limit < used)
        throw new ApiError(ERRORS.BAD_REQUEST.code, `成员上限不能小于当前成员数（${used}）`);
    }
    await tx
      .update(tenants)
      .set({
        memberLimit: limit,
        memberLimitByPlatform: limit !== null && byPlatform,
        updatedAt: sql`now()`,
      })
      .where(eq(tenants.id, tenantId));
  });
}
