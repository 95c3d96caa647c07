import { bigint, bigserial, index, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { clues } from './enterprise';

const ref = (name: string) => bigint(name, { mode: 'number' });
const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One lead merged into another by 数据中心 (ADR 0184). The merged lead is in the recycle bin; the
 * row keeps what the merge moved (follow-ups) and filled in (contact fields of the kept lead), so
 * restoring the merged lead undoes it (trigger `clues_unmerge_on_restore`, migration 0037).
 */
export const clueMerges = pgTable(
  'clue_merges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: ref('tenant_id').notNull(),
    /** The lead merged away (soft-deleted by the merge). */
    clueId: ref('clue_id')
      .notNull()
      .references(() => clues.id, { onDelete: 'cascade' }),
    keptClueId: ref('kept_clue_id')
      .notNull()
      .references(() => clues.id, { onDelete: 'cascade' }),
    followUpIds: bigint('follow_up_ids', { mode: 'number' }).array().notNull().default([]),
    /** Contact columns of the kept lead the merge filled in: column name → value written. */
    filled: jsonb('filled').$type<Record<string, string>>().notNull().default({}),
    /** The kept lead's follow-up times before the merge, and the next time the merge set. */
    keptLastFollowAt: tz('kept_last_follow_at'),
    keptNextFollowAt: tz('kept_next_follow_at'),
    setNextFollowAt: tz('set_next_follow_at'),
    userId: ref('user_id').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('clue_merges_clue_idx').on(t.clueId),
    index('clue_merges_kept_idx').on(t.keptClueId),
    index('clue_merges_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);
