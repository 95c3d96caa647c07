import 'server-only';
import { and, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { getDb, type Database, publishToUserInTx, apiError } from '@/lib/server/platform';
import { joinRequests, notificationKeys, notifications } from '@/db/schema';
import type { NotificationView, RemindStatus } from '@/lib/shared/notify/notify.contract';
import { isSafeNotifyLink } from '@/lib/shared/notify/notify-links';
import { getActiveTenant } from '../tenant/tenant.service';
import { TENANT_ADMIN_ROLE_CODES, tenantUsersWithRoles } from '../user/user.repository';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Kinds of message (notifications.template_code); later producers add theirs. */
export const NOTIFY_KINDS = {
  joinRequest: 'join_request',
  paymentSucceeded: 'payment_succeeded',
  quotaLow: 'quota_low',
  vipExpiring: 'vip_expiring',
  clueFollowUpDue: 'clue_follow_up_due',
  upgradeRequest: 'upgrade_request',
  joinResult: 'join_result',
  jobFinished: 'job_finished',
  outreachFinished: 'outreach_finished',
  outreachDailyCap: 'outreach_daily_cap',
  outreachBalanceLow: 'outreach_balance_low',
} as const;

export type NotifyInput = {
  /** The kind (template code), e.g. NOTIFY_KINDS.paymentSucceeded. */
  kind: string;
  tenantId: number | null;
  /** Explicit users, the administrators of a tenant, or both (each user gets one message). */
  userIds?: readonly number[];
  tenantAdminsOf?: number;
  title: string;
  content: string;
  /**
   * The page the message leads to (its object: an order, a lead, the join requests), a same-site
   * path; lib/shared/notify/notify-links.ts names them.
   */
  link?: string;
  /** Sent at most once for this key, whoever calls and however often (notification_keys). */
  onceKey?: string;
};

/**
 * The one way producers send a message: stores it in each recipient's message centre and pushes a
 * `notify` message to their open sockets. Inside a producer's transaction (`tx`) the messages
 * commit with the producer's change and the push leaves only at commit (pg_notify is
 * transactional), so a rolled-back change sends nothing. Returns the ids of the stored messages.
 */
export async function notify(input: NotifyInput, opts: { tx?: Tx } = {}): Promise<number[]> {
  if (opts.tx) return notifyIn(opts.tx, input);
  return getDb().transaction((tx) => notifyIn(tx, input));
}

async function notifyIn(tx: Tx, input: NotifyInput): Promise<number[]> {
  const recipients = new Set(input.userIds ?? []);
  if (input.tenantAdminsOf !== undefined)
    for (const id of await tenantUsersWithRoles(input.tenantAdminsOf, TENANT_ADMIN_ROLE_CODES, tx))
      recipients.add(id);
  if (recipients.size === 0) return [];
  if (input.link !== undefined && !isSafeNotifyLink(input.link))
    throw new Error(`notify: link must be a same-site path, got ${input.link}`);
  if (input.onceKey) {
    const won = await tx
      .insert(notificationKeys)
      .values({ key: input.onceKey })
      .onConflictDoNothing()
      .returning({ key: notificationKeys.key });
    if (won.length === 0) return [];
  }
  const rows = await tx
    .insert(notifications)
    .values(
      [...recipients].map((userId) => ({
        tenantId: input.tenantId,
        userId,
        title: input.title,
        content: input.content,
        templateCode: input.kind,
        link: input.link ?? null,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  for (const row of rows)
    await publishToUserInTx(tx, row.userId, {
      type: 'notify',
      content: { id: row.id, kind: input.kind, title: input.title, link: input.link ?? null },
    });
  return rows.map((r) => r.id);
}

export type NewNotification = {
  tenantId: number | null;
  userId: number;
  title: string;
  content: string;
  templateCode?: string;
  link?: string;
};

/** One message to one user (older producers' entry point; see notify()). */
export async function createNotification(n: NewNotification): Promise<number> {
  const [id] = await notify({
    kind: n.templateCode ?? 'system',
    tenantId: n.tenantId,
    userIds: [n.userId],
    title: n.title,
    content: n.content,
    link: n.link,
  });
  return id;
}

export async function notifyUsers(
  userIds: number[],
  n: Omit<NewNotification, 'userId'>,
): Promise<void> {
  await notify({
    kind: n.templateCode ?? 'system',
    tenantId: n.tenantId,
    userIds,
    title: n.title,
    content: n.content,
    link: n.link,
  });
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
  opts: {
    pageNo: number;
    pageSize: number;
    readStatus?: boolean;
    templateCode?: string;
    beginTime?: number;
    endTime?: number;
  },
): Promise<{ list: NotificationView[]; total: number }> {
  const db = getDb();
  const conditions = [eq(notifications.userId, userId)];
  if (opts.readStatus === true) conditions.push(sql`${notifications.readAt} is not null`);
  if (opts.readStatus === false) conditions.push(isNull(notifications.readAt));
  if (opts.templateCode) conditions.push(eq(notifications.templateCode, opts.templateCode));
  if (opts.beginTime !== undefined)
    conditions.push(gte(notifications.createdAt, new Date(opts.beginTime)));
  if (opts.endTime !== undefined)
    conditions.push(lt(notifications.createdAt, new Date(opts.endTime)));
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
      link: r.link,
      readStatus: r.readAt !== null,
      readTime: r.readAt?.getTime() ?? null,
      createTime: r.createdAt.getTime(),
    })),
  };
}

/**
 * Marks the caller's messages read. Naming a message that is not the caller's (another user's, or
 * none at all: the two are not told apart) is refused with 403 and nothing is marked.
 */
export async function markRead(userId: number, ids: number[] | 'all'): Promise<number> {
  const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids !== 'all') {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return 0;
    const [own] = await getDb()
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), inArray(notifications.id, wanted)));
    if (Number(own?.n ?? 0) !== wanted.length) throw apiError('FORBIDDEN');
    conditions.push(inArray(notifications.id, wanted));
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
