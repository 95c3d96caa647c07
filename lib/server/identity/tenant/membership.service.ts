import 'server-only';
import { joinRequestMessage } from '@/lib/shared/invitation/approvals';
import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { getDb, ApiError, apiError } from '@/lib/server/platform';
import { enterprises, joinRequests, tenants, users } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { maskMobile } from '@/lib/shared/validation';
import {
  findValidInvitation,
  recordInvitationUse,
  type InvitationRow,
} from '../invitation/invitation.service';
import { notifyUsers } from '../notify/notify.service';
import { NOTIFY_TARGETS } from '@/lib/shared/notify/notify-links';
import { assertSeatAvailable } from './member-limit.service';
import {
  findActiveUserById,
  grantBuiltInRoles,
  tenantUsersWithRoles,
  type DbOrTx,
} from '../user/user.repository';

export type TenantRow = typeof tenants.$inferSelect;

/** What the user typed or picked on the bind-enterprise form (spec 3 bind form). */
export type BindEnterpriseInput = {
  companyId?: number | null;
  companyName?: string | null;
  invitationCode?: string | null;
};

export type BindOutcome = { outcome: 'joined' | 'created'; tenantId: number };

/** Join-request status (join_requests.status). */
export const JOIN_STATUS = { pending: 0, approved: 1, rejected: 2, cancelled: 3 } as const;

/** data of 1002029003 / 1002000013: the review status the client stores (spec 3 reviewStatus). */
export type ReviewStatus = { mobile: string; status: number; tenantName: string };

type ResolvedEnterprise = { name: string; enterpriseId: number | null; uncid: string | null };

async function resolveEnterprise(input: BindEnterpriseInput): Promise<ResolvedEnterprise> {
  const db = getDb();
  if (input.companyId) {
    const [e] = await db
      .select({ id: enterprises.id, name: enterprises.name, uncid: enterprises.uncid })
      .from(enterprises)
      .where(eq(enterprises.id, input.companyId))
      .limit(1);
    if (e) return { name: e.name, enterpriseId: e.id, uncid: e.uncid };
  }
  const name = input.companyName?.trim();
  if (!name) throw new ApiError(ERRORS.BAD_REQUEST.code, '请输入企业名称');
  const [e] = await db
    .select({ id: enterprises.id, uncid: enterprises.uncid })
    .from(enterprises)
    .where(eq(enterprises.name, name))
    .limit(1);
  return { name, enterpriseId: e?.id ?? null, uncid: e?.uncid ?? null };
}

async function findTenantFor(e: ResolvedEnterprise): Promise<TenantRow | null> {
  const conditions = [eq(tenants.name, e.name)];
  if (e.enterpriseId !== null) conditions.push(eq(tenants.enterpriseId, e.enterpriseId));
  if (e.uncid) conditions.push(eq(tenants.uncid, e.uncid));
  const [row] = await getDb()
    .select()
    .from(tenants)
    .where(and(or(...conditions), isNull(tenants.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The user's latest join request, for the review status shown at login. */
export async function latestJoinRequest(userId: number) {
  const [row] = await getDb()
    .select({ status: joinRequests.status, tenantName: tenants.name, mobile: joinRequests.mobile })
    .from(joinRequests)
    .innerJoin(tenants, eq(tenants.id, joinRequests.tenantId))
    .where(eq(joinRequests.userId, userId))
    .orderBy(desc(joinRequests.createdAt), desc(joinRequests.id))
    .limit(1);
  return row ?? null;
}

/**
 * Puts a user into a tenant as an ordinary employee (a direct invitation or an approved request).
 * Call it inside a transaction: it takes the tenant's seat lock and refuses past the member limit
 * (docs/adr/0080).
 */
export async function addMember(userId: number, tenantId: number, db: DbOrTx): Promise<void> {
  const [current] = await db
    .select({ tenantId: users.tenantId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (current?.tenantId !== tenantId) await assertSeatAvailable(db, tenantId, 1);
  await db
    .update(users)
    .set({ tenantId, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await grantBuiltInRoles(userId, [BUILT_IN_ROLES.employee.code], db);
}

async function createTenantFor(userId: number, e: ResolvedEnterprise): Promise<number> {
  return getDb().transaction(async (tx) => {
    const [t] = await tx
      .insert(tenants)
      .values({
        name: e.name,
        enterpriseId: e.enterpriseId,
        uncid: e.uncid,
        contactUserId: userId,
        edition: 0,
      })
      .returning({ id: tenants.id });
    await tx
      .update(users)
      .set({ tenantId: t.id, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    // The first member administers the new tenant (spec 6: super administrator + tenant_admin).
    await grantBuiltInRoles(
      userId,
      [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
      tx,
    );
    return t.id;
  });
}

async function joinOrRequest(
  userId: number,
  mobile: string | null,
  tenant: TenantRow,
  invitation: InvitationRow | null,
): Promise<BindOutcome> {
  const db = getDb();
  const direct =
    !tenant.approvalRequired ||
    (invitation !== null && invitation.type === 1 && invitation.tenantId === tenant.id);
  if (direct) {
    await db.transaction(async (tx) => {
      await addMember(userId, tenant.id, tx);
      if (invitation && invitation.tenantId === tenant.id)
        await recordInvitationUse(invitation, userId, mobile, tx);
      // Any request elsewhere is moot now.
      await tx
        .update(joinRequests)
        .set({ status: JOIN_STATUS.cancelled, handledAt: sql`now()` })
        .where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, JOIN_STATUS.pending)));
    });
    return { outcome: 'joined', tenantId: tenant.id };
  }
  const [pending] = await db
    .select({ id: joinRequests.id })
    .from(joinRequests)
    .where(
      and(
        eq(joinRequests.userId, userId),
        eq(joinRequests.tenantId, tenant.id),
        eq(joinRequests.status, JOIN_STATUS.pending),
      ),
    )
    .limit(1);
  if (pending)
    throw apiError(
      'JOIN_ALREADY_PENDING',
      undefined,
      reviewStatus(mobile, JOIN_STATUS.pending, tenant.name),
    );
  await db.transaction(async (tx) => {
    // One open request at a time: a new choice replaces older pending ones.
    await tx
      .update(joinRequests)
      .set({ status: JOIN_STATUS.cancelled, handledAt: sql`now()` })
      .where(
        and(
          eq(joinRequests.userId, userId),
          eq(joinRequests.status, JOIN_STATUS.pending),
          ne(joinRequests.tenantId, tenant.id),
        ),
      );
    await tx.insert(joinRequests).values({
      tenantId: tenant.id,
      userId,
      mobile,
      status: JOIN_STATUS.pending,
      invitationCode: invitation && invitation.tenantId === tenant.id ? invitation.code : null,
    });
  });
  const admins = await tenantUsersWithRoles(tenant.id, [
    BUILT_IN_ROLES.admin.code,
    BUILT_IN_ROLES.tenantAdmin.code,
  ]);
  await notifyUsers(admins, {
    tenantId: tenant.id,
    title: '新的加入申请',
    content: joinRequestMessage(maskMobile(mobile)),
    templateCode: 'join_request',
    link: NOTIFY_TARGETS.joinRequests,
  });
  throw apiError(
    'JOIN_SUBMITTED',
    undefined,
    reviewStatus(mobile, JOIN_STATUS.pending, tenant.name),
  );
}

function reviewStatus(mobile: string | null, status: number, tenantName: string): ReviewStatus {
  return { mobile: mobile ?? '', status, tenantName };
}

/**
 * Binds a user without a tenant to an enterprise (spec 1 d, 4.2): an invitation of type 1 or a
 * tenant without approval joins directly; an existing tenant otherwise gets a join request
 * (throws 1002029003; 1002029001 when one is pending, 1002029000 when already a member); an
 * enterprise without a tenant gets a new free-edition tenant administered by the user.
 * An invitation code with a different company counts as a referral for the inviting tenant.
 */
export async function bindEnterprise(
  userId: number,
  input: BindEnterpriseInput,
): Promise<BindOutcome> {
  const user = await findActiveUserById(userId);
  if (!user) throw apiError('USER_NOT_EXISTS');
  const invitation = input.invitationCode ? await findValidInvitation(input.invitationCode) : null;
  const hasCompany = !!input.companyId || !!input.companyName?.trim();

  let tenant: TenantRow | null = null;
  let resolved: ResolvedEnterprise | null = null;
  if (hasCompany) {
    resolved = await resolveEnterprise(input);
    tenant = await findTenantFor(resolved);
  } else if (invitation) {
    const [t] = await getDb()
      .select()
      .from(tenants)
      .where(and(eq(tenants.id, invitation.tenantId), isNull(tenants.deletedAt)))
      .limit(1);
    if (!t) throw apiError('INVITATION_NOT_FOUND');
    tenant = t;
  } else {
    throw new ApiError(ERRORS.BAD_REQUEST.code, '请输入企业名称');
  }

  if (user.tenantId !== null) {
    // One tenant per account: binding again is a no-op for members, refused otherwise.
    throw apiError('JOIN_ALREADY_MEMBER');
  }
  if (tenant) {
    if (tenant.status !== 0) throw apiError('TENANT_DISABLED');
    return joinOrRequest(userId, user.mobile, tenant, invitation);
  }
  const tenantId = await createTenantFor(userId, resolved!);
  // A referral: the invitee started their own tenant; the inviting tenant earns the reward.
  if (invitation) await recordInvitationUse(invitation, userId, user.mobile);
  return { outcome: 'created', tenantId };
}
