import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clues } from './enterprise';

const ref = (name: string) => bigint(name, { mode: 'number' });
const tz = (name: string) => timestamp(name, { withTimezone: true });

/** A contact person of a customer, as stored in `customers.contacts`. */
export type CustomerContactRow = {
  name: string;
  mobile: string | null;
  phone: string | null;
  email: string | null;
  position: string | null;
};

/**
 * A customer (客户) of a tenant (issue 15, ADR 0110): at most one live customer per linked company;
 * scoped by its owner (负责人) as leads are by their follow user; soft delete and restore.
 */
export const customers = pgTable(
  'customers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: ref('tenant_id').notNull(),
    enterpriseId: ref('enterprise_id'),
    name: text('name').notNull(),
    creditCode: text('credit_code'),
    /** A code of the tenant's 客户级别 group (defaults A / B / C, ADR 0183). */
    level: text('level').notNull().default('B'),
    /** A code of the tenant's 线索来源 group, or 线索转化 (ADR 0183). */
    source: text('source').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contacts: jsonb('contacts')
      .$type<CustomerContactRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    address: text('address'),
    remark: text('remark'),
    /** 负责人 */
    ownerUserId: ref('owner_user_id').notNull(),
    creatorUserId: ref('creator_user_id').notNull(),
    /** The lead it was converted from; one customer per lead (convert is idempotent). */
    fromClueId: ref('from_clue_id').references(() => clues.id, { onDelete: 'set null' }),
    nextFollowAt: tz('next_follow_at'),
    lastFollowAt: tz('last_follow_at'),
    followCount: integer('follow_count').notNull().default(0),
    searchDoc: text('search_doc').generatedAlwaysAs(
      sql`public.lr_search_norm(coalesce(name, '')) || '|' || public.lr_search_norm(coalesce(credit_code, '')) || '|' || public.lr_search_norm(jsonb_path_query_array(contacts, '$[*].name')::text) || '|' || public.lr_search_norm(jsonb_path_query_array(contacts, '$[*].mobile')::text)`,
    ),
    deletedAt: tz('deleted_at'),
    deletedByUserId: ref('deleted_by_user_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_tenant_enterprise_uq')
      .on(t.tenantId, t.enterpriseId)
      .where(sql`deleted_at is null`),
    uniqueIndex('customers_tenant_clue_uq')
      .on(t.tenantId, t.fromClueId)
      .where(sql`from_clue_id is not null`),
    index('customers_tenant_created_idx')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    index('customers_tenant_owner_idx')
      .on(t.tenantId, t.ownerUserId, t.createdAt)
      .where(sql`deleted_at is null`),
    index('customers_tenant_updated_idx')
      .on(t.tenantId, t.updatedAt, t.id)
      .where(sql`deleted_at is null`),
    index('customers_tenant_name_idx')
      .on(t.tenantId, t.name, t.id)
      .where(sql`deleted_at is null`),
    index('customers_tags_idx')
      .using('gin', t.tags)
      .where(sql`deleted_at is null`),
    index('customers_tenant_deleted_idx')
      .on(t.tenantId, t.deletedAt)
      .where(sql`deleted_at is not null`),
    check('customers_tags_ck', sql`cardinality(${t.tags}) <= 10`),
  ],
);

/**
 * A follow-up of a customer. A customer converted from a lead also shows the lead's follow-ups
 * (clue_follow_ups of from_clue_id); the list merges both (ADR 0110).
 */
export const customerFollowUps = pgTable(
  'customer_follow_ups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: ref('tenant_id').notNull(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull(),
    channel: text('channel').notNull(),
    content: text('content').notNull(),
    nextFollowAt: tz('next_follow_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('customer_follow_ups_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * The sales pipeline of a tenant: open stages in `sort` order, then the two terminal stages 赢单 /
 * 输单 (type won / lost, one each). Created lazily with the default pipeline on first use.
 */
export const opportunityStages = pgTable(
  'opportunity_stages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: ref('tenant_id').notNull(),
    name: text('name').notNull(),
    /** open / won / lost */
    type: text('type').notNull(),
    probability: smallint('probability').notNull(),
    sort: integer('sort').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('opportunity_stages_tenant_name_uq').on(t.tenantId, t.name),
    uniqueIndex('opportunity_stages_tenant_terminal_uq')
      .on(t.tenantId, t.type)
      .where(sql`type <> 'open'`),
    index('opportunity_stages_tenant_sort_idx').on(t.tenantId, t.sort),
    check('opportunity_stages_type_ck', sql`${t.type} in ('open', 'won', 'lost')`),
    check('opportunity_stages_probability_ck', sql`${t.probability} between 0 and 100`),
  ],
);

/** An opportunity (商机) of a customer: amount in fen, a stage, open / won / lost; scoped by owner. */
export const opportunities = pgTable(
  'opportunities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: ref('tenant_id').notNull(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    name: text('name').notNull(),
    /** fen (分) */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    stageId: ref('stage_id')
      .notNull()
      .references(() => opportunityStages.id),
    /** open / won / lost: the type of its stage. */
    status: text('status').notNull().default('open'),
    probability: smallint('probability').notNull(),
    expectedCloseDate: date('expected_close_date', { mode: 'string' }),
    lostReason: text('lost_reason'),
    remark: text('remark'),
    ownerUserId: ref('owner_user_id').notNull(),
    creatorUserId: ref('creator_user_id').notNull(),
    closedAt: tz('closed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The pipeline: the newest cards of each stage, and per stage count and amount (the migration
    // adds INCLUDE (amount, owner_user_id) so sums under a data scope stay index-only).
    index('opportunities_tenant_stage_idx').on(
      t.tenantId,
      t.stageId,
      t.updatedAt.desc(),
      t.id.desc(),
    ),
    index('opportunities_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('opportunities_customer_idx').on(t.customerId),
    index('opportunities_tenant_owner_idx').on(t.tenantId, t.ownerUserId),
    check('opportunities_status_ck', sql`${t.status} in ('open', 'won', 'lost')`),
    check('opportunities_amount_ck', sql`${t.amount} >= 0`),
    check('opportunities_probability_ck', sql`${t.probability} between 0 and 100`),
    check(
      'opportunities_lost_reason_ck',
      sql`${t.status} <> 'lost' or ${t.lostReason} is not null`,
    ),
  ],
);
