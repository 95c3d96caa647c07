import 'server-only';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { aiMessages, aiTasks } from '@/db/schema';
import type { AiMessage, AiSearchInfo, AiTask } from '@/lib/shared/ai/ai.contract';
import type { AddWeixinTask, CluePoolEnt } from '@/lib/shared/ai/outreach.contract';
import type { AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import {
  AI_MESSAGES as M,
  AI_TASK_NAME_MAX,
  AI_TASK_STATUS,
  AI_TASKS_MAX,
  isAddWeixin,
  isSearchReply,
  type AiSource,
} from '@/lib/shared/ai/ai.constants';
import { apiError, getDb } from '@/lib/server/platform';
import { refinementsFor } from '@/lib/shared/ai/ai-refine';
// A cycle of calls only (no value used at load): listing messages attaches their task cards.
import { outreachByMessage } from './outreach/outreach.service';

/** The member a task belongs to: every read and write is filtered by both. */
export type AiOwner = { tenantId: number; userId: number };

export type TaskRow = typeof aiTasks.$inferSelect;
export type MessageRow = typeof aiMessages.$inferSelect;

export function taskView(t: TaskRow): AiTask {
  return {
    taskId: t.id,
    taskName: t.name,
    status: t.status,
    subType: t.subType,
    lastMessage: t.lastMessage,
    messageCount: t.messageCount,
    createTime: t.createdAt.getTime(),
    updateTime: t.updatedAt.getTime(),
  };
}

/** The add-contact task a message carries, when it does (outreach.service outreachByMessage). */
export type MessageOutreach = { view: AddWeixinTask; ents: CluePoolEnt[] } | undefined;

export function messageView(m: MessageRow, outreach?: MessageOutreach): AiMessage {
  const chips = (m.chips as AiSearchInfo['chips']) ?? [];
  const search: AiSearchInfo | null =
    isSearchReply(m.subType) && m.condition
      ? {
          total: m.total ?? 0,
          totalCapped: m.totalCapped ?? false,
          condition: m.condition as AdvancedSearchCondition,
          chips,
          keyword: m.keyword,
          notes: m.notes ?? [],
          source: (m.source as AiSource) ?? 'parser',
          fallbackReason: m.fallbackReason,
          query: m.query ?? '',
          refinements: refinementsFor({
            total: m.total ?? 0,
            condition: m.condition as AdvancedSearchCondition,
            keyword: m.keyword,
            chips,
          }),
        }
      : null;
  return {
    messageId: m.id,
    taskId: m.taskId,
    type: m.type,
    subType: m.subType,
    status: m.status,
    content: m.content,
    replyContent: m.replyContent,
    title: m.title,
    aiMessage: search,
    // A search reply's follow-ups act on its conditions (refinements); older rows stored them
    // as texts, which sent as new requests lost the conditions.
    suggestions: isSearchReply(m.subType) ? [] : (m.suggestions ?? []),
    editOfMessageId: m.editOfMessageId,
    addWeixinTask: outreach?.view ?? null,
    cluePoolEntList: outreach?.ents ?? [],
    createTime: m.createdAt.getTime(),
  };
}

const ownTask = (owner: AiOwner, taskId: number) =>
  and(
    eq(aiTasks.id, taskId),
    eq(aiTasks.tenantId, owner.tenantId),
    eq(aiTasks.userId, owner.userId),
    isNull(aiTasks.deletedAt),
  );

/** The caller's task; anyone else's (even in the same tenant) or a deleted one is 404. */
export async function getOwnTask(owner: AiOwner, taskId: number): Promise<TaskRow> {
  const [row] = await getDb().select().from(aiTasks).where(ownTask(owner, taskId)).limit(1);
  if (!row) throw apiError('NOT_FOUND');
  return row;
}

/** The caller's message (of a live task; in `taskId` when given); otherwise 404. */
export async function getOwnMessage(
  owner: AiOwner,
  messageId: number,
  taskId?: number,
): Promise<MessageRow> {
  const [row] = await getDb()
    .select({ m: aiMessages })
    .from(aiMessages)
    .innerJoin(aiTasks, eq(aiTasks.id, aiMessages.taskId))
    .where(
      and(
        eq(aiMessages.id, messageId),
        eq(aiMessages.tenantId, owner.tenantId),
        eq(aiMessages.userId, owner.userId),
        isNull(aiMessages.deletedAt),
        isNull(aiTasks.deletedAt),
        taskId === undefined ? undefined : eq(aiMessages.taskId, taskId),
      ),
    )
    .limit(1);
  if (!row) throw apiError('NOT_FOUND');
  return row.m;
}

/** A search reply of the caller (message-ent-page, exports, to-crm); other messages are refused. */
export async function getOwnSearchReply(
  owner: AiOwner,
  messageId: number,
  taskId?: number,
): Promise<MessageRow & { condition: AdvancedSearchCondition }> {
  const m = await getOwnMessage(owner, messageId, taskId);
  if (!isSearchReply(m.subType) || !m.condition) throw apiError('AI_NOT_SEARCH_REPLY');
  return m as MessageRow & { condition: AdvancedSearchCondition };
}

export async function createTask(owner: AiOwner, name?: string): Promise<AiTask> {
  const db = getDb();
  const [{ n }] = await db
    .select({ n: count() })
    .from(aiTasks)
    .where(
      and(
        eq(aiTasks.tenantId, owner.tenantId),
        eq(aiTasks.userId, owner.userId),
        isNull(aiTasks.deletedAt),
      ),
    );
  if (n >= AI_TASKS_MAX) throw apiError('AI_TASK_LIMIT', { max: AI_TASKS_MAX });
  const [row] = await db
    .insert(aiTasks)
    .values({
      tenantId: owner.tenantId,
      userId: owner.userId,
      name: name?.trim() || M.defaultTaskName,
      status: AI_TASK_STATUS.new,
    })
    .returning();
  return taskView(row);
}

export async function listTasks(owner: AiOwner): Promise<AiTask[]> {
  const rows = await getDb()
    .select()
    .from(aiTasks)
    .where(
      and(
        eq(aiTasks.tenantId, owner.tenantId),
        eq(aiTasks.userId, owner.userId),
        isNull(aiTasks.deletedAt),
      ),
    )
    .orderBy(desc(aiTasks.updatedAt), desc(aiTasks.id))
    .limit(AI_TASKS_MAX);
  return rows.map(taskView);
}

export async function renameTask(owner: AiOwner, taskId: number, name: string): Promise<AiTask> {
  await getOwnTask(owner, taskId);
  const [row] = await getDb()
    .update(aiTasks)
    .set({ name, updatedAt: sql`now()` })
    .where(ownTask(owner, taskId))
    .returning();
  if (!row) throw apiError('NOT_FOUND');
  return taskView(row);
}

/** Soft delete: the task and its messages disappear for everyone; 404 when not the caller's. */
export async function deleteTask(owner: AiOwner, taskId: number): Promise<true> {
  const db = getDb();
  const done = await db.transaction(async (tx) => {
    const rows = await tx
      .update(aiTasks)
      .set({ deletedAt: sql`now()` })
      .where(ownTask(owner, taskId))
      .returning({ id: aiTasks.id });
    if (rows.length === 0) return false;
    await tx
      .update(aiMessages)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(aiMessages.taskId, taskId), isNull(aiMessages.deletedAt)));
    return true;
  });
  if (!done) throw apiError('NOT_FOUND');
  return true;
}

export async function listMessages(owner: AiOwner, taskId: number): Promise<AiMessage[]> {
  await getOwnTask(owner, taskId);
  const rows = await getDb()
    .select()
    .from(aiMessages)
    .where(
      and(
        eq(aiMessages.taskId, taskId),
        eq(aiMessages.tenantId, owner.tenantId),
        eq(aiMessages.userId, owner.userId),
        isNull(aiMessages.deletedAt),
      ),
    )
    .orderBy(asc(aiMessages.id));
  const outreach = await outreachByMessage(
    rows.filter((m) => isAddWeixin(m.subType)).map((m) => m.id),
  );
  return rows.map((m) => messageView(m, outreach.get(m.id)));
}

/** Recomputes the task's count and newest text after messages changed. */
export async function refreshTaskSummary(taskId: number): Promise<TaskRow | undefined> {
  const [row] = await getDb()
    .update(aiTasks)
    .set({
      messageCount: sql`(select count(*)::int from ai_messages m where m.task_id = ${aiTasks.id} and m.deleted_at is null)`,
      lastMessage: sql`coalesce((select left(coalesce(nullif(m.title, ''), nullif(m.content, ''), m.query, ''), 100) from ai_messages m
        where m.task_id = ${aiTasks.id} and m.deleted_at is null order by m.id desc limit 1), '')`,
      updatedAt: sql`now()`,
    })
    .where(eq(aiTasks.id, taskId))
    .returning();
  return row;
}

export async function deleteMessage(owner: AiOwner, messageId: number): Promise<true> {
  const m = await getOwnMessage(owner, messageId);
  await getDb()
    .update(aiMessages)
    .set({ deletedAt: sql`now()` })
    .where(eq(aiMessages.id, m.id));
  await refreshTaskSummary(m.taskId);
  return true;
}

export async function setMessageTitle(
  owner: AiOwner,
  taskId: number,
  messageId: number,
  title: string,
): Promise<AiMessage> {
  const m = await getOwnSearchReply(owner, messageId, taskId);
  const [row] = await getDb()
    .update(aiMessages)
    .set({ title, updatedAt: sql`now()` })
    .where(eq(aiMessages.id, m.id))
    .returning();
  return messageView(row);
}

/** A task name from the first request: its first line, at most 30 characters. */
export function taskNameFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length === 0) return M.defaultTaskName;
  return chars.length > AI_TASK_NAME_MAX
    ? `${chars.slice(0, AI_TASK_NAME_MAX - 1).join('')}…`
    : line;
}
