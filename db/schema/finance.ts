import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/*
 * 投融资 (issue 32, ADR 0193, migration 0042): financing events across companies, materialised
 * from enterprise_financing and the company data; institutions named by the events, with stable
 * ids; the institution-event links behind portfolios and co-investors. The services read these
 * tables with SQL (lib/server/content/finance); the definitions here document the columns.
 */

export const financeEvents = pgTable(
  'finance_events',
  {
    /** The enterprise_financing row this event is. */
    id: bigint('id', { mode: 'number' }).primaryKey(),
    enterpriseId: bigint('enterprise_id', { mode: 'number' }).notNull(),
    round: text('round').notNull(),
    /** Position of the round in FINANCE_ROUNDS (unknown rounds sort last). */
    roundRank: smallint('round_rank').notNull(),
    financingDate: date('financing_date').notNull(),
    amount: text('amount'),
    /** The amount as an estimate in 万元 (for sorting); null when not disclosed. */
    amountWan: numeric('amount_wan'),
    investors: text('investors').array().notNull().default([]),
    provinceCode: text('province_code'),
    industrySection: text('industry_section'),
  },
  (t) => [
    index('finance_events_date_idx').on(t.financingDate.desc(), t.id.desc()),
    index('finance_events_section_idx').on(t.industrySection, t.financingDate.desc(), t.id.desc()),
    index('finance_events_province_idx').on(t.provinceCode, t.financingDate.desc(), t.id.desc()),
    index('finance_events_round_idx').on(t.round, t.financingDate.desc(), t.id.desc()),
    index('finance_events_amount_idx').on(t.amountWan.desc().nullsLast(), t.id.desc()),
    index('finance_events_enterprise_idx').on(t.enterpriseId),
  ],
);

export const financeInstitutions = pgTable(
  'finance_institutions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    eventCount: integer('event_count').notNull().default(0),
    projectCount: integer('project_count').notNull().default(0),
    firstDate: date('first_date'),
    lastDate: date('last_date'),
    /** {byRound, bySection, byYear: [{key, count}], coInvestors: [{id, name, count}]}. */
    portfolio: jsonb('portfolio'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('finance_institutions_name_uq').on(t.name),
    index('finance_institutions_events_idx').on(t.eventCount.desc(), t.id),
  ],
);

export const financeEventInvestors = pgTable(
  'finance_event_investors',
  {
    institutionId: integer('institution_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    enterpriseId: bigint('enterprise_id', { mode: 'number' }).notNull(),
    financingDate: date('financing_date').notNull(),
    round: text('round').notNull(),
    industrySection: text('industry_section'),
  },
  (t) => [
    primaryKey({ columns: [t.institutionId, t.eventId] }),
    index('finance_event_investors_event_idx').on(t.eventId),
    index('finance_event_investors_date_idx').on(
      t.institutionId,
      t.financingDate.desc(),
      t.eventId.desc(),
    ),
  ],
);

export const financeIndexState = pgTable(
  'finance_index_state',
  {
    id: smallint('id').primaryKey().default(1),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    eventCount: integer('event_count').notNull().default(0),
  },
  (t) => [check('finance_index_state_one_ck', sql`${t.id} = 1`)],
);
