import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { orderItems, orders, paymentEvents, tenants } from '@/db/schema';
import { ORDER_STATUS, type PayChannel } from '@/lib/shared/trade/trade.contract';
import { getEdition } from '@/lib/shared/vip/editions';
import { faultPoint, getDb, type Database, partLogger } from '@/lib/server/platform';
import { NOTIFY_KINDS, notify } from '@/lib/server/identity';
import { NOTIFY_TARGETS } from '@/lib/shared/notify/notify-links';
import { nextEditionTerm, type EditionState } from './edition-term';
import { addCredits } from '../outreach-credit/outreach-credit.service';
import type { RejectReason, VerifiedPayment } from './payment/payment.adapter';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type ConfirmOutcome =
  | 'applied'
  | 'duplicate'
  | 'not_pending'
  | 'amount_mismatch'
  | 'unknown_order'
  | 'channel_mismatch'
  | 'not_paid';

export type PaymentEventOutcome = ConfirmOutcome | RejectReason;

export type ApplyResult = {
  before: { edition: number; expireTime: number | null };
  after: { edition: number; expireTime: number | null };
  credits: number;
};

const chinaDate = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const formatChinaDate = (d: Date) => chinaDate.format(d).replace(/\//g, '-');

/** Every confirmation is logged, accepted or not (payment_events). */
export async function logPaymentEvent(
  e: {
    channel: PayChannel;
    outcome: PaymentEventOutcome;
    orderId?: number | null;
    orderNo?: string | null;
    eventId?: string | null;
    amountFen?: number | null;
    detail?: Record<string, unknown>;
    ip?: string | null;
  },
  db: Database | Tx = getDb(),
): Promise<void> {
  if (e.outcome !== 'applied' && e.outcome !== 'duplicate')
    partLogger('trade').warn(
      `${e.channel} confirmation refused (${e.outcome}) order=${e.orderNo ?? '-'} ip=${e.ip ?? '-'}`,
    );
  await db.insert(paymentEvents).values({
    channel: e.channel,
    outcome: e.outcome,
    orderId: e.orderId ?? null,
    orderNo: e.orderNo?.slice(0, 64) ?? null,
    eventId: e.eventId?.slice(0, 128) || null,
    amountFen: e.amountFen !== undefined && Number.isSafeInteger(e.amountFen) ? e.amountFen : null,
    detail: e.detail ?? null,
    ip: e.ip ?? null,
  });
}

/**
 * Applies a verified payment to its order exactly once. The order row's pending → paid update is
 * the key: in one transaction with the tenant's edition, expiry and credits, the message to the
 * buyer and the event log. A second confirmation, concurrent or late, finds the order no longer
 * pending (PostgreSQL re-checks the WHERE after waiting for the first) and changes nothing. The QR
 * expiring does not stop a payment made in time from being applied.
 */
export async function confirmPayment(
  channel: PayChannel,
  payment: VerifiedPayment,
  meta: { ip?: string | null; source?: 'notify' | 'query' | 'demo' } = {},
): Promise<ConfirmOutcome> {
  const base = {
    channel,
    orderNo: payment.orderNo,
    eventId: payment.eventId,
    amountFen: payment.amountFen,
    ip: meta.ip ?? null,
  };
  const detail = { source: meta.source ?? 'notify', providerTradeNo: payment.providerTradeNo };
  const [order] = await getDb()
    .select()
    .from(orders)
    .where(eq(orders.orderNo, payment.orderNo))
    .limit(1);
  const refuse = async (outcome: ConfirmOutcome, extra: Record<string, unknown> = {}) => {
    await logPaymentEvent({
      ...base,
      orderId: order?.id ?? null,
      outcome,
      detail: { ...detail, ...extra },
    });
    return outcome;
  };
  if (!order) return refuse('unknown_order');
  if (order.channel !== channel) return refuse('channel_mismatch', { orderChannel: order.channel });
  if (!payment.paid) return refuse('not_paid');
  if (payment.amountFen !== order.amountFen)
    return refuse('amount_mismatch', { expectedFen: order.amountFen });

  const applied = await getDb().transaction(async (tx) => {
    const now = new Date();
    const [won] = await tx
      .update(orders)
      .set({
        status: ORDER_STATUS.paid,
        paidAt: payment.paidAt && !Number.isNaN(payment.paidAt.getTime()) ? payment.paidAt : now,
        providerTradeNo: payment.providerTradeNo || null,
        appliedAt: now,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, ORDER_STATUS.pending)))
      .returning();
    if (!won) return null;
    const result = await applyItems(tx, won.tenantId, won.id, won.orderNo, now);
    await tx.update(orders).set({ applyResult: result }).where(eq(orders.id, won.id));
    faultPoint('payment.applying');
    await logPaymentEvent({ ...base, orderId: won.id, outcome: 'applied', detail }, tx);
    const editionName = getEdition(result.after.edition).name;
    const until = result.after.expireTime ? formatChinaDate(new Date(result.after.expireTime)) : '';
    await notify(
      {
        kind: NOTIFY_KINDS.paymentSucceeded,
        tenantId: won.tenantId,
        userIds: [won.userId],
        tenantAdminsOf: won.tenantId,
        title: '支付成功',
        link: NOTIFY_TARGETS.orders,
        content:
          result.after.edition > 0
            ? `订单 ${won.orderNo}（${won.subject}）已支付成功，当前版本：${editionName}，有效期至 ${until}。`
            : `订单 ${won.orderNo}（${won.subject}）已支付成功。`,
      },
      { tx },
    );
    return result;
  });
  faultPoint('payment.settled');
  if (applied) return 'applied';
  const [now] = await getDb()
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, order.id));
  return refuse(now?.status === ORDER_STATUS.paid ? 'duplicate' : 'not_pending');
}

/** Applies an order's items to its tenant (locked for the rest of the transaction). */
async function applyItems(
  tx: Tx,
  tenantId: number,
  orderId: number,
  orderNo: string,
  now: Date,
): Promise<ApplyResult> {
  const [tenant] = await tx
    .select({ edition: tenants.edition, expiresAt: tenants.editionExpiresAt })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .for('update');
  if (!tenant) throw new Error(`tenant ${tenantId} of order ${orderNo} not found`);
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  let state: EditionState = { edition: tenant.edition, expiresAt: tenant.expiresAt };
  let credits = 0;
  for (const item of items) {
    if (item.kind === 'edition' && item.edition !== null && item.durationDays !== null) {
      for (let i = 0; i < item.quantity; i++)
        state = nextEditionTerm(
          state,
          { edition: item.edition, durationDays: item.durationDays },
          now,
        );
    } else if (item.kind === 'credit_pack' && item.creditAmount !== null) {
      // Credit packs fill the add-contact balance (ADR 0199), once per order and item.
      const amount = item.creditAmount * item.quantity;
      await addCredits(tx, tenantId, amount, 'purchase', `${orderNo}:${item.id}`);
      credits += amount;
    } else {
      throw new Error(`order ${orderNo}: item kind ${item.kind} cannot be applied`);
    }
  }
  const changed =
    state.edition !== tenant.edition || state.expiresAt?.getTime() !== tenant.expiresAt?.getTime();
  if (changed)
    await tx
      .update(tenants)
      .set({ edition: state.edition, editionExpiresAt: state.expiresAt, updatedAt: sql`now()` })
      .where(eq(tenants.id, tenantId));
  return {
    before: { edition: tenant.edition, expireTime: tenant.expiresAt?.getTime() ?? null },
    after: { edition: state.edition, expireTime: state.expiresAt?.getTime() ?? null },
    credits,
  };
}
