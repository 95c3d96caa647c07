import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { aiMessages, aiTasks } from '@/db/schema';
import {
  AI_ENT_PAGE_SIZE,
  AI_MESSAGE_STATUS,
  AI_MESSAGE_TYPE,
  AI_MESSAGES as M,
  AI_MESSAGES_PER_TASK_MAX,
  AI_SUB_TYPE,
  AI_TASK_STATUS,
} from '@/lib/shared/ai/ai.constants';
import type {
  AiEntPage,
  ConditionChipView,
  SendMessageBody,
  SendMessageResult,
} from '@/lib/shared/ai/ai.contract';
import {
  type TenantAuthContext,
  type ClientInfo,
  apiError,
  getDb,
  partLogger,
} from '@/lib/server/platform';
import { limitSearch, maxResultsFor } from '@/lib/server/search';
import {
  getOwnSearchReply,
  getOwnTask,
  messageView,
  refreshTaskSummary,
  taskNameFrom,
  taskView,
  type AiOwner,
  type MessageRow,
} from './ai-store';
import { hasSearchable, runSearch, sanitizeCondition } from './ai-search';
import { chipsOf, understandForSend, usableKeyword, type Resolved } from './ai-understanding';
import {
  CUT_NOTE,
  guidanceSuggestions,
  guidanceText,
  normaliseQuery,
  searchReplyText,
} from './ai-reply';
import { appendText, endStream, openStream, setStreamStatus } from './ai-stream';
import { llmSettings, streamReplyWithModel, LlmFailure } from './llm';

/**
 * send-message (spec 4.5): the user message, then the assistant reply as a placeholder (5), its
 * conditions, count and first page (3 replied), its text (4 sent). With a model the text streams
 * in the background after the answer; without one it is written at once.
 */

const ownerOf = (auth: TenantAuthContext): AiOwner => ({
  tenantId: auth.tenantId,
  userId: auth.userId,
});

/** Replies whose text the model is still writing in this process (tests await them). */
const pending = new Set<Promise<void>>();
export function pendingReplies(): Promise<void> {
  return Promise.all([...pending]).then(() => undefined);
}

async function insertMessage(values: typeof aiMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await getDb().insert(aiMessages).values(values).returning();
  return row;
}

async function updateMessage(
  id: number,
  values: Partial<typeof aiMessages.$inferInsert>,
): Promise<MessageRow> {
  const [row] = await getDb()
    .update(aiMessages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(aiMessages.id, id))
    .returning();
  return row;
}

/** What an edit re-runs: the edited condition (invalid parts dropped) and the kept keyword. */
async function resolveEdit(
  owner: AiOwner,
  taskId: number,
  body: SendMessageBody,
): Promise<{ resolved: Resolved; editOf: MessageRow | null }> {
  const editOf = body.editOfMessageId
    ? await getOwnSearchReply(owner, body.editOfMessageId, taskId)
    : null;
  const { condition, dropped } = sanitizeCondition(body.condition);
  const keyword = usableKeyword(body.keyword !== undefined ? body.keyword : editOf?.keyword);
  return {
    editOf,
    resolved: {
      condition,
      keyword,
      recognized: hasSearchable(condition, keyword),
      notes: dropped.map((d) => `已忽略：${d}`),
      source: 'edited',
      fallbackReason: null,
      model: null,
    },
  };
}

export async function sendMessage(
  auth: TenantAuthContext,
  client: ClientInfo,
  body: SendMessageBody,
): Promise<SendMessageResult> {
  const owner = ownerOf(auth);
  const task = await getOwnTask(owner, body.taskId);
  if (task.messageCount + 2 > AI_MESSAGES_PER_TASK_MAX)
    throw apiError('AI_THREAD_FULL', { max: AI_MESSAGES_PER_TASK_MAX });

  const edited = body.condition !== undefined;
  const { query, cut } = normaliseQuery(body.query);
  // An edit is resolved first (no model involved): its user message names the chips.
  const edit = edited ? await resolveEdit(owner, task.id, body) : null;
  const editLabels = edit
    ? chipsOf(edit.resolved.condition, edit.resolved.keyword).map((c) => c.label)
    : [];
  const userText = query || (edit ? `修改条件：${editLabels.join('；') || '全部企业'}` : '');

  const userMessage = await insertMessage({
    taskId: task.id,
    tenantId: owner.tenantId,
    userId: owner.userId,
    type: AI_MESSAGE_TYPE.user,
    subType: AI_SUB_TYPE.request,
    status: AI_MESSAGE_STATUS.sent,
    content: userText,
    replyContent: body.replyContent ?? null,
  });
  // The placeholder (5) is in the thread while the request is understood and searched.
  let reply = await insertMessage({
    taskId: task.id,
    tenantId: owner.tenantId,
    userId: owner.userId,
    type: AI_MESSAGE_TYPE.assistant,
    subType: edited ? AI_SUB_TYPE.searchEdited : AI_SUB_TYPE.search,
    status: AI_MESSAGE_STATUS.placeholder,
    query: userText,
    editOfMessageId: edit?.editOf?.id ?? null,
  });
  openStream(reply.id, AI_MESSAGE_STATUS.placeholder);

  let page: AiEntPage | null = null;
  try {
    const resolved: Resolved = edit ? edit.resolved : await understandForSend(query);
    if (cut) resolved.notes.unshift(CUT_NOTE);
    const chips = chipsOf(resolved.condition, resolved.keyword);
    const chipLabels = chips.map((c) => c.label);
    if (!hasSearchable(resolved.condition, resolved.keyword)) {
      const text = guidanceText(query, resolved.notes);
      reply = await updateMessage(reply.id, {
        subType: AI_SUB_TYPE.guide,
        status: AI_MESSAGE_STATUS.sent,
        content: text,
        notes: resolved.notes,
        suggestions: guidanceSuggestions(),
        source: resolved.source,
        fallbackReason: resolved.fallbackReason,
        model: resolved.model,
      });
      appendText(reply.id, text);
      endStream(reply.id, { event: 'done', data: messageView(reply) });
    } else {
      await limitSearch(auth, client);
      page = await runSearch(resolved.condition, resolved.keyword, {
        pageNo: 1,
        pageSize: AI_ENT_PAGE_SIZE,
        maxResults: await maxResultsFor(auth),
      });
      reply = await updateMessage(reply.id, {
        status: AI_MESSAGE_STATUS.replied,
        condition: resolved.condition,
        chips,
        keyword: resolved.keyword,
        notes: resolved.notes,
        total: page.total,
        totalCapped: page.totalCapped,
        source: resolved.source,
        fallbackReason: resolved.fallbackReason,
        model: resolved.model,
        // Its follow-ups act on these conditions (messageView: refinements), not new requests.
        suggestions: [],
      });
      setStreamStatus(reply.id, AI_MESSAGE_STATUS.replied);
      const facts = {
        chipLabels,
        keyword: resolved.keyword,
        total: page.total,
        totalCapped: page.totalCapped,
        notes: resolved.notes,
        edited,
      };
      const settings = llmSettings();
      // The model writes the text when it understood the request (or the user edited chips);
      // after a fallback it is not asked again.
      if (settings && (resolved.source === 'model' || resolved.source === 'edited')) {
        const job = writeWithModel(reply.id, query || userText, chips, facts).finally(() =>
          pending.delete(job),
        );
        pending.add(job);
      } else {
        const text = searchReplyText(facts);
        appendText(reply.id, text);
        reply = await updateMessage(reply.id, { status: AI_MESSAGE_STATUS.sent, content: text });
        endStream(reply.id, { event: 'done', data: messageView(reply) });
      }
    }
  } catch (err) {
    const failed = await updateMessage(reply.id, {
      status: AI_MESSAGE_STATUS.failed,
      content: M.failed,
    }).catch(() => null);
    if (failed) endStream(failed.id, { event: 'done', data: messageView(failed) });
    await refreshTaskSummary(task.id).catch(() => undefined);
    throw err;
  }

  // The task: in progress, named after its first request while it still has the default name.
  const [renamed] = await getDb()
    .update(aiTasks)
    .set({
      status: AI_TASK_STATUS.active,
      ...(task.messageCount === 0 && task.name === M.defaultTaskName && query
        ? { name: taskNameFrom(query) }
        : {}),
    })
    .where(eq(aiTasks.id, task.id))
    .returning();
  const summary = (await refreshTaskSummary(task.id)) ?? renamed;
  return {
    task: taskView(summary),
    userMessage: messageView(userMessage),
    reply: messageView(reply),
    page,
  };
}

/** Streams the model's reply text into the message; a failure falls back to the built-in text. */
async function writeWithModel(
  messageId: number,
  request: string,
  chips: ConditionChipView[],
  facts: Parameters<typeof searchReplyText>[0],
): Promise<void> {
  const settings = llmSettings();
  let text = '';
  try {
    if (!settings) throw new LlmFailure('unavailable', '模型未配置');
    text = await streamReplyWithModel(
      settings,
      {
        request,
        conditions: chips.map((c) => c.label),
        keyword: facts.keyword,
        total: facts.total,
        totalCapped: facts.totalCapped,
        notes: facts.notes,
      },
      (piece) => appendText(messageId, piece),
    );
    if (!text.trim()) throw new LlmFailure('invalid', '模型没有给出回复，已改用内置回复');
  } catch (err) {
    const note =
      err instanceof LlmFailure
        ? err.message.replace('已改用内置解析', '已改用内置回复')
        : '模型回复失败，已改用内置回复';
    const fallback = `${text ? '\n' : ''}${note}。\n${searchReplyText(facts)}`;
    appendText(messageId, fallback);
    text += fallback;
  }
  try {
    const row = await updateMessage(messageId, { status: AI_MESSAGE_STATUS.sent, content: text });
    await refreshTaskSummary(row.taskId);
    endStream(messageId, { event: 'done', data: messageView(row) });
  } catch (err) {
    partLogger('ai').error(`could not store the reply: ${(err as Error).message}`);
    endStream(messageId, { event: 'error', data: { msg: M.failed } });
  }
}
