import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './platform';
import { aiMessages, aiTasks } from './ai';
import { backgroundJobs } from './jobs';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Add-contact tasks (加微任务, issue 33, docs/adr/0199-outreach-tasks.md). Migration 0044.
 * The balance is a ledger of its own, not the unlock quota: one account row per tenant (locked
 * while it changes) and an entry per change, unique by (reason, ref) so a purchase, a task's
 * reservation or its release applies once however often it is tried.
 */
export const outreachCreditAccounts = pgTable(
  'outreach_credit_accounts',
  {
    tenantId: bigint('tenant_id', { mode: 'number' })
      .primaryKey()
      .references(() => tenants.id),
    balance: integer('balance').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('outreach_credit_accounts_balance_ck', sql`${t.balance} >= 0`)],
);

export const outreachCreditEntries = pgTable(
  'outreach_credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' })
      .notNull()
      .references(() => tenants.id),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** purchase (an order), reserve (a task's contacts), release (unused at its end), grant. */
    reason: text('reason').notNull(),
    /** The order number or `task:<id>`: with reason, the key that makes a change happen once. */
    ref: text('ref').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outreach_credit_entries_once_uq').on(t.reason, t.ref),
    index('outreach_credit_entries_tenant_idx').on(t.tenantId, t.id),
  ],
);

/** A task: its settings, greeting (stored with it), counters and where it stands. */
export const outreachTasks = pgTable(
  'outreach_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' })
      .notNull()
      .references(() => tenants.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    aiTaskId: bigint('ai_task_id', { mode: 'number' })
      .notNull()
      .references(() => aiTasks.id),
    /** The assistant message (subType 1) that shows the task card in the thread. */
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => aiMessages.id),
    jobId: bigint('job_id', { mode: 'number' }).references(() => backgroundJobs.id),
    /** The client's key for this creation: a repeated request answers the same task. */
    requestId: text('request_id').notNull(),
    title: text('title').notNull(),
    greeting: text('greeting').notNull(),
    /** Spec 4.5: 0 not started, 1 in progress (paid), 2 ended. */
    status: smallint('status').notNull().default(1),
    /** finished | stopped | expired | failed */
    endReason: text('end_reason'),
    windowStartHour: smallint('window_start_hour').notNull().default(9),
    windowEndHour: smallint('window_end_hour').notNull().default(21),
    dailyCap: integer('daily_cap').notNull(),
    endTime: ts('end_time').notNull(),
    remind: boolean('remind').notNull().default(true),
    companyCount: integer('company_count').notNull(),
    total: integer('total').notNull(),
    reserved: integer('reserved').notNull(),
    released: integer('released').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** Daily cap reached or outside the sending hours: the task goes on from this time. */
    resumeAfter: ts('resume_after'),
    stopRequestedAt: ts('stop_requested_at'),
    endedAt: ts('ended_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outreach_tasks_request_uq').on(t.tenantId, t.userId, t.requestId),
    uniqueIndex('outreach_tasks_message_uq').on(t.messageId),
    index('outreach_tasks_tenant_idx').on(t.tenantId, t.status, t.id),
    check('outreach_tasks_status_ck', sql`${t.status} in (0, 1, 2)`),
  ],
);

/** One contact of a task and what came of it (OUTREACH_CONTACT_STATE). */
export const outreachContacts = pgTable(
  'outreach_contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => outreachTasks.id, { onDelete: 'cascade' }),
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    enterpriseId: bigint('enterprise_id', { mode: 'number' }).notNull(),
    entName: text('ent_name').notNull(),
    mobile: text('mobile'),
    personName: text('person_name'),
    state: smallint('state').notNull().default(0),
    reason: text('reason'),
    providerRef: text('provider_ref'),
    sentAt: ts('sent_at'),
    answeredAt: ts('answered_at'),
    followUpId: bigint('follow_up_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('outreach_contacts_task_seq_uq').on(t.taskId, t.seq),
    index('outreach_contacts_task_state_idx').on(t.taskId, t.state),
  ],
);

/** Mobiles a tenant's tasks have reached: the claim that keeps a number from being asked twice. */
export const outreachReached = pgTable(
  'outreach_reached',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    mobile: text('mobile').notNull(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.mobile] })],
);

/** Numbers that asked not to be contacted: no task of the tenant contacts them again. */
export const outreachOptOuts = pgTable(
  'outreach_opt_outs',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    mobile: text('mobile').notNull(),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.mobile] })],
);

/**
 * The demo provider's side of the wire: the requests it received, keyed by the caller's
 * idempotency key (attempts counts repeats it absorbed), and the answer it will give.
 */
export const outreachDemoRequests = pgTable('outreach_demo_requests', {
  ref: text('ref').primaryKey(),
  mobile: text('mobile').notNull(),
  greeting: text('greeting').notNull(),
  attempts: integer('attempts').notNull().default(1),
  answer: text('answer').notNull(),
  answerAt: ts('answer_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
