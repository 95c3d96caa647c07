import 'server-only';
import { partLogger } from '../observability/logger';

export type Periodic = { stop: () => void };

/**
 * A chore server.ts runs in every instance on a timer (reminders, purges, recounts): first a
 * while after start, then every `everyMs`. A run that is still going when the next is due is
 * not started twice; a failure is logged under `part` and the next run tries again. The timers
 * never keep the process alive. Chores that must happen once across instances claim their work
 * in the database (once-keys, SKIP LOCKED); the timer does not coordinate anything.
 */
export function startPeriodic(opts: {
  part: string;
  /** What the log line says failed, in a few words. */
  what: string;
  run: () => Promise<unknown>;
  everyMs: number;
  firstAfterMs?: number;
}): Periodic {
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    opts
      .run()
      .catch((err: Error) => partLogger(opts.part).warn(`${opts.what} failed: ${err.message}`))
      .finally(() => (busy = false));
  };
  const first = setTimeout(tick, opts.firstAfterMs ?? opts.everyMs);
  const every = setInterval(tick, opts.everyMs);
  first.unref();
  every.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
