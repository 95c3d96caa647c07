import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './platform';

/**
 * A user's background job (import, export, batch collection, AI task, report): what the download
 * centre and the progress bars show. pg-boss (schema `pgboss`) only dispatches; this row is the
 * truth. `attempt` fences workers: a step commits only while the row still carries the attempt the
 * worker started, so a worker that lost the job (expired, killed, superseded) can write nothing.
 * `checkpoint` is written in the same transaction as each step's data, which is what makes a
 * resumed job do every piece of work exactly once (ADR 0090).
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }).references(() => tenants.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    /** queued, running, succeeded, failed, cancelled. */
    status: text('status').notNull().default('queued'),
    title: text('title').notNull(),
    params: jsonb('params').notNull().default({}),
    /** The request that enqueued it: the job's log lines carry the same id (issue 37 item 2). */
    requestId: text('request_id'),
    checkpoint: jsonb('checkpoint'),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    message: text('message'),
    /** Summary the job returns (counts, notes), shown with the result. */
    result: jsonb('result'),
    error: text('error'),
    attempt: integer('attempt').notNull().default(0),
    /** The pg-boss job currently meant to run this one; only it may claim the row. */
    dispatchId: text('dispatch_id'),
    /** Result file in the file storage (a key under DATA_DIR/files or S3). */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    fileMime: text('file_mime'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Last step or heartbeat of the worker holding the job. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    /** When the result file is deleted (and the row with it). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('background_jobs_user_idx').on(t.userId, t.createdAt),
    index('background_jobs_tenant_idx').on(t.tenantId, t.createdAt),
    index('background_jobs_live_idx')
      .on(t.status, t.heartbeatAt)
      .where(sql`status in ('queued', 'running')`),
    check(
      'background_jobs_status_ck',
      sql`${t.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`,
    ),
  ],
);

export type BackgroundJobRow = typeof backgroundJobs.$inferSelect;
