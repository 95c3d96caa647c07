import 'server-only';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { getDb, apiError, type ClientInfo, audit } from '@/lib/server/platform';
import { invitations, joinRequests, users } from '@/db/schema';
import { addMember, JOIN_STATUS } from '../tenant/membership.service';
import { getActiveTenant } from '../tenant/tenant.service';
import {
  lockSeats,
  MemberLimitError,
  memberLimitReached,
  peekFreeSeats,
} from '../tenant/member-limit.service';
import { createNotification } from '../notify/notify.service';
import { recordInvitationUse } from './invitation.service';
import { readOneTimeCode } from '../auth/one-time-code.service';
import { findActiveUserById } from '../user/user.repository';
import type { JoinDecision, JoinRequestView } from '@/lib/shared/invitation/invitation.contract';

export type { JoinRequestView };

export async function pageJoinRequests(
  tenantId: number,
  opts: { pageNo: number; pageSize: number; status?: number },
): Promise<{ list: JoinRequestView[]; total: number }> {
  const db = getDb();
  const conditions = [eq(joinRequests.tenantId, tenantId)];
  if (opts.status !== undefined) conditions.push(eq(joinRequests.status, opts.status));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(joinRequests).where(where);
  const rows = await db
    .select({ r: joinRequests, nickname: users.nickname })
    .from(joinRequests)
    .leftJoin(users, eq(users.id, joinRequests.userId))
    .where(where)
    .orderBy(desc(joinRequests.createdAt), desc(joinRequests.id))
    .limit(opts.pageSize)
    .offset((opts.pageNo - 1) * opts.pageSize);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map(({ r, nickname }) => ({
      id: r.id,
      userId: r.userId,
      nickname: nickname ?? '',
      // Administrators approve people they may need to call: the full number is shown to them.
      mobile: r.mobile ?? '',
      status: r.status,
      invitationCode: r.invitationCode,
      createTime: r.createdAt.getTime(),
      handledTime: r.handledAt?.getTime() ?? null,
    })),
  };
}

/**
 * Approves (1) or rejects (2) one pending request. An approved user who meanwhile joined another
 * enterprise cannot be added: the request is closed as cancelled.
 */
export async function handleJoinRequest(
  tenantId: number,
  requestId: number,
  status: 1 | 2,
  handledBy: number,
): Promise<void> {
  const tenant = await getActiveTenant(tenantId);
  const outcome = await getDb().transaction(async (tx) => {
    // The seat lock first (addMember takes it again), so the order of locks is the same as a
    // direct join's: seats, then rows.
    if (status === JOIN_STATUS.approved) await lockSeats(tx, tenantId);
    const [req] = await tx
      .select()
      .from(joinRequests)
      .where(
        and(
          eq(joinRequests.id, requestId),
          eq(joinRequests.tenantId, tenantId),
          eq(joinRequests.status, JOIN_STATUS.pending),
        ),
      )
      .for('update')
      .limit(1);
    if (!req) throw apiError('JOIN_REQUEST_NOT_EXISTS');
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.id, req.userId))
      .for('update')
      .limit(1);
    let finalStatus: number = status;
    if (status === JOIN_STATUS.approved) {
      if (!user || user.deletedAt || (user.tenantId !== null && user.tenantId !== tenantId))
        finalStatus = JOIN_STATUS.cancelled;
      else {
        await addMember(user.id, tenantId, tx);
        if (req.invitationCode) {
          const [inv] = await tx
            .select()
            .from(invitations)
            .where(eq(invitations.code, req.invitationCode))
            .limit(1);
          if (inv && inv.tenantId === tenantId)
            await recordInvitationUse(inv, user.id, user.mobile, tx);
        }
      }
    }
    await tx
      .update(joinRequests)
      .set({ status: finalStatus, handledBy, handledAt: sql`now()` })
      .where(eq(joinRequests.id, req.id));
    return { userId: req.userId, finalStatus, mobile: req.mobile };
  });
  if (
    outcome.finalStatus === JOIN_STATUS.approved ||
    outcome.finalStatus === JOIN_STATUS.rejected
  ) {
    const approved = outcome.finalStatus === JOIN_STATUS.approved;
    await createNotification({
      tenantId: approved ? tenantId : null,
      userId: outcome.userId,
      title: approved ? '加入企业申请已通过' : '加入企业申请未通过',
      content: approved
        ? `您已加入「${tenant.name}」，请重新登录。`
        : `「${tenant.name}」的管理员拒绝了您的加入申请。`,
      templateCode: 'join_result',
    });
  }
}

/**
 * Handles every pending request of the tenant the same way, oldest first; returns how many were
 * handled. Approving stops at the member limit: the requests past it stay pending (the member
 * limit's pendingInvites shows how many); with no seat free at all it is refused with the reason.
 */
export async function handleAllJoinRequests(
  tenantId: number,
  status: 1 | 2,
  handledBy: number,
): Promise<number> {
  const pending = await getDb()
    .select({ id: joinRequests.id })
    .from(joinRequests)
    .where(and(eq(joinRequests.tenantId, tenantId), eq(joinRequests.status, JOIN_STATUS.pending)))
    .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id));
  if (status === JOIN_STATUS.approved && pending.length > 0) {
    const seats = await peekFreeSeats(tenantId);
    if (seats.free === 0) throw memberLimitReached(seats.limit);
  }
  let n = 0;
  for (const { id } of pending) {
    try {
      await handleJoinRequest(tenantId, id, status, handledBy);
      n += 1;
    } catch (err) {
      // The seats ran out: the rest stay pending.
      if (err instanceof MemberLimitError) break;
      // Someone else handled it in the meantime.
      if ((err as { code?: number }).code !== 1002029005) throw err;
    }
  }
  return n;
}

/** The applicant withdraws their pending request(s). */
export async function cancelJoinRequests(userId: number): Promise<number> {
  const rows = await getDb()
    .update(joinRequests)
    .set({ status: JOIN_STATUS.cancelled, handledAt: sql`now()` })
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, JOIN_STATUS.pending)))
    .returning({ id: joinRequests.id });
  return rows.length;
}

/** Withdrawal from the login flow: the bind ticket (answer 1002000013) identifies the applicant. */
export async function cancelJoinByTicket(bindTicket: string, client: ClientInfo): Promise<number> {
  const ticket = await readOneTimeCode('bind_enterprise', bindTicket);
  if (!ticket?.userId) throw apiError('AUTH_TICKET_INVALID');
  const n = await cancelJoinRequests(ticket.userId);
  const user = await findActiveUserById(ticket.userId);
  await audit('join_cancelled', {
    userId: ticket.userId,
    tenantId: user?.tenantId ?? null,
    client,
  });
  return n;
}

/** The administrator deciding, for the audit trail. */
type Decider = { tenantId: number; userId: number; client: ClientInfo };

export async function decideJoinRequest(
  by: Decider,
  requestId: number,
  status: JoinDecision,
): Promise<true> {
  await handleJoinRequest(by.tenantId, requestId, status, by.userId);
  await audit('join_request_handled', {
    tenantId: by.tenantId,
    userId: by.userId,
    target: String(requestId),
    detail: { status },
    client: by.client,
  });
  return true;
}

export async function decideAllJoinRequests(by: Decider, status: JoinDecision): Promise<number> {
  const n = await handleAllJoinRequests(by.tenantId, status, by.userId);
  await audit('join_request_handled_all', {
    tenantId: by.tenantId,
    userId: by.userId,
    detail: { status, n },
    client: by.client,
  });
  return n;
}
