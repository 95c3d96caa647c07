import type { AiEntPage, AiMessage, AiSearchInfo } from '@/lib/shared/ai/ai.contract';
import {
  AI_MESSAGE_STATUS,
  AI_MESSAGES,
  AI_QUERY_MAX,
  AI_SEND_WAIT_MS,
  AI_SUB_TYPE,
  isSearchReply as isSearchSubType,
} from '@/lib/shared/ai/ai.constants';

/**
 * The AI assistant's thread on the client (spec 3 task message, 4.5): the status machine of a
 * send, the client-side flags, and what deleting the open task clears. Pure functions over plain
 * data, so the rules are unit-tested without a browser.
 */

/** Spec 4.5 / 9: the assistant placeholder of a send is 5, then 3 when the reply text arrived, then 4. */
export const MESSAGE_STATUS = AI_MESSAGE_STATUS;

/** Spec 8: a failed send marks the last message with this text. */
export const SEND_ERROR_TEXT = AI_MESSAGES.failed;

/** Spec 4.5 / 9: sending waits 1 s before fetching the reply, before sending and before refreshing. */
export const SEND_WAIT_MS = AI_SEND_WAIT_MS;

/** Spec 3: a task message as the thread shows it, plus the client-side flags. */
export type ThreadMessage = {
  messageId: number;
  /** 0 user, 1 assistant. */
  type: number;
  /** 0-6: 2 and 3 are search replies; 1 and 6 add-contact tasks. */
  subType: number;
  status: number;
  content: string;
  /** Epoch milliseconds. */
  createTime: number;
  replyContent?: string | null;
  title?: string | null;
  aiMessage?: AiSearchInfo | null;
  suggestions?: string[];
  editOfMessageId?: number | null;
  addWeixinTask?: { endTime?: number | string | null; wocStatus?: number | null } | null;
  /** The first page of a search reply when it came with the message (send-message). */
  page?: AiEntPage | null;
  // Client-side flags (spec 3).
  hasEnd?: boolean;
  isNewest?: boolean;
  hide?: boolean;
  sayHello?: boolean;
  error?: boolean;
  /** Not stored yet: the user's text and the placeholder of a send in flight. */
  local?: boolean;
  /** The reply text is still streaming in (message-stream). */
  streaming?: boolean;
  /** Reply text streamed so far. */
  streamed?: string;
};

let localSeq = 0;
/** Ids of local messages are negative, so they never collide with stored ones. */
function localId(): number {
  localSeq += 1;
  return -localSeq;
}

/** A stored message as the thread keeps it. */
export function fromStored(m: AiMessage, page?: AiEntPage | null): ThreadMessage {
  const failed = m.status === MESSAGE_STATUS.failed;
  return {
    messageId: m.messageId,
    type: m.type,
    subType: m.subType,
    status: m.status,
    content: failed ? SEND_ERROR_TEXT : m.content,
    createTime: m.createTime,
    replyContent: m.replyContent,
    title: m.title,
    aiMessage: m.aiMessage,
    suggestions: m.suggestions,
    editOfMessageId: m.editOfMessageId,
    addWeixinTask: m.addWeixinTask,
    page: page ?? undefined,
    error: failed || undefined,
  };
}

/**
 * A send starts: the user's message (none when chips were edited) and the assistant's
 * placeholder (status 5) are appended; only the placeholder is the newest.
 */
export function startSend(
  messages: readonly ThreadMessage[],
  query: string | null,
  now: Date = new Date(),
): ThreadMessage[] {
  const createTime = now.getTime();
  const user: ThreadMessage[] =
    query === null
      ? []
      : [
          {
            messageId: localId(),
            type: 0,
            subType: AI_SUB_TYPE.request,
            status: MESSAGE_STATUS.sent,
            content: query,
            createTime,
            local: true,
          },
        ];
  return [
    ...messages.map((m) => (m.isNewest ? { ...m, isNewest: false } : m)),
    ...user,
    {
      messageId: localId(),
      type: 1,
      subType: AI_SUB_TYPE.other,
      status: MESSAGE_STATUS.placeholder,
      content: '',
      createTime,
      isNewest: true,
      local: true,
    },
  ];
}

function updateLast(
  messages: readonly ThreadMessage[],
  change: (m: ThreadMessage) => ThreadMessage,
): ThreadMessage[] {
  if (messages.length === 0) return [...messages];
  const out = [...messages];
  out[out.length - 1] = change(out[out.length - 1]);
  return out;
}

function isPlaceholder(m: ThreadMessage | undefined): boolean {
  return !!m && m.local === true && m.type === 1;
}

/** The reply content arrived (get-reply-content): the placeholder shows it and turns 3. */
export function replyReceived(
  messages: readonly ThreadMessage[],
  replyContent: string,
): ThreadMessage[] {
  if (!isPlaceholder(messages[messages.length - 1])) return [...messages];
  return updateLast(messages, (m) => ({
    ...m,
    status: MESSAGE_STATUS.replied,
    replyContent,
    content: replyContent,
  }));
}

/**
 * send-message answered: the local user message and placeholder give way to the stored ones.
 * A reply that is not complete yet (status 3) streams its text in.
 */
export function adoptSent(
  messages: readonly ThreadMessage[],
  sent: { userMessage: AiMessage | null; reply: AiMessage; page: AiEntPage | null },
): ThreadMessage[] {
  const kept = messages.filter((m) => !m.local);
  const reply = fromStored(sent.reply, sent.page);
  const streaming = sent.reply.status !== MESSAGE_STATUS.sent && !reply.error;
  return [
    ...kept,
    ...(sent.userMessage ? [fromStored(sent.userMessage)] : []),
    { ...reply, isNewest: true, streaming, streamed: streaming ? '' : undefined },
  ];
}

/** Streamed reply text: appended to the streaming reply as it arrives. */
export function appendReplyText(
  messages: readonly ThreadMessage[],
  messageId: number,
  text: string,
): ThreadMessage[] {
  if (!text) return [...messages];
  return messages.map((m) =>
    m.messageId === messageId && m.streaming ? { ...m, streamed: (m.streamed ?? '') + text } : m,
  );
}

/** The stream's final message replaces the streaming one (7 is a failure: 出错了). */
export function finishReply(messages: readonly ThreadMessage[], final: AiMessage): ThreadMessage[] {
  return messages.map((m) =>
    m.messageId === final.messageId
      ? {
          ...fromStored(final, m.page),
          isNewest: m.isNewest,
          streaming: false,
          streamed: undefined,
        }
      : m,
  );
}

/** The send succeeded: the newest assistant message turns 4. */
export function sendSucceeded(messages: readonly ThreadMessage[]): ThreadMessage[] {
  const last = messages[messages.length - 1];
  if (!last || last.type !== 1 || last.error) return [...messages];
  return updateLast(messages, (m) => ({ ...m, status: MESSAGE_STATUS.sent, streaming: false }));
}

/** Spec 4.5 / 8: on a send error the last message is marked as an error with the text 出错了. */
export function markSendError(messages: readonly ThreadMessage[]): ThreadMessage[] {
  return updateLast(messages, (m) => ({
    ...m,
    error: true,
    content: SEND_ERROR_TEXT,
    streaming: false,
    streamed: undefined,
  }));
}

/** A send is in flight while the newest message is a placeholder or a streaming reply. */
export function isSending(messages: readonly ThreadMessage[]): boolean {
  const last = messages[messages.length - 1];
  if (!last || last.error) return false;
  return (isPlaceholder(last) && last.status !== MESSAGE_STATUS.sent) || last.streaming === true;
}

/** The text a message shows: streamed text while it streams, else its content. */
export function shownText(m: ThreadMessage): string {
  if (m.streaming && m.streamed) return m.streamed;
  return m.content;
}

/** Spec 3: subTypes 1 and 6 are add-contact-through-the-social-platform tasks. */
export function isAddContactTask(subType: number): boolean {
  return subType === AI_SUB_TYPE.addWeixin || subType === AI_SUB_TYPE.addWeixinResult;
}

/** Spec 3: subTypes 2 and 3 of the assistant are search replies. */
export function isSearchReply(m: Pick<ThreadMessage, 'type' | 'subType'>): boolean {
  return m.type === 1 && isSearchSubType(m.subType);
}

function endTimePassed(m: ThreadMessage, now: Date): boolean {
  const end = m.addWeixinTask?.endTime;
  if (end === null || end === undefined || end === '') return false;
  return new Date(end).getTime() <= now.getTime();
}

/**
 * Spec 4.5: selecting an add-contact task (subType 1 or 6) marks it ended when its status is 2 or
 * its end time has passed. Other messages keep their flag.
 */
export function withEndFlags(
  messages: readonly ThreadMessage[],
  now: Date = new Date(),
): ThreadMessage[] {
  return messages.map((m) =>
    isAddContactTask(m.subType) ? { ...m, hasEnd: m.status === 2 || endTimePassed(m, now) } : m,
  );
}

/**
 * Spec 4.5: the overall status follows the latest user-facing (not hidden) message: 5 when it is
 * in progress (1) with wocStatus 1 and its end time passed; 1 when active; otherwise its own.
 */
export function overallStatus(
  messages: readonly ThreadMessage[],
  now: Date = new Date(),
): number | null {
  const latest = [...messages].reverse().find((m) => !m.hide);
  if (!latest) return null;
  if (latest.status === 1) {
    return latest.addWeixinTask?.wocStatus === 1 && endTimePassed(latest, now)
      ? MESSAGE_STATUS.placeholder
      : 1;
  }
  return latest.status;
}

/** Stored messages as the thread shows them: flags set, only the last one newest. */
export function toThread(
  stored: readonly AiMessage[],
  pages: ReadonlyMap<number, AiEntPage> = new Map(),
  now: Date = new Date(),
): ThreadMessage[] {
  const last = stored.length - 1;
  return withEndFlags(
    stored.map((m, i) => ({
      ...fromStored(m, pages.get(m.messageId)),
      isNewest: i === last,
    })),
    now,
  );
}

/** The selection of the assistant page (spec 4.5 "deleting the open task clears ..."). */
export type AiPageSelection = {
  taskId: number | null;
  messages: ThreadMessage[];
  selectedMessageId: number | null;
};

export const EMPTY_SELECTION: AiPageSelection = {
  taskId: null,
  messages: [],
  selectedMessageId: null,
};

/** Deleting the open task clears the selected task, its id, its messages and the selected message. */
export function afterTaskDeleted(
  selection: AiPageSelection,
  deletedTaskId: number,
): AiPageSelection {
  return selection.taskId === deletedTaskId ? EMPTY_SELECTION : selection;
}

/** Spec 9 / issue 16: a request is at most 2,000 characters (counted as the user sees them). */
export const MAX_QUERY_CHARS = AI_QUERY_MAX;

export function queryLength(text: string): number {
  return Array.from(text).length;
}
