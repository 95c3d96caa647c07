import 'server-only';
import { partLogger } from '../observability/logger';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { getPool } from '../db';
import { config } from '../config';
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
 * LISTENs on the push channel with a dedicated connection (a pooled one would lose the LISTEN) and
 * reconnects after failures. The custom server passes deliverLocal from socket-registry.ts.
 */
export async function startPushListener(
  onMessage: (envelope: PushEnvelope) => void,
  opts: { databaseUrl?: string; log?: (line: string) => void; retryMs?: number } = {},
): Promise<PushListener> {
  const log = opts.log ?? ((line: string) => partLogger('push').warn(line));
  const url = opts.databaseUrl ?? config.databaseUrl;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: 'leadradar-push' });
    c.on('notification', (n) => {
      if (n.channel !== PUSH_CHANNEL) return;
      const env = parseEnvelope(n.payload);
      if (env) onMessage(env);
    });
    c.on('error', (err) => {
      log(`[push] listener connection lost: ${err.message}`);
      scheduleReconnect();
    });
    c.on('end', () => scheduleReconnect());
    await c.connect();
    await c.query(`listen ${PUSH_CHANNEL}`);
    client = c;
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    const old = client;
    client = null;
    old?.removeAllListeners('end');
    old?.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: Error) => {
        log(`[push] reconnect failed: ${err.message}`);
        scheduleReconnect();
      });
    }, opts.retryMs ?? 2000);
  };

  await connect();
  return {
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
    },
  };
}
