import type { AiEntPage, AiMessage } from '@/lib/shared/ai/ai.contract';
import {
  adoptSent,
  appendReplyText,
  finishReply,
  markSendError,
  MESSAGE_STATUS,
  replyReceived,
  SEND_WAIT_MS,
  sendSucceeded,
  startSend,
  type ThreadMessage,
} from './thread-state';

export type SentMessage = {
  userMessage: AiMessage | null;
  reply: AiMessage;
  page: AiEntPage | null;
};

/** What one send needs from the page: the API calls, the thread update and a clock. */
export type SendDeps = {
  /** Resolves after `ms` (setTimeout in the page, a recorder in tests). */
  wait: (ms: number) => Promise<void>;
  /** get-reply-content: resolves with the reply text only when the answer's code is 200. */
  fetchReply: () => Promise<string>;
  /** send-message with the reply content. */
  send: (replyContent: string) => Promise<SentMessage>;
  /** message-stream of the reply: calls `onText` per delta, resolves with the final message. */
  stream: (reply: AiMessage, onText: (text: string) => void) => Promise<AiMessage>;
  /** Reloads the task's messages (get-task-message-list). */
  refresh: () => Promise<void>;
  update: (change: (messages: ThreadMessage[]) => ThreadMessage[]) => void;
};

/**
 * One send (spec 4.5, 5, 9). The placeholder (5) appears with the user's message (`query`; null
 * when edited chips are re-run); 1 s later the reply content is fetched (code 200, or the send
 * stops); the placeholder shows it (3); 1 s later the message is sent and the stored reply takes
 * the placeholder's place, its text streaming in as it arrives; once complete it is 4; 1 s later
 * the messages are reloaded. Any failure marks the last message 出错了. Resolves true when sent.
 */
export async function runSend(query: string | null, deps: SendDeps): Promise<boolean> {
  deps.update((m) => startSend(m, query));
  try {
    await deps.wait(SEND_WAIT_MS);
    const replyContent = await deps.fetchReply();
    deps.update((m) => replyReceived(m, replyContent));
    await deps.wait(SEND_WAIT_MS);
    const sent = await deps.send(replyContent);
    deps.update((m) => adoptSent(m, sent));
    let final = sent.reply;
    if (final.status !== MESSAGE_STATUS.sent && final.status !== MESSAGE_STATUS.failed) {
      const id = final.messageId;
      final = await deps.stream(sent.reply, (text) =>
        deps.update((m) => appendReplyText(m, id, text)),
      );
      deps.update((m) => finishReply(m, final));
    }
    if (final.status === MESSAGE_STATUS.failed) return false;
    deps.update(sendSucceeded);
  } catch {
    deps.update(markSendError);
    return false;
  }
  await deps.wait(SEND_WAIT_MS);
  try {
    await deps.refresh();
  } catch {
    // The reply is stored; the thread shows it again on the next load.
  }
  return true;
}
