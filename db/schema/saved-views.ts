import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Saved views of a list (线索, later 客户 …): a member's named filters, sort, columns and page size
 * for one list (`list_key`), optionally shared with the whole tenant, one of them the member's
 * default. The state is validated per list on the server (lib/shared/saved-view). Migration 0022.
 */
export const savedListViews = pgTable(
  'saved_list_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Which list: 'clue', 'customer', … (SAVED_VIEW_LIST_KEYS). */
    listKey: text('list_key').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').notNull(),
    /** Visible to every member of the tenant (read-only for them). */
    shared: boolean('shared').notNull().default(false),
    /** The owner's default view of this list: applied when the list opens. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_list_views_name_uq').on(t.tenantId, t.userId, t.listKey, t.name),
    uniqueIndex('saved_list_views_default_uq')
      .on(t.tenantId, t.userId, t.listKey)
      .where(sql`${t.isDefault}`),
    index('saved_list_views_shared_idx')
      .on(t.tenantId, t.listKey)
      .where(sql`${t.shared}`),
    check('saved_list_views_name_ck', sql`char_length(${t.name}) between 1 and 20`),
  ],
);
