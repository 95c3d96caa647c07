import 'server-only';
import { randomBytes, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { orderItems, orders, tenants } from '@/db/schema';
import {
  ORDER_STATUS,
  type DemoPayOrder,
  type OrderQr,
  type OrderView,
  type PayChannel,
  type PaySuccessInfo,
  type QrStatus,
} from '@/lib/shared/trade/trade.contract';
import { getEdition } from '@/lib/shared/vip/editions';
import {
  ApiError,
  apiError,
  type TenantAuthContext,
  getDb,
  partLogger,
} from '@/lib/server/platform';
import { effectiveEdition, getActiveTenant, isTenantAdmin } from '@/lib/server/identity';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { findSellableProduct } from './catalogue.service';
import { confirmPayment, type ApplyResult } from './fulfil.service';
import { paymentAdapter } from './payment/payment.config';
import { PaymentProviderError } from './payment/payment.adapter';

export type OrderRow = typeof orders.$inferSelect;

/** How long a payment QR stays valid. */
export const ORDER_QR_TTL_MS = 15 * 60_000;
/** A pending order of the same plan with at least this much time left is shown again. */
const REUSE_MIN_LEFT_MS = 2 * 60_000;
/** The provider is asked about a pending order at most this often (status polling). */
const PROVIDER_QUERY_INTERVAL_MS = 10_000;

function chinaStamp(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-T:]/g, '');
}

/** LR + yyyyMMddHHmmss (China time) + 6 random digits: unique, ≤ 32 characters for providers. */
export function newOrderNo(now = new Date()): string {
  return `LR${chinaStamp(now)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function qrStatusOf(o: Pick<OrderRow, 'status' | 'expiresAt'>, now = Date.now()): QrStatus {
  if (o.status === ORDER_STATUS.paid) return 'paid';
  if (o.status === ORDER_STATUS.closed) return 'closed';
  if (o.status === ORDER_STATUS.refunded) return 'refunded';
  return o.expiresAt.getTime() <= now ? 'expired' : 'pending';
}

/** Buying for the enterprise is the administrators' (spec 7.2 get-pay-vip-permission). */
function requirePayer(auth: TenantAuthContext): void {
  if (!isTenantAdmin(auth.roles)) throw apiError('FORBIDDEN');
}

const providerUnavailable = () =>
  new ApiError(ERRORS.SERVICE_UNAVAILABLE.code, '支付渠道暂不可用，请稍后重试');

/** get-qrcode-key: a pending order for one plan, and the QR to pay it. */
export async function createOrderQr(
  auth: TenantAuthContext,
  input: { productId: number; payChannel?: PayChannel },
): Promise<OrderQr> {
  requirePayer(auth);
  const product = await findSellableProduct(input.productId);
  if (!product) throw new ApiError(ERRORS.BAD_REQUEST.code, '套餐不存在或已下架');
  if (product.kind === 'edition' && product.edition !== null) {
    const tenant = await getActiveTenant(auth.tenantId);
    const inForce = effectiveEdition(tenant);
    if (inForce > product.edition)
      throw new ApiError(
        ERRORS.BAD_REQUEST.code,
        `当前已是${getEdition(inForce).name}，不能购买较低的版本`,
      );
  }
  const adapter = paymentAdapter(input.payChannel);
  if (!adapter) throw apiError('NOT_IMPLEMENTED');
  const db = getDb();
  const now = new Date();

  // Reopening the cash modal shows the same order instead of creating one per click.
  const [open] = await db
    .select()
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.tenantId, auth.tenantId),
        eq(orders.userId, auth.userId),
        eq(orders.status, ORDER_STATUS.pending),
        eq(orders.channel, adapter.channel),
        eq(orderItems.productId, product.id),
        eq(orders.amountFen, product.priceFen),
        gt(orders.expiresAt, new Date(now.getTime() + REUSE_MIN_LEFT_MS)),
        sql`${orders.qrContent} is not null`,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  if (open) return orderQrView(open.orders);

  const order = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(now),
        qrcodeKey: randomBytes(18).toString('base64url'),
        tenantId: auth.tenantId,
        userId: auth.userId,
        status: ORDER_STATUS.pending,
        channel: adapter.channel,
        subject: `拓客雷达 ${product.name}`,
        amountFen: product.priceFen,
        expiresAt: new Date(now.getTime() + ORDER_QR_TTL_MS),
      })
      .returning();
    await tx.insert(orderItems).values({
      orderId: row.id,
      productId: product.id,
      kind: product.kind,
      name: product.name,
      edition: product.edition,
      durationDays: product.durationDays,
      creditAmount: product.creditAmount,
      quantity: 1,
      unitPriceFen: product.priceFen,
      amountFen: product.priceFen,
    });
    return row;
  });
  let qrContent: string;
  try {
    ({ qrContent } = await adapter.createQr({
      orderNo: order.orderNo,
      qrcodeKey: order.qrcodeKey,
      subject: order.subject,
      amountFen: order.amountFen,
      expiresAt: order.expiresAt,
    }));
  } catch (err) {
    partLogger('trade').error({ err }, `${adapter.channel} createQr failed for ${order.orderNo}`);
    await db
      .update(orders)
      .set({ status: ORDER_STATUS.closed })
      .where(and(eq(orders.id, order.id), eq(orders.status, ORDER_STATUS.pending)));
    throw providerUnavailable();
  }
  const [saved] = await db
    .update(orders)
    .set({ qrContent })
    .where(eq(orders.id, order.id))
    .returning();
  return orderQrView(saved);
}

function orderQrView(o: OrderRow): OrderQr {
  return {
    orderNo: o.orderNo,
    qrcodeKey: o.qrcodeKey,
    qrContent: o.qrContent ?? '',
    channel: o.channel as PayChannel,
    amountFen: o.amountFen,
    expireTime: o.expiresAt.getTime(),
  };
}

/** page: the tenant's orders, newest first (administrators). */
export async function pageOrders(
  auth: TenantAuthContext,
  q: { pageNo: number; pageSize: number; status?: QrStatus },
): Promise<{ list: OrderView[]; total: number }> {
  requirePayer(auth);
  const db = getDb();
  const conditions = [eq(orders.tenantId, auth.tenantId)];
  const now = new Date();
  if (q.status === 'paid') conditions.push(eq(orders.status, ORDER_STATUS.paid));
  if (q.status === 'closed') conditions.push(eq(orders.status, ORDER_STATUS.closed));
  if (q.status === 'refunded') conditions.push(eq(orders.status, ORDER_STATUS.refunded));
  if (q.status === 'pending')
    conditions.push(eq(orders.status, ORDER_STATUS.pending), gt(orders.expiresAt, now));
  if (q.status === 'expired')
    conditions.push(eq(orders.status, ORDER_STATUS.pending), lte(orders.expiresAt, now));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  const items =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((r) => r.id),
            ),
          );
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((o) => ({
      id: o.id,
      orderNo: o.orderNo,
      subject: o.subject,
      status: qrStatusOf(o, now.getTime()),
      channel: o.channel as PayChannel,
      amountFen: o.amountFen,
      createTime: o.createdAt.getTime(),
      expireTime: o.expiresAt.getTime(),
      payTime: o.paidAt?.getTime() ?? null,
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          kind: i.kind,
          name: i.name,
          edition: i.edition,
          durationDays: i.durationDays,
          creditAmount: i.creditAmount,
          quantity: i.quantity,
          unitPriceFen: i.unitPriceFen,
          amountFen: i.amountFen,
        })),
    })),
  };
}

/** The caller's tenant's order with this key; another tenant's key is as unknown as a wrong one. */
async function ownOrder(auth: TenantAuthContext, qrcodeKey: string): Promise<OrderRow> {
  const [o] = await getDb()
    .select()
    .from(orders)
    .where(and(eq(orders.qrcodeKey, qrcodeKey), eq(orders.tenantId, auth.tenantId)))
    .limit(1);
  if (!o) throw apiError('NOT_FOUND');
  return o;
}

const lastQueried = new Map<number, number>();

/**
 * When the provider's notification is late, ask it (at most every 10 s per order); a failing
 * query leaves the order pending — the browser keeps polling.
 */
async function askProvider(o: OrderRow): Promise<OrderRow> {
  if (o.status !== ORDER_STATUS.pending || o.channel === 'demo') return o;
  const adapter = paymentAdapter(o.channel as PayChannel);
  if (!adapter?.queryPayment) return o;
  const now = Date.now();
  if (now - (lastQueried.get(o.id) ?? 0) < PROVIDER_QUERY_INTERVAL_MS) return o;
  lastQueried.set(o.id, now);
  if (lastQueried.size > 10_000) lastQueried.clear();
  try {
    const payment = await adapter.queryPayment(o.orderNo);
    if (payment?.paid && payment.orderNo === o.orderNo)
      await confirmPayment(adapter.channel, payment, { source: 'query' });
  } catch (err) {
    const reason = err instanceof PaymentProviderError ? err.message : String(err);
    partLogger('trade').warn(`status query of ${o.orderNo} failed: ${reason}`);
    return o;
  }
  const [fresh] = await getDb().select().from(orders).where(eq(orders.id, o.id));
  return fresh ?? o;
}

export async function orderQrStatus(auth: TenantAuthContext, qrcodeKey: string) {
  const o = await askProvider(await ownOrder(auth, qrcodeKey));
  return {
    status: qrStatusOf(o),
    orderNo: o.orderNo,
    expireTime: o.expiresAt.getTime(),
    payTime: o.paidAt?.getTime() ?? null,
  };
}

export async function paySuccessInfo(
  auth: TenantAuthContext,
  qrcodeKey: string,
): Promise<PaySuccessInfo> {
  const o = await ownOrder(auth, qrcodeKey);
  if (o.status !== ORDER_STATUS.paid || !o.paidAt)
    throw new ApiError(ERRORS.BAD_REQUEST.code, '订单尚未支付');
  const applied = o.applyResult as ApplyResult | null;
  const edition = applied?.after.edition ?? 0;
  return {
    orderNo: o.orderNo,
    subject: o.subject,
    amountFen: o.amountFen,
    payTime: o.paidAt.getTime(),
    channel: o.channel as PayChannel,
    edition,
    editionName: getEdition(edition).name,
    expireTime: applied?.after.expireTime ?? null,
    monthlyUnlockQuota: getEdition(edition).monthlyUnlockQuota,
  };
}

// ---- Demo payment page (/payDemo?key=…) ----

async function demoOrder(qrcodeKey: string): Promise<OrderRow> {
  if (!paymentAdapter('demo')) throw apiError('NOT_IMPLEMENTED');
  const [o] = await getDb()
    .select()
    .from(orders)
    .where(and(eq(orders.qrcodeKey, qrcodeKey), eq(orders.channel, 'demo')))
    .limit(1);
  if (!o) throw apiError('NOT_FOUND');
  return o;
}

export async function demoPayOrder(qrcodeKey: string): Promise<DemoPayOrder> {
  const o = await demoOrder(qrcodeKey);
  const [t] = await getDb()
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, o.tenantId));
  return {
    orderNo: o.orderNo,
    subject: o.subject,
    amountFen: o.amountFen,
    tenantName: t?.name ?? '',
    status: qrStatusOf(o),
    expireTime: o.expiresAt.getTime(),
  };
}

/**
 * The demo page's 确认支付: pays the order through the once-only path, as a provider would. Like
 * a real QR, an expired one can no longer be paid (a real late notification still applies).
 */
export async function confirmDemoPayment(qrcodeKey: string, ip: string | null): Promise<QrStatus> {
  const o = await demoOrder(qrcodeKey);
  if (qrStatusOf(o) === 'pending')
    await confirmPayment(
      'demo',
      {
        orderNo: o.orderNo,
        providerTradeNo: `DEMO${o.orderNo.slice(2)}`,
        amountFen: o.amountFen,
        paid: true,
        eventId: `demo:${o.orderNo}`,
        paidAt: new Date(),
      },
      { ip, source: 'demo' },
    );
  const [fresh] = await getDb().select().from(orders).where(eq(orders.id, o.id));
  return qrStatusOf(fresh ?? o);
}
