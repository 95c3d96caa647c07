'use client';

import { ApiClientError } from '@/lib/client/request';
import { messageStream } from '@/lib/shared/ai/ai.endpoints';
import type { AiMessage } from '@/lib/shared/ai/ai.contract';
import { AI_MESSAGES } from '@/lib/shared/ai/ai.constants';
import { parseSse } from './sse';

/**
 * Reads a reply's text stream (message-stream, server-sent events through the BFF): `onText` gets
 * each delta as it arrives; resolves with the final message (`done`), rejects on `error` or when
 * the stream ends without one.
 */
export async function streamReply(
  reply: Pick<AiMessage, 'taskId' | 'messageId'>,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<AiMessage> {
  const qs = new URLSearchParams({
    taskId: String(reply.taskId),
    messageId: String(reply.messageId),
  });
  const res = await fetch(`/api${messageStream.path}?${qs.toString()}`, {
    credentials: 'same-origin',
    headers: { accept: 'text/event-stream' },
    signal,
  });
  const type = res.headers.get('content-type') || '';
  if (type.includes('application/json')) {
    const body = (await res.json()) as { code: number; msg: string };
    throw new ApiClientError(body.code, body.msg || AI_MESSAGES.failed);
  }
  if (!res.ok || !res.body) throw new ApiClientError(res.status, AI_MESSAGES.failed);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const parsed = parseSse(buffer);
    buffer = parsed.rest;
    for (const ev of parsed.events) {
      if (ev.event === 'delta') {
        const { text } = JSON.parse(ev.data) as { text?: string };
        if (text) onText(text);
      } else if (ev.event === 'done') {
        void reader.cancel().catch(() => undefined);
        return JSON.parse(ev.data) as AiMessage;
      } else if (ev.event === 'error') {
        const { msg } = JSON.parse(ev.data) as { msg?: string };
        throw new ApiClientError(500, msg || AI_MESSAGES.failed);
      }
    }
  }
  throw new ApiClientError(500, AI_MESSAGES.failed);
}
