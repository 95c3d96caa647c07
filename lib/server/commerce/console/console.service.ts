import 'server-only';
import { and, desc, eq, gte, ilike, lt, lte, gt, or, sql, type SQL, asc } from 'drizzle-orm';
import { orderItems, orders, paymentEvents, quotaGrants, tenants, users } from '@/db/schema';
import {
  ApiError,
  apiError,
  audit,
  chinaDayStart,
  getDb,
  type ClientInfo,
} from '@/lib/server/platform';
import { consoleTenantPage, getActiveTenant, type ConsoleActor } from '@/lib/server/identity';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { ORDER_STATUS, type PayChannel } from '@/lib/shared/trade/trade.contract';
import type {
  ConsoleOrder,
  ConsoleOrderDetail,
  ConsoleOrderStatus,
  ConsoleTenant,
  TenantQuotaGrantBody,
} from '@/lib/shared/console/console.contract';
import { getUnlockCredit } from '../vip/quota.service';

/**
 * The operator's console, the commerce side (issue 29 item 5): tenants with their unlock quota,
 * quota grants, and every tenant's orders with their payment confirmations and refund marking.
 */

type TenantQuery = Parameters<typeof consoleTenantPage>[1];

/** 租户列表: identity's tenants (edition, expiry, seats, members, status) with the unlock quota. */
export async function consoleTenants(
  actor: ConsoleActor,
  q: TenantQuery,
): Promise<{ list: ConsoleTenant[]; total: number }> {
  const page = await consoleTenantPage(actor, q);
  const list = await Promise.all(
    page.list.map(async (t) => {
      const credit = await getUnlockCredit(t.id);
      return {
        ...t,
        unlockRemaining: credit.remaining,
        monthlyUnlockQuota: credit.monthlyQuota,
        unlockUsedThisMonth: credit.usedThisMonth,
        grantRemaining: credit.grantRemaining,
      };
    }),
  );
  return { total: page.total, list };
}

/** 赠送解锁额度: a grant of unlocks beyond the edition's allowance, with a reason, audited. */
export async function grantQuota(
  actor: ConsoleActor,
  body: TenantQuotaGrantBody,
  client: ClientInfo,
): Promise<true> {
  const tenant = await getActiveTenant(body.tenantId);
  const expiresAt = body.days ? new Date(Date.now() + body.days * 86_400_000) : null;
  await getDb()
    .insert(quotaGrants)
    .values({
      tenantId: tenant.id,
      amount: body.amount,
      reason: 'platform',
      refId: body.reason.slice(0, 200),
      expiresAt,
    });
  await audit('tenant_quota_granted', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(tenant.id),
    detail: {
      tenantName: tenant.name,
      amount: body.amount,
      expireTime: expiresAt?.getTime() ?? null,
      reason: body.reason,
    },
    client,
  });
  return true;
}

type OrderRow = typeof orders.$inferSelect;

function statusOf(o: Pick<OrderRow, 'status' | 'expiresAt'>, now = Date.now()): ConsoleOrderStatus {
  if (o.status === ORDER_STATUS.paid) return 'paid';
  if (o.status === ORDER_STATUS.closed) return 'closed';
  if (o.status === ORDER_STATUS.refunded) return 'refunded';
  return o.expiresAt.getTime() <= now ? 'expired' : 'pending';
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const userLabel = (u: { username: string | null; nickname: string | null }) =>
  u.username ? (u.nickname ? `${u.nickname}（${u.username}）` : u.username) : '';

function toView(
  o: OrderRow,
  tenantName: string | null,
  u: { username: string | null; nickname: string | null },
  now = Date.now(),
): ConsoleOrder {
  return {
    id: o.id,
    orderNo: o.orderNo,
    tenantId: o.tenantId,
    tenantName: tenantName ?? '',
    userId: o.userId,
    userName: userLabel(u),
    subject: o.subject,
    status: statusOf(o, now),
    channel: o.channel as PayChannel,
    amountFen: o.amountFen,
    providerTradeNo: o.providerTradeNo,
    createTime: o.createdAt.getTime(),
    payTime: o.paidAt?.getTime() ?? null,
    refundTime: o.refundedAt?.getTime() ?? null,
    refundReason: o.refundReason,
  };
}

const orderSelection = {
  order: orders,
  tenantName: tenants.name,
  username: users.username,
  nickname: users.nickname,
};

/** 订单与支付: every tenant's orders, newest first, by order no, tenant, status and day. */
export async function consoleOrderPage(q: {
  pageNo: number;
  pageSize: number;
  orderNo?: string;
  tenant?: string;
  status?: ConsoleOrderStatus;
  from?: string;
  to?: string;
}): Promise<{ list: ConsoleOrder[]; total: number }> {
  const db = getDb();
  const conditions: SQL[] = [];
  if (q.orderNo) conditions.push(ilike(orders.orderNo, `%${escapeLike(q.orderNo)}%`));
  if (q.tenant) {
    const byName = ilike(tenants.name, `%${escapeLike(q.tenant)}%`);
    conditions.push(
      /^\d{1,15}$/.test(q.tenant) ? or(eq(orders.tenantId, Number(q.tenant)), byName)! : byName,
    );
  }
  const now = sql`now()`;
  if (q.status === 'paid') conditions.push(eq(orders.status, ORDER_STATUS.paid));
  if (q.status === 'closed') conditions.push(eq(orders.status, ORDER_STATUS.closed));
  if (q.status === 'refunded') conditions.push(eq(orders.status, ORDER_STATUS.refunded));
  if (q.status === 'pending')
    conditions.push(eq(orders.status, ORDER_STATUS.pending), gt(orders.expiresAt, now));
  if (q.status === 'expired')
    conditions.push(eq(orders.status, ORDER_STATUS.pending), lte(orders.expiresAt, now));
  if (q.from) conditions.push(gte(orders.createdAt, sql`${chinaDayStart(q.from)}`));
  if (q.to) conditions.push(lt(orders.createdAt, sql`${chinaDayStart(q.to, 1)}`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(orderSelection)
      .from(orders)
      .innerJoin(tenants, eq(tenants.id, orders.tenantId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(tenants, eq(tenants.id, orders.tenantId))
      .where(where),
  ]);
  const at = Date.now();
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((r) => toView(r.order, r.tenantName, r, at)),
  };
}

async function orderWithNames(id: number) {
  const [row] = await getDb()
    .select(orderSelection)
    .from(orders)
    .innerJoin(tenants, eq(tenants.id, orders.tenantId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id))
    .limit(1);
  if (!row) throw apiError('NOT_FOUND');
  return row;
}

/** 订单详情: lines, every payment confirmation received for it, what applying it changed. */
export async function consoleOrder(id: number): Promise<ConsoleOrderDetail> {
  const db = getDb();
  const row = await orderWithNames(id);
  const [items, events, refunder] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
    db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, id))
      .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id))
      .limit(200),
    row.order.refundedBy
      ? db
          .select({ username: users.username, nickname: users.nickname })
          .from(users)
          .where(eq(users.id, row.order.refundedBy))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const applied = row.order.applyResult;
  return {
    ...toView(row.order, row.tenantName, row),
    items: items.map((i) => ({
      kind: i.kind,
      name: i.name,
      edition: i.edition,
      durationDays: i.durationDays,
      creditAmount: i.creditAmount,
      quantity: i.quantity,
      unitPriceFen: i.unitPriceFen,
      amountFen: i.amountFen,
    })),
    payments: events.map((e) => ({
      id: e.id,
      channel: e.channel,
      outcome: e.outcome,
      eventId: e.eventId,
      amountFen: e.amountFen,
      ip: e.ip,
      createTime: e.createdAt.getTime(),
    })),
    applyResult:
      applied && typeof applied === 'object' && !Array.isArray(applied)
        ? (applied as Record<string, unknown>)
        : null,
    refundedBy: refunder[0] ? userLabel(refunder[0]) : null,
  };
}

/**
 * 标记退款: a paid order becomes refunded (status 30) with who, when and why, audited. No money
 * moves and nothing granted is taken back here: the refund is made at the payment provider, and
 * an edition to withdraw is changed on the tenant, each by a person who decides it.
 */
export async function markRefunded(
  actor: ConsoleActor,
  body: { id: number; reason: string },
  client: ClientInfo,
): Promise<ConsoleOrder> {
  const before = await orderWithNames(body.id);
  if (before.order.status !== ORDER_STATUS.paid)
    throw new ApiError(
      ERRORS.BAD_REQUEST.code,
      before.order.status === ORDER_STATUS.refunded
        ? '该订单已标记退款'
        : '只有已支付的订单可以标记退款',
    );
  const changed = await getDb()
    .update(orders)
    .set({
      status: ORDER_STATUS.refunded,
      refundReason: body.reason,
      refundedAt: sql`now()`,
      refundedBy: actor.userId,
    })
    .where(and(eq(orders.id, body.id), eq(orders.status, ORDER_STATUS.paid)))
    .returning({ id: orders.id });
  if (changed.length === 0) throw new ApiError(ERRORS.BAD_REQUEST.code, '该订单已标记退款');
  await audit('order_refunded', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: before.order.orderNo,
    detail: {
      orderId: before.order.id,
      tenantId: before.order.tenantId,
      tenantName: before.tenantName,
      amountFen: before.order.amountFen,
      reason: body.reason,
    },
    client,
  });
  const after = await orderWithNames(body.id);
  return toView(after.order, after.tenantName, after);
}
