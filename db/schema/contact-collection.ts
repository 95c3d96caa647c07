import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { backgroundJobs } from './jobs';

/**
 * Contact collection (挖一挖, issue 15). What a ContactSource found is stored with the company's
 * other contacts (enterprise_contacts, masked per tenant until unlocked); these tables only record
 * when a company was last asked about and what each lead of a batch job came to.
 */
export const contactCollections = pgTable('contact_collections', {
  enterpriseId: bigint('enterprise_id', { mode: 'number' }).primaryKey(),
  collectedAt: timestamp('collected_at', { withTimezone: true }).notNull().defaultNow(),
  /** Contacts the source returned on the last collection. */
  foundCount: integer('found_count').notNull().default(0),
  /** Of those, how many were not known before. */
  newCount: integer('new_count').notNull().default(0),
});

/**
 * One lead of a batch collection job (批量导出), written in the job step that collected it, so a
 * resumed job neither repeats nor loses a lead; the job's 导出.xlsx is built from these rows.
 */
export const wywBatchItems = pgTable(
  'wyw_batch_items',
  {
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => backgroundJobs.id, { onDelete: 'cascade' }),
    clueId: bigint('clue_id', { mode: 'number' }).notNull(),
    /** Position of the lead in the selection (the file keeps the selection's order). */
    seq: integer('seq').notNull(),
    enterpriseId: bigint('enterprise_id', { mode: 'number' }),
    /** 1 collected, 2 lead gone (deleted or out of scope), 3 no company matched, 4 source failed */
    outcome: smallint('outcome').notNull(),
    foundCount: integer('found_count').notNull().default(0),
    newCount: integer('new_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.clueId] }),
    index('wyw_batch_items_job_seq_idx').on(t.jobId, t.seq),
  ],
);
