import 'server-only';
import { partLogger } from '../observability/logger';
import { sql, type SQL } from 'drizzle-orm';
import { getPool } from '../db';
import { listenToChannel } from '../db/channel-listener';
import { PUSH_CHANNEL, type PushEnvelope, type PushMessage } from './push.types';

export type PublishOptions = { exceptRefreshTokenId?: number; onlyRefreshTokenIds?: number[] };

// NOTIFY payloads are capped at 8000 bytes; push messages are small notices, never data dumps.
const MAX_PAYLOAD = 7900;

/** What can run a statement: the pool or an open transaction. */
type Executor = { execute: (query: SQL) => Promise<unknown> };

/**
 * publishToUser inside the caller's transaction: PostgreSQL delivers a NOTIFY at commit, so the
 * browser hears of a change exactly when it is visible (never before, never for a rollback).
 */
export async function publishToUserInTx(
  tx: Executor,
  userId: number,
  message: PushMessage,
): Promise<void> {
  const payload = JSON.stringify({ userId, message } satisfies PushEnvelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error('push payload too large');
  await tx.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${payload})`);
}

/**
 * Sends a message to every open push socket of a user, on whichever app instance holds it:
 * PostgreSQL NOTIFY fans it out and each instance's listener delivers to its own sockets.
 */
export async function publishToUser(
  userId: number,
  message: PushMessage,
  opts: PublishOptions = {},
): Promise<void> {
  const envelope: PushEnvelope = { userId, message };
  if (opts.onlyRefreshTokenIds) {
    if (opts.onlyRefreshTokenIds.length === 0) return;
    envelope.refreshTokenIds = opts.onlyRefreshTokenIds;
  }
  if (opts.exceptRefreshTokenId !== undefined) envelope.except = opts.exceptRefreshTokenId;
  const payload = JSON.stringify(envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error('push payload too large');
  await getPool().query('select pg_notify($1, $2)', [PUSH_CHANNEL, payload]);
}

/**
 * Closes the push sockets of ended sessions on every instance (logout, password change, deletion),
 * after an optional last message such as the forced-offline notice.
 */
export async function closeSessionSockets(
  userId: number,
  refreshTokenIds: number[] | 'all',
  lastMessage?: PushMessage,
): Promise<void> {
  if (refreshTokenIds !== 'all' && refreshTokenIds.length === 0) return;
  const envelope: PushEnvelope = { userId, close: true };
  if (refreshTokenIds !== 'all') envelope.refreshTokenIds = refreshTokenIds;
  if (lastMessage) envelope.message = lastMessage;
  await getPool().query('select pg_notify($1, $2)', [PUSH_CHANNEL, JSON.stringify(envelope)]);
}

export type PushListener = { stop: () => Promise<void> };

function parseEnvelope(raw: string | undefined): PushEnvelope | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as PushEnvelope;
    if (typeof v?.userId !== 'number') return null;
    if (v.message === undefined ? v.close !== true : typeof v.message !== 'object' || !v.message)
      return null;
    return v;
  } catch {
    return null;
  }
}

/**
 * LISTENs on the push channel (db/channel-listener.ts: a dedicated connection, reconnected after
 * failures). The custom server passes deliverLocal from socket-registry.ts.
 */
export function startPushListener(
  onMessage: (envelope: PushEnvelope) => void,
  opts: { databaseUrl?: string; log?: (line: string) => void; retryMs?: number } = {},
): Promise<PushListener> {
  const log = opts.log ?? ((line: string) => partLogger('push').warn(line));
  return listenToChannel({
    channel: PUSH_CHANNEL,
    name: 'leadradar-push',
    onNotify: (payload) => {
      const env = parseEnvelope(payload);
      if (env) onMessage(env);
    },
    databaseUrl: opts.databaseUrl,
    log: (line) => log(line.replace('[leadradar-push]', '[push]')),
    retryMs: opts.retryMs,
  });
}
