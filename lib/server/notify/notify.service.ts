import 'server-only';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { joinRequests, notifications } from '@/db/schema';
import type { NotificationView, RemindStatus } from '@/lib/shared/notify/notify.contract';
import { publishToUser } from '../push/push.service';
import { getActiveTenant } from '../tenant/tenant.service';

export type NewNotification = {
  tenantId: number | null;
  userId: number;
  title: string;
  content: string;
  templateCode?: string;
};

/** Stores a message for the message centre and nudges the user's open tabs to refresh the badge. */
export async function createNotification(n: NewNotification): Promise<number> {
  const [row] = await getDb()
    .insert(notifications)
    .values({
      tenantId: n.tenantId,
      userId: n.userId,
      title: n.title,
      content: n.content,
      templateCode: n.templateCode ?? null,
    })
    .returning({ id: notifications.id });
  await publishToUser(n.userId, { type: 'notify', content: { id: row.id, title: n.title } }).catch(
    (err: Error) => console.warn(`[notify] push failed: ${err.message}`),
  );
  return row.id;
}

export async function notifyUsers(
  userIds: number[],
  n: Omit<NewNotification, 'userId'>,
): Promise<void> {
  for (const userId of new Set(userIds)) await createNotification({ ...n, userId });
}

export async function unreadCount(userId: number): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function pageNotifications(
  userId: number,
  opts: { pageNo: number; pageSize: number; readStatus?: boolean },
): Promise<{ list: NotificationView[]; total: number }> {
  const db = getDb();
  const conditions = [eq(notifications.userId, userId)];
  if (opts.readStatus === true) conditions.push(sql`${notifications.readAt} is not null`);
  if (opts.readStatus === false) conditions.push(isNull(notifications.readAt));
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(notifications).where(where);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.pageSize)
    .offset((opts.pageNo - 1) * opts.pageSize);
  return {
    total: Number(totalRow?.n ?? 0),
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      templateCode: r.templateCode,
      readStatus: r.readAt !== null,
      readTime: r.readAt?.getTime() ?? null,
      createTime: r.createdAt.getTime(),
    })),
  };
}

/** Marks the caller's own messages read; ids of other users are ignored. */
export async function markRead(userId: number, ids: number[] | 'all'): Promise<number> {
  const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids !== 'all') {
    if (ids.length === 0) return 0;
    conditions.push(inArray(notifications.id, ids));
  }
  const rows = await getDb()
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return rows.length;
}

const VIP_EXPIRY_REMIND_MS = 7 * 86400_000;

/** What the top bar's reminders need: unread messages, join requests to review, edition expiry. */
export async function remindStatus(
  caller: { userId: number; tenantId: number },
  canReviewJoinRequests: boolean,
): Promise<RemindStatus> {
  const tenant = await getActiveTenant(caller.tenantId);
  let pending = 0;
  if (canReviewJoinRequests) {
    const [row] = await getDb()
      .select({ n: count() })
      .from(joinRequests)
      .where(and(eq(joinRequests.tenantId, caller.tenantId), eq(joinRequests.status, 0)));
    pending = Number(row?.n ?? 0);
  }
  const expiresAt = tenant.edition > 0 ? (tenant.editionExpiresAt?.getTime() ?? null) : null;
  const now = Date.now();
  return {
    unreadCount: await unreadCount(caller.userId),
    pendingJoinRequestCount: pending,
    vipExpiringSoon:
      expiresAt !== null && expiresAt > now && expiresAt - now <= VIP_EXPIRY_REMIND_MS,
    vipExpired: expiresAt !== null && expiresAt <= now,
    expireTime: expiresAt,
  };
}
