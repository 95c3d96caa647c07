import 'server-only';
import pg from 'pg';
import { config } from '../config';

export type ChannelListener = { stop: () => Promise<void> };

export type ChannelListenerOptions = {
  /** The NOTIFY channel (a plain identifier). */
  channel: string;
  /** application_name of the connection, so it can be told apart in pg_stat_activity. */
  name: string;
  onNotify: (payload: string | undefined) => void;
  /** Listening again after a loss: notifications sent meanwhile were not heard. */
  onUp?: () => void;
  /** The connection was lost: nothing is heard until onUp. */
  onDown?: () => void;
  databaseUrl?: string;
  log: (line: string) => void;
  retryMs?: number;
  /**
   * Resolve at once and keep trying when the first connection fails (onUp when listening);
   * otherwise the first failure rejects.
   */
  keepTrying?: boolean;
};

/**
 * LISTENs on one channel with a dedicated connection (a pooled one would lose the LISTEN) and
 * reconnects after failures. Resolves once listening; rejects when the first connection fails
 * (unless `keepTrying`).
 * Used by push (every instance delivers to its own sockets) and by the page cache (every instance
 * forgets the company versions it knew).
 */
export async function listenToChannel(opts: ChannelListenerOptions): Promise<ChannelListener> {
  const url = opts.databaseUrl ?? config.databaseUrl;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: opts.name });
    c.on('notification', (n) => {
      if (n.channel === opts.channel) opts.onNotify(n.payload);
    });
    c.on('error', (err) => {
      opts.log(`[${opts.name}] listener connection lost: ${err.message}`);
      scheduleReconnect();
    });
    c.on('end', () => scheduleReconnect());
    await c.connect();
    await c.query(`listen ${opts.channel}`);
    if (stopped) {
      // Stopped while connecting: this connection is nobody's.
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
  };
  const up = () => {
    if (!stopped) opts.onUp?.();
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    const old = client;
    client = null;
    old?.removeAllListeners('end');
    old?.end().catch(() => undefined);
    opts.onDown?.();
    retry = setTimeout(() => {
      retry = null;
      connect()
        .then(up)
        .catch((err: Error) => {
          opts.log(`[${opts.name}] reconnect failed: ${err.message}`);
          scheduleReconnect();
        });
    }, opts.retryMs ?? 2000);
  };

  if (opts.keepTrying)
    connect().then(up, (err: Error) => {
      opts.log(`[${opts.name}] listen failed: ${err.message}`);
      scheduleReconnect();
    });
  else await connect();
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
