import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { getDb, apiError, partLogger } from '@/lib/server/platform';
import { qrTickets, socialUsers } from '@/db/schema';
import { getWechatAdapter } from './wechat.config';
import type { QrScene, QrTicketInfo } from '@/lib/shared/wechat/wechat.contract';
import { SOCIAL_TYPE_WECHAT_MP, WechatApiError, type WechatIdentity } from './wechat.adapter';

export const QR_TICKET_TTL_MS = 10 * 60 * 1000;

export type { QrScene };

/** Bind-scene statuses the client polls (spec 4.4); login tickets use 1 waiting and 2 scanned. */
export const QR_STATUS = { expired: 0, waiting: 1, done: 2, boundToOther: 3 } as const;

export type QrTicketRow = typeof qrTickets.$inferSelect;

export async function createQrTicket(
  scene: QrScene,
  requestUserId: number | null,
): Promise<QrTicketInfo> {
  const ticket = randomBytes(18).toString('base64url');
  const expireSeconds = QR_TICKET_TTL_MS / 1000;
  let url: string;
  try {
    ({ url } = await getWechatAdapter().createQrCode(ticket, expireSeconds));
  } catch (err) {
    if (err instanceof WechatApiError) {
      partLogger('wechat').error(`${err.message} (${err.errcode ?? '-'})`);
      throw apiError('SERVICE_UNAVAILABLE');
    }
    throw err;
  }
  await getDb()
    .insert(qrTickets)
    .values({
      ticket,
      scene,
      status: QR_STATUS.waiting,
      requestUserId,
      expiresAt: new Date(Date.now() + QR_TICKET_TTL_MS),
    });
  return { ticket, url, expireSeconds };
}

export async function findTicket(ticket: string): Promise<QrTicketRow | null> {
  if (!ticket || ticket.length > 100) return null;
  const [row] = await getDb().select().from(qrTickets).where(eq(qrTickets.ticket, ticket)).limit(1);
  return row ?? null;
}

export function isLive(row: QrTicketRow): boolean {
  return row.expiresAt.getTime() > Date.now() && row.consumedAt === null;
}

/** The user a WeChat identity is bound to (by openid, or by unionid across apps). */
export async function findBoundUserId(identity: WechatIdentity): Promise<number | null> {
  const db = getDb();
  const [byOpenid] = await db
    .select({ userId: socialUsers.userId })
    .from(socialUsers)
    .where(
      and(eq(socialUsers.type, SOCIAL_TYPE_WECHAT_MP), eq(socialUsers.openid, identity.openid)),
    )
    .limit(1);
  if (byOpenid?.userId) return byOpenid.userId;
  if (identity.unionid) {
    const [byUnion] = await db
      .select({ userId: socialUsers.userId })
      .from(socialUsers)
      .where(
        and(
          eq(socialUsers.type, SOCIAL_TYPE_WECHAT_MP),
          eq(socialUsers.unionid, identity.unionid),
          sql`${socialUsers.userId} is not null`,
        ),
      )
      .limit(1);
    if (byUnion?.userId) return byUnion.userId;
  }
  return null;
}

/** The caller's bound official-account openid, if any. */
export async function boundOpenid(userId: number): Promise<string | null> {
  const [row] = await getDb()
    .select({ openid: socialUsers.openid })
    .from(socialUsers)
    .where(and(eq(socialUsers.userId, userId), eq(socialUsers.type, SOCIAL_TYPE_WECHAT_MP)))
    .limit(1);
  return row?.openid ?? null;
}

/**
 * Binds a WeChat identity to a user. Refuses an identity bound to someone else
 * (SOCIAL_ALREADY_BOUND) and a user who already has another one (SOCIAL_USER_HAS_OTHER).
 */
export async function bindSocial(userId: number, identity: WechatIdentity): Promise<void> {
  const db = getDb();
  const owner = await findBoundUserId(identity);
  if (owner !== null && owner !== userId) throw apiError('SOCIAL_ALREADY_BOUND');
  if (owner === userId) return;
  const current = await boundOpenid(userId);
  if (current && current !== identity.openid) throw apiError('SOCIAL_USER_HAS_OTHER');
  await db
    .insert(socialUsers)
    .values({
      userId,
      type: SOCIAL_TYPE_WECHAT_MP,
      openid: identity.openid,
      unionid: identity.unionid ?? null,
    })
    .onConflictDoUpdate({
      target: [socialUsers.type, socialUsers.openid],
      set: { userId, unionid: identity.unionid ?? null },
      where: isNull(socialUsers.userId),
    });
}

/**
 * A phone scanned a ticket (WeChat scan event, or the demo phone page). Login tickets remember
 * the identity; bind tickets bind it to the requesting user right away. Returns the new status.
 */
export async function handleScan(ticket: string, identity: WechatIdentity): Promise<number> {
  const row = await findTicket(ticket);
  if (!row || !isLive(row)) return QR_STATUS.expired;
  const db = getDb();
  if (row.scene === 'bind') {
    if (row.status !== QR_STATUS.waiting) return row.status;
    const owner = await findBoundUserId(identity);
    let status: number = QR_STATUS.done;
    if (owner !== null && owner !== row.requestUserId) status = QR_STATUS.boundToOther;
    else if (row.requestUserId !== null) {
      // Binding from the dialog replaces an older binding of the same account.
      await db
        .delete(socialUsers)
        .where(
          and(
            eq(socialUsers.userId, row.requestUserId),
            eq(socialUsers.type, SOCIAL_TYPE_WECHAT_MP),
            ne(socialUsers.openid, identity.openid),
          ),
        );
      await bindSocial(row.requestUserId, identity);
    }
    await db
      .update(qrTickets)
      .set({
        status,
        openid: identity.openid,
        userId: status === QR_STATUS.done ? row.requestUserId : owner,
        scannedAt: sql`now()`,
      })
      .where(eq(qrTickets.ticket, ticket));
    return status;
  }
  const userId = await findBoundUserId(identity);
  if (userId === null) {
    // Remember the identity (unbound) so the bind-phone step can attach it to an account.
    await db
      .insert(socialUsers)
      .values({
        type: SOCIAL_TYPE_WECHAT_MP,
        openid: identity.openid,
        unionid: identity.unionid ?? null,
      })
      .onConflictDoNothing();
  }
  await db
    .update(qrTickets)
    .set({ status: QR_STATUS.done, openid: identity.openid, userId, scannedAt: sql`now()` })
    .where(and(eq(qrTickets.ticket, ticket), isNull(qrTickets.consumedAt)));
  return QR_STATUS.done;
}

/**
 * Login-ticket state for the poll: 1002000009 expired/unknown/used, 1002000011 waiting,
 * 1002000005 scanned by an identity without an account; otherwise the scanned ticket's row.
 */
export async function requireScannedLoginTicket(
  ticket: string,
): Promise<QrTicketRow & { openid: string }> {
  const row = await findTicket(ticket);
  if (!row || row.scene !== 'login' || !isLive(row))
    throw apiError('AUTH_QR_TICKET_EXPIRED', undefined, QR_STATUS.expired);
  if (row.status !== QR_STATUS.done || !row.openid)
    throw apiError('AUTH_QR_WAITING', undefined, QR_STATUS.waiting);
  return row as QrTicketRow & { openid: string };
}

/** Marks a login ticket used (one login per scan); false if another request got there first. */
export async function consumeTicket(ticket: string): Promise<boolean> {
  const rows = await getDb()
    .update(qrTickets)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(qrTickets.ticket, ticket),
        isNull(qrTickets.consumedAt),
        gt(qrTickets.expiresAt, sql`now()`),
      ),
    )
    .returning({ ticket: qrTickets.ticket });
  return rows.length > 0;
}

/** Bind-scene status for the requesting user (0 expired, 1 waiting, 2 bound, 3 bound elsewhere). */
export async function bindTicketStatus(ticket: string, userId: number): Promise<number> {
  const row = await findTicket(ticket);
  if (!row || row.scene !== 'bind') return QR_STATUS.expired;
  if (row.requestUserId !== userId) throw apiError('FORBIDDEN');
  if (row.status === QR_STATUS.waiting && !isLive(row)) return QR_STATUS.expired;
  return row.status;
}
