import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb, config, apiError, chinaMonthStart, clockDate } from '@/lib/server/platform';
import { invitationRecords, invitations, quotaGrants, tenants, users } from '@/db/schema';
import { hasPermission } from '@/lib/shared/auth/permission';
import { INVITATION_REWARD_QUOTA, INVITATION_VALID_DAYS } from '@/lib/shared/vip/editions';
import { maskMobile } from '@/lib/shared/validation';
import type { DbOrTx } from '../user/user.repository';
import {
  DIRECT_INVITE_PERMISSION,
  JOIN_QUERY_PERMISSION,
  type InvitationInfo,
  type InvitationRecordView,
} from '@/lib/shared/invitation/invitation.contract';
import type { RewardInfo } from '@/lib/shared/vip/vip.contract';

export type { InvitationInfo, InvitationRecordView, RewardInfo };

export type InvitationRow = typeof invitations.$inferSelect;

/** Invitees that earn a tenant its reward per calendar month (China time): no farming. */
export const INVITATION_REWARDS_PER_TENANT_MONTH = 20;

// Unambiguous upper-case letters and digits (no 0/O, 1/I): people read codes aloud.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCode(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

function shareLink(code: string, type: number, username: string): string {
  const q = new URLSearchParams({ invitationCode: code, type: String(type), username });
  return `${config.siteUrl}/invite?${q.toString()}`;
}

async function toInfo(inv: InvitationRow): Promise<InvitationInfo> {
  const [row] = await getDb()
    .select({ tenantName: tenants.name, inviterName: users.nickname })
    .from(tenants)
    .leftJoin(users, eq(users.id, inv.inviterUserId))
    .where(eq(tenants.id, inv.tenantId))
    .limit(1);
  return {
    code: inv.code,
    type: inv.type,
    tenantId: inv.tenantId,
    tenantName: row?.tenantName ?? '',
    inviterName: row?.inviterName ?? '',
    expireTimestamp: inv.expiresAt.getTime(),
    link: shareLink(inv.code, inv.type, row?.inviterName ?? ''),
  };
}

/** The caller's current code of a type, creating one (valid 365 days) when there is none. */
export async function getOrCreateInvitation(
  tenantId: number,
  userId: number,
  type: number,
): Promise<InvitationInfo> {
  const db = getDb();
  const [existing] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.tenantId, tenantId),
        eq(invitations.inviterUserId, userId),
        eq(invitations.type, type),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  if (existing) return toInfo(existing);
  return createInvitation(tenantId, userId, type, INVITATION_VALID_DAYS);
}

/** Who asks for a code, with what permissions. */
type Issuer = { tenantId: number; userId: number; permissions: ReadonlySet<string> };

/** Type 1 codes put people straight into the tenant: only administrators may hand them out. */
function assertMayIssue(issuer: Issuer, type: number): void {
  if (type === 1 && !hasPermission(issuer.permissions, DIRECT_INVITE_PERMISSION))
    throw apiError('FORBIDDEN');
}

/** The caller's code of a type (created on first ask), if they may issue that type. */
export async function myInvitation(issuer: Issuer, type: number): Promise<InvitationInfo> {
  assertMayIssue(issuer, type);
  return getOrCreateInvitation(issuer.tenantId, issuer.userId, type);
}

/** Replaces the caller's code of a type with a fresh one valid for `days`. */
export async function renewMyInvitation(
  issuer: Issuer,
  type: number,
  days: number,
): Promise<InvitationInfo> {
  assertMayIssue(issuer, type);
  return resetInvitation(issuer.tenantId, issuer.userId, type, days);
}

/** Administrators (join-request query permission) see the whole tenant's records, members their own. */
export async function invitationRecordsVisibleTo(
  viewer: Issuer,
  page: { pageNo: number; pageSize: number },
) {
  return pageInvitationRecords(viewer.tenantId, {
    ...page,
    inviterUserId: hasPermission(viewer.permissions, JOIN_QUERY_PERMISSION)
      ? undefined
      : viewer.userId,
  });
}

/** Revokes the caller's codes of that type and issues a new one (the link reset of the drawer). */
export async function resetInvitation(
  tenantId: number,
  userId: number,
  type: number,
  days: number,
): Promise<InvitationInfo> {
  await getDb()
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(invitations.tenantId, tenantId),
        eq(invitations.inviterUserId, userId),
        eq(invitations.type, type),
        isNull(invitations.revokedAt),
      ),
    );
  return createInvitation(tenantId, userId, type, days);
}

async function createInvitation(
  tenantId: number,
  userId: number,
  type: number,
  days: number,
): Promise<InvitationInfo> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await getDb()
        .insert(invitations)
        .values({
          tenantId,
          inviterUserId: userId,
          code: newCode(),
          type,
          expiresAt: new Date(Date.now() + days * 86400_000),
        })
        .returning();
      return toInfo(row);
    } catch (err) {
      // A code collision (unique index) is astronomically rare; retry with a fresh code.
      if ((err as { code?: string }).code !== '23505' || attempt >= 3) throw err;
    }
  }
}

/** Looks a code up for the invite page and the login flows; expired → INVITATION_EXPIRED. */
export async function findValidInvitation(code: string): Promise<InvitationRow> {
  const [row] = await getDb()
    .select()
    .from(invitations)
    .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
    .where(and(eq(invitations.code, code.trim().toUpperCase()), isNull(tenants.deletedAt)))
    .limit(1);
  if (!row || row.invitations.revokedAt) throw apiError('INVITATION_NOT_FOUND');
  if (row.invitations.expiresAt.getTime() <= Date.now()) throw apiError('INVITATION_EXPIRED');
  return row.invitations;
}

export async function getInvitationInfoByCode(code: string): Promise<InvitationInfo> {
  return toInfo(await findValidInvitation(code));
}

/**
 * Records that a user came in through an invitation (joined the tenant or signed up with their
 * own enterprise). One record per invited user and tenant; whether it earns the inviting tenant
 * its reward is decided here, once (see earnsReward).
 */
export async function recordInvitationUse(
  inv: InvitationRow,
  invitedUserId: number,
  invitedMobile: string | null,
  db: DbOrTx = getDb(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ id: invitationRecords.id })
      .from(invitationRecords)
      .where(
        and(
          eq(invitationRecords.tenantId, inv.tenantId),
          eq(invitationRecords.invitedUserId, invitedUserId),
        ),
      )
      .limit(1);
    if (seen) return false;
    const rewardEligible = await earnsReward(tx, inv.tenantId, invitedUserId, invitedMobile);
    await tx.insert(invitationRecords).values({
      invitationId: inv.id,
      tenantId: inv.tenantId,
      invitedUserId,
      invitedMobile,
      rewardEligible,
      createdAt: clockDate(),
    });
    return true;
  });
}

/**
 * Throwaway numbers must not farm rewards: an invitee earns one only with a phone (verified by its
 * SMS code at sign-up) that no earlier invitation counted, on an account none counted either
 * (leaving and joining again, or joining another tenant, earns nothing), and only while the tenant
 * is under its monthly cap. Decisions are serialised, so parallel joins cannot both pass a check.
 */
async function earnsReward(
  tx: DbOrTx,
  tenantId: number,
  invitedUserId: number,
  invitedMobile: string | null,
): Promise<boolean> {
  if (!invitedMobile) return false;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invitation-reward'))`);
  const result = await tx.execute<{ counted_before: boolean; this_month: number }>(sql`
    select
      exists (select 1 from invitation_records
              where reward_eligible
                and (invited_mobile = ${invitedMobile} or invited_user_id = ${invitedUserId})) as counted_before,
      (select count(*) from invitation_records
       where reward_eligible and tenant_id = ${tenantId} and created_at >= ${chinaMonthStart()})::int as this_month`);
  const row = result.rows[0];
  return !row.counted_before && Number(row.this_month) < INVITATION_REWARDS_PER_TENANT_MONTH;
}

/** Records of the tenant; `inviterUserId` narrows to one inviter's codes (ordinary members). */
export async function pageInvitationRecords(
  tenantId: number,
  opts: { pageNo: number; pageSize: number; inviterUserId?: number },
): Promise<{ list: InvitationRecordView[]; total: number }> {
  const db = getDb();
  const conditions = [eq(invitationRecords.tenantId, tenantId)];
  if (opts.inviterUserId !== undefined)
    conditions.push(eq(invitations.inviterUserId, opts.inviterUserId));
  const where = and(...conditions);
  const [totalRow] = await db
    .select({ n: count() })
    .from(invitationRecords)
    .innerJoin(invitations, eq(invitations.id, invitationRecords.invitationId))
    .where(where);
  const rows = await db.execute<{
    id: number;
    invited_mobile: string | null;
    invited_nickname: string | null;
    inviter_name: string | null;
    reward_granted: boolean;
    created_at: Date;
  }>(sql`
    select r.id, r.invited_mobile, invitee.nickname as invited_nickname, inviter.nickname as inviter_name,
           r.reward_granted, r.created_at
    from invitation_records r
    join invitations i on i.id = r.invitation_id
    left join users invitee on invitee.id = r.invited_user_id
    left join users inviter on inviter.id = i.inviter_user_id
    where r.tenant_id = ${tenantId}
      ${opts.inviterUserId !== undefined ? sql`and i.inviter_user_id = ${opts.inviterUserId}` : sql``}
    order by r.created_at desc, r.id desc
    limit ${opts.pageSize} offset ${(opts.pageNo - 1) * opts.pageSize}`);
  return {
    total: Number(totalRow?.n ?? 0),
    list: rows.rows.map((r) => ({
      id: Number(r.id),
      invitedMobile: maskMobile(r.invited_mobile),
      invitedNickname: r.invited_nickname ?? '',
      inviterName: r.inviter_name ?? '',
      rewardGranted: r.reward_granted,
      createTime: new Date(r.created_at).getTime(),
    })),
  };
}

/** Everyone invited counts as invited; only records that earn a reward pay out. */
const pendingRewardRecord = and(
  eq(invitationRecords.rewardEligible, true),
  eq(invitationRecords.rewardGranted, false),
);

export async function rewardInfo(tenantId: number): Promise<RewardInfo> {
  const [row] = await getDb()
    .select({
      invited: count(),
      pending: count(sql`case when ${pendingRewardRecord} then 1 end`),
      granted: count(sql`case when ${invitationRecords.rewardGranted} then 1 end`),
    })
    .from(invitationRecords)
    .where(eq(invitationRecords.tenantId, tenantId));
  return {
    rewardPerInvite: INVITATION_REWARD_QUOTA,
    invitedCount: Number(row?.invited ?? 0),
    pendingReward: Number(row?.pending ?? 0) * INVITATION_REWARD_QUOTA,
    claimedReward: Number(row?.granted ?? 0) * INVITATION_REWARD_QUOTA,
  };
}

/** Turns unclaimed invitation records into one quota grant; each record pays out once. */
export async function claimRewards(tenantId: number): Promise<{ granted: number }> {
  return getDb().transaction(async (tx) => {
    const claimed = await tx
      .update(invitationRecords)
      .set({ rewardGranted: true })
      .where(and(eq(invitationRecords.tenantId, tenantId), pendingRewardRecord))
      .returning({ id: invitationRecords.id });
    if (claimed.length === 0) throw apiError('INVITATION_REWARD_NONE');
    const amount = claimed.length * INVITATION_REWARD_QUOTA;
    await tx.insert(quotaGrants).values({
      tenantId,
      amount,
      reason: 'invitation',
      refId: claimed
        .map((c) => c.id)
        .join(',')
        .slice(0, 2000),
    });
    return { granted: amount };
  });
}
