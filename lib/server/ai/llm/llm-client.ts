import 'server-only';
import OpenAI from 'openai';
import { config } from '@/lib/server/platform';

/**
 * The OpenAI-compatible model of the assistant (ADR 0130): the official `openai` client against
 * LLM_BASE_URL. Used only when LLM_BASE_URL and LLM_MODEL are set; otherwise the built-in parser
 * does everything.
 */
export type LlmSettings = { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

export function llmSettings(): LlmSettings | null {
  const baseUrl = config.llmBaseUrl;
  const model = config.llmModel;
  if (!baseUrl || !model) return null;
  return { baseUrl, apiKey: config.llmApiKey || 'none', model, timeoutMs: config.llmTimeoutMs };
}

export function llmConfigured(): boolean {
  return llmSettings() !== null;
}

let cached: { key: string; client: OpenAI } | null = null;

/** One client per configuration; no retries (a slow model falls back to the parser instead). */
export function llmClient(s: LlmSettings): OpenAI {
  const key = `${s.baseUrl}|${s.apiKey}`;
  if (cached?.key !== key)
    cached = {
      key,
      client: new OpenAI({ baseURL: s.baseUrl, apiKey: s.apiKey, maxRetries: 0 }),
    };
  return cached.client;
}

export type LlmFailureReason = 'timeout' | 'invalid' | 'unavailable';

/** Why the model could not be used; `message` is the Chinese note the reply shows. */
export class LlmFailure extends Error {
  constructor(
    readonly reason: LlmFailureReason,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'LlmFailure';
  }
}

export function timeoutFailure(ms: number, what = '已改用内置解析'): LlmFailure {
  const s = Math.round((ms / 1000) * 10) / 10;
  return new LlmFailure('timeout', `模型响应超过 ${s} 秒，${what}`);
}

export function invalidFailure(detail: string, what = '已改用内置解析'): LlmFailure {
  return new LlmFailure('invalid', `模型返回的条件无效，${what}`, detail);
}

export function unavailableFailure(detail: string, what = '已改用内置解析'): LlmFailure {
  return new LlmFailure('unavailable', `模型服务暂不可用，${what}`, detail);
}

/** Maps whatever the client threw (timeout, abort, HTTP error, bad JSON) onto a failure. */
export function toFailure(err: unknown, timeoutMs: number, timedOut: boolean): LlmFailure {
  if (err instanceof LlmFailure) return err;
  if (timedOut) return timeoutFailure(timeoutMs);
  const e = err as { name?: string; message?: string; status?: number };
  if (e?.name === 'APIConnectionTimeoutError') return timeoutFailure(timeoutMs);
  if (e?.name === 'SyntaxError') return invalidFailure(e.message ?? 'bad JSON');
  return unavailableFailure(`${e?.status ?? ''} ${e?.message ?? String(err)}`.trim());
}

/**
 * Runs `work` with an abort signal that fires after `ms`; a timeout rejects with the timeout
 * failure even if the client ignores the signal.
 */
export async function withTimeout<T>(
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
      reject(timeoutFailure(ms));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } catch (err) {
    throw toFailure(err, ms, timedOut);
  } finally {
    clearTimeout(timer);
  }
}
