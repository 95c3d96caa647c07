import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './platform';

const id = () => bigserial('id', { mode: 'number' }).primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * What can be bought (spec 7.2 /product/vip/get-list). Generic by kind: 'edition' rows sell an
 * edition (0-4, privileges in tenant_packages) for duration_days; a later kind ('credit_pack')
 * sells credit_amount add-contact credits. Edition rows are written from lib/shared/vip/editions.ts
 * (lib/server/commerce/trade/catalogue.service.ts), the one place their numbers are defined.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    kind: text('kind').notNull(),
    /** Stable key, e.g. edition-2-365d. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    edition: smallint('edition'),
    durationDays: integer('duration_days'),
    creditAmount: integer('credit_amount'),
    /** Price in fen (1/100 yuan). */
    priceFen: integer('price_fen').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('products_code_uq').on(t.code),
    check('products_price_ck', sql`${t.priceFen} >= 0`),
    check('products_kind_ck', sql`${t.kind} in ('edition', 'credit_pack')`),
  ],
);

/**
 * A purchase by a tenant (spec 7.2 /trade/vip-order-user/*). status: 0 pending, 10 paid,
 * 20 closed, 30 refunded (marked by the platform operator with a reason; no money moves here). The QR (qrcode_key, qr_content) expires at expires_at; a payment that arrives later
 * is still applied. applied_at is set in the same transaction that pays the order and applies its
 * items, so an order is applied at most once.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Our trade number, out_trade_no at the payment provider. */
    orderNo: text('order_no').notNull(),
    qrcodeKey: text('qrcode_key').notNull(),
    tenantId: bigint('tenant_id', { mode: 'number' })
      .notNull()
      .references(() => tenants.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: smallint('status').notNull().default(0),
    /** demo | wechat | alipay */
    channel: text('channel').notNull(),
    subject: text('subject').notNull(),
    amountFen: integer('amount_fen').notNull(),
    qrContent: text('qr_content'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    providerTradeNo: text('provider_trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** What applying changed (edition and expiry before/after), for the success page and audits. */
    applyResult: jsonb('apply_result'),
    refundReason: text('refund_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: bigint('refunded_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    uniqueIndex('orders_qrcode_key_uq').on(t.qrcodeKey),
    index('orders_tenant_idx').on(t.tenantId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    check('orders_amount_ck', sql`${t.amountFen} >= 0`),
    check('orders_status_ck', sql`${t.status} in (0, 10, 20, 30)`),
  ],
);

/** The lines of an order: what it buys, priced when ordered (later price changes do not apply). */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    edition: smallint('edition'),
    durationDays: integer('duration_days'),
    creditAmount: integer('credit_amount'),
    quantity: integer('quantity').notNull().default(1),
    unitPriceFen: integer('unit_price_fen').notNull(),
    amountFen: integer('amount_fen').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/**
 * Every payment confirmation that reached us, accepted or not: outcome applied | duplicate |
 * forged | replayed | amount_mismatch | unknown_order | not_paid | invalid.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    channel: text('channel').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    orderNo: text('order_no'),
    /** The provider's notification or trade id, when the message could be read. */
    eventId: text('event_id'),
    outcome: text('outcome').notNull(),
    amountFen: integer('amount_fen'),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_events_order_idx').on(t.orderId),
    index('payment_events_created_idx').on(t.createdAt),
  ],
);

/**
 * Producer keys of notifications that must be sent once (edition expiring for one expiry date,
 * quota running low once per crossing): the insert that wins sends.
 */
export const notificationKeys = pgTable('notification_keys', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});
