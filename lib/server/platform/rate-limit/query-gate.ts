import 'server-only';

/**
 * Bounds how many expensive queries (searches, advanced-search counts, exports) run at once, so one
 * client cannot take the database pool: per caller (IP, or user when signed in) and for all
 * anonymous callers together, always below the pool size so cheap requests keep a connection.
 * A request over a limit waits a moment for a slot, then is refused as too frequent. In-process:
 * each app instance guards its own pool.
 */
export type QueryGateLimits = {
  /** Concurrent expensive queries of one caller. */
  perCaller: number;
  /** Concurrent expensive queries of all anonymous callers together. */
  anonymousTotal: number;
  /** Concurrent expensive queries of everyone. */
  total: number;
  /** How long a request may wait for a slot before it is refused. */
  maxWaitMs: number;
};

/** Seconds a caller refused by the gate is asked to wait (queries take a second or two). */
export const QUERY_GATE_RETRY_AFTER_SECONDS = 2;

export class QueryGateBusyError extends Error {
  /** What the 429 tells the caller in Retry-After: slots free up as queries finish. */
  readonly retryAfterSeconds = QUERY_GATE_RETRY_AFTER_SECONDS;
  constructor() {
    super('too many concurrent expensive queries');
    this.name = 'QueryGateBusyError';
  }
}

type Waiter = { ready: () => boolean; wake: () => void };

export class QueryGate {
  private readonly perCaller = new Map<string, number>();
  private anonymous = 0;
  private running = 0;
  private waiters: Waiter[] = [];

  constructor(private readonly limits: QueryGateLimits) {}

  /** Runs `work` once a slot is free for `caller`; throws QueryGateBusyError after maxWaitMs. */
  async run<T>(caller: { key: string; anonymous: boolean }, work: () => Promise<T>): Promise<T> {
    await this.acquire(caller);
    try {
      return await work();
    } finally {
      this.release(caller);
    }
  }

  /** Figures for diagnostics and tests. */
  stats(): { running: number; anonymous: number; waiting: number } {
    return { running: this.running, anonymous: this.anonymous, waiting: this.waiters.length };
  }

  private fits(caller: { key: string; anonymous: boolean }): boolean {
    return (
      this.running < this.limits.total &&
      (this.perCaller.get(caller.key) ?? 0) < this.limits.perCaller &&
      (!caller.anonymous || this.anonymous < this.limits.anonymousTotal)
    );
  }

  private take(caller: { key: string; anonymous: boolean }): void {
    this.running += 1;
    this.perCaller.set(caller.key, (this.perCaller.get(caller.key) ?? 0) + 1);
    if (caller.anonymous) this.anonymous += 1;
  }

  private acquire(caller: { key: string; anonymous: boolean }): Promise<void> {
    if (this.fits(caller)) {
      this.take(caller);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        ready: () => this.fits(caller),
        wake: () => {
          clearTimeout(timer);
          this.take(caller);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new QueryGateBusyError());
      }, this.limits.maxWaitMs);
      this.waiters.push(waiter);
    });
  }

  private release(caller: { key: string; anonymous: boolean }): void {
    this.running -= 1;
    const left = (this.perCaller.get(caller.key) ?? 1) - 1;
    if (left > 0) this.perCaller.set(caller.key, left);
    else this.perCaller.delete(caller.key);
    if (caller.anonymous) this.anonymous -= 1;
    // First come, first served among those that now fit.
    const next = this.waiters.find((w) => w.ready());
    if (next) {
      this.waiters = this.waiters.filter((w) => w !== next);
      next.wake();
    }
  }
}

/** Limits derived from the pool: everyone together leaves a quarter of it for cheap requests. */
export function queryGateLimitsFor(poolSize: number): QueryGateLimits {
  const total = Math.max(2, Math.floor(poolSize * 0.75));
  return {
    total,
    anonymousTotal: Math.max(1, Math.floor(total / 2)),
    perCaller: Math.max(1, Math.min(3, Math.floor(total / 4))),
    maxWaitMs: 3000,
  };
}
