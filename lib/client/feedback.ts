'use client';

import type { useAppProps } from 'antd/es/app/context';

/**
 * antd's feedback APIs (message, notification, modal) without antd in the page's first load.
 * `useFeedback()` answers at once with stand-ins; each call goes to the real APIs of the mounted
 * FeedbackHost (components/providers/feedback, loaded on idle after the page starts, or by the first call),
 * calls made before it is there wait for it in order. antd's App did the same job but brought
 * Modal, notifications and their form context (about 20-30 KB gzipped) into every page.
 */
export type Feedback = Pick<useAppProps, 'message' | 'notification' | 'modal'>;

let host: Feedback | null = null;
let waiting: ((f: Feedback) => void)[] = [];
let load: (() => void) | null = null;

/** The mounted host hands over its APIs (null when it unmounts). */
export function setFeedbackHost(next: Feedback | null): void {
  host = next;
  if (!next) return;
  const queued = waiting;
  waiting = [];
  for (const run of queued) run(next);
}

/** The provider tells the stand-ins how to bring the host in when a call comes before it. */
export function setFeedbackLoader(start: (() => void) | null): void {
  load = start;
}

function whenHost(run: (f: Feedback) => void): void {
  if (host) return run(host);
  waiting.push(run);
  load?.();
}

/** A stand-in for one API: every method forwards its arguments; what it returns is not used. */
function standIn<K extends keyof Feedback>(api: K): Feedback[K] {
  return new Proxy({} as Feedback[K], {
    get:
      (_target, method: string | symbol) =>
      (...args: unknown[]) => {
        whenHost((f) => {
          const fn = (f[api] as unknown as Record<string | symbol, unknown>)[method];
          if (typeof fn === 'function') (fn as (...a: unknown[]) => unknown)(...args);
        });
        return undefined;
      },
  });
}

const FEEDBACK: Feedback = {
  message: standIn('message'),
  notification: standIn('notification'),
  modal: standIn('modal'),
};

/** message / notification / modal for a component: the same object on every render. */
export function useFeedback(): Feedback {
  return FEEDBACK;
}

/** Outside React (error reactions, stores): the same stand-ins. */
export const feedback = FEEDBACK;
