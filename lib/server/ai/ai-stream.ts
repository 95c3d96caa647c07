import 'server-only';
import type { AiMessage } from '@/lib/shared/ai/ai.contract';

/**
 * Reply text while it is being written, per message, in this process: the writer appends pieces,
 * message-stream subscribers get what is there and then every new piece. The entry is dropped a
 * little after the message is finished (its text is in the database by then).
 */
type Listener = (e: StreamEvent) => void;

export type StreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'status'; data: { status: number } }
  | { event: 'done'; data: AiMessage }
  | { event: 'error'; data: { msg: string } };

type Entry = {
  text: string;
  status: number;
  final: StreamEvent | null;
  listeners: Set<Listener>;
};

const KEEP_AFTER_END_MS = 30_000;

const hubKey = Symbol.for('leadradar.ai.stream-hub');
type GlobalWithHub = typeof globalThis & { [hubKey]?: Map<number, Entry> };

/** One hub per process (the custom server and Next's route bundles are separate module instances). */
function hub(): Map<number, Entry> {
  const g = globalThis as GlobalWithHub;
  g[hubKey] ??= new Map();
  return g[hubKey];
}

export function openStream(messageId: number, status: number): void {
  hub().set(messageId, { text: '', status, final: null, listeners: new Set() });
}

function emit(entry: Entry, e: StreamEvent) {
  for (const l of entry.listeners) {
    try {
      l(e);
    } catch {
      // A subscriber that went away must not stop the writer.
    }
  }
}

export function appendText(messageId: number, text: string): void {
  const entry = hub().get(messageId);
  if (!entry || entry.final || !text) return;
  entry.text += text;
  emit(entry, { event: 'delta', data: { text } });
}

export function setStreamStatus(messageId: number, status: number): void {
  const entry = hub().get(messageId);
  if (!entry || entry.final) return;
  entry.status = status;
  emit(entry, { event: 'status', data: { status } });
}

export function endStream(messageId: number, final: StreamEvent): void {
  const entry = hub().get(messageId);
  if (!entry || entry.final) return;
  entry.final = final;
  emit(entry, final);
  entry.listeners.clear();
  setTimeout(() => {
    if (hub().get(messageId) === entry) hub().delete(messageId);
  }, KEEP_AFTER_END_MS).unref?.();
}

/**
 * Subscribes to a message being written: `listener` first gets what was written so far (one
 * delta) and the status, then each new event, ending with done or error. Null when this process
 * is not writing the message.
 */
export function subscribe(messageId: number, listener: Listener): (() => void) | null {
  const entry = hub().get(messageId);
  if (!entry) return null;
  if (entry.text) listener({ event: 'delta', data: { text: entry.text } });
  listener({ event: 'status', data: { status: entry.status } });
  if (entry.final) {
    listener(entry.final);
    return () => undefined;
  }
  entry.listeners.add(listener);
  return () => entry.listeners.delete(listener);
}

export function isStreaming(messageId: number): boolean {
  const entry = hub().get(messageId);
  return !!entry && !entry.final;
}

/** Server-sent events framing of one event. */
export function sseFrame(e: StreamEvent): string {
  return `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
};
