import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clues } from './enterprise';

/**
 * A follow-up (跟进记录) of a lead: who, how (channel), what was said, and when to follow up next.
 * Creating one moves the lead's last/next follow-up times and count (ADR 0100).
 */
export const clueFollowUps = pgTable(
  'clue_follow_ups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    clueId: bigint('clue_id', { mode: 'number' })
      .notNull()
      .references(() => clues.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** A code of the tenant's 跟进方式 group (ADR 0183). */
    channel: text('channel').notNull(),
    content: text('content').notNull(),
    nextFollowAt: timestamp('next_follow_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clue_follow_ups_clue_idx').on(t.clueId, t.createdAt),
    // 我的工作台 (migration 0034): the team strip's week per tenant (INCLUDE user_id in the
    // migration) and the first-run checklist's "has written a follow-up".
    index('clue_follow_ups_tenant_time_idx').on(t.tenantId, t.createdAt),
    index('clue_follow_ups_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Live leads per (tenant, follow user, status), maintained by statement triggers on `clues`
 * (migration 0020): get-clue-num sums these rows under the caller's data scope.
 */
export const clueOwnerCounts = pgTable(
  'clue_owner_counts',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).notNull(),
    status: smallint('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'clue_owner_counts_pk', columns: [t.tenantId, t.ownerUserId, t.status] }),
  ],
);

/**
 * Follow-ups (of leads and customers together) per (tenant, China day, writer), maintained by
 * statement triggers on clue_follow_ups and customer_follow_ups (migration 0033): the data board's
 * follow-up trend and per-member counts sum these rows (ADR 0183).
 */
export const followUpDayCounts = pgTable(
  'follow_up_day_counts',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'follow_up_day_counts_pk', columns: [t.tenantId, t.day, t.userId] })],
);
