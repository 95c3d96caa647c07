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
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The AI assistant (issue 16, docs/adr/0130-ai-assistant.md): a member's tasks (conversations)
 * and their messages. Each member sees only their own tasks in their tenant; everything is
 * queried by tenant + user. Migration 0025.
 */
export const aiTasks = pgTable(
  'ai_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    /** 0 new, 1 in progress, 2 ended (AI_TASK_STATUS). */
    status: integer('status').notNull().default(0),
    /** Kind of task: 2 search (1/6 add-contact tasks are a later issue). */
    subType: integer('sub_type').notNull().default(2),
    /** The newest message's text (task list), kept with the count on every write. */
    lastMessage: text('last_message').notNull().default(''),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_tasks_owner_idx')
      .on(t.tenantId, t.userId, t.updatedAt)
      .where(sql`${t.deletedAt} is null`),
    check('ai_tasks_status_ck', sql`${t.status} between 0 and 2`),
    check('ai_tasks_name_ck', sql`char_length(${t.name}) between 1 and 30`),
  ],
);

export const aiMessages = pgTable(
  'ai_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => aiTasks.id, { onDelete: 'cascade' }),
    /** Copied from the task so every read filters by owner without a join. */
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** 0 user, 1 assistant. */
    type: integer('type').notNull(),
    /** 0 request, 2 search reply, 3 edited search reply, 4 guidance, 5 other (AI_SUB_TYPE). */
    subType: integer('sub_type').notNull(),
    /** 5 placeholder, 3 replied, 4 sent, 7 failed (AI_MESSAGE_STATUS). */
    status: integer('status').notNull(),
    content: text('content').notNull().default(''),
    /** The get-reply-content answer a user message was sent with. */
    replyContent: text('reply_content'),
    /** Search replies: the request they answer. */
    query: text('query'),
    /** Customer title of a search reply (edit customer title). */
    title: text('title'),
    /** The advanced-search condition that was run (AdvancedSearchCondition). */
    condition: jsonb('condition'),
    /** The chips shown for it (ConditionChip[]). */
    chips: jsonb('chips'),
    keyword: text('keyword'),
    notes: jsonb('notes').$type<string[]>(),
    suggestions: jsonb('suggestions').$type<string[]>(),
    total: integer('total'),
    totalCapped: boolean('total_capped'),
    /** parser | model | edited */
    source: text('source'),
    /** Why the configured model was not used (timeout, invalid output, down). */
    fallbackReason: text('fallback_reason'),
    /** Model name when the model understood the request or wrote the reply. */
    model: text('model'),
    editOfMessageId: bigint('edit_of_message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_messages_task_idx')
      .on(t.taskId, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('ai_messages_owner_idx').on(t.tenantId, t.userId, t.id),
    check('ai_messages_type_ck', sql`${t.type} in (0, 1)`),
    check('ai_messages_sub_type_ck', sql`${t.subType} between 0 and 6`),
  ],
);
