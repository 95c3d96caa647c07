'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { leanCall } from './lean-api';
import { LEAN_ROUTES } from './lean-routes';

/**
 * Who is signed in, for public pages, without the session store (contracts, zod, menus): one
 * GET of the permission info; 200 means signed in. Once the full runtime loads (login modal,
 * user menu), it keeps this in step with the real session.
 */
export type LeanStatus = 'loading' | 'signed-in' | 'signed-out';

let status: LeanStatus = 'loading';
const listeners = new Set<() => void>();
let probing: Promise<LeanStatus> | null = null;

export const leanSession = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): LeanStatus => status,
  /** The server render is the same for everyone. */
  getServerSnapshot: (): LeanStatus => 'loading',
  set(next: LeanStatus): void {
    if (next === status) return;
    status = next;
    for (const l of listeners) l();
  },
};

/** Asks once per page load; later calls share the answer. */
export function probeSession(): Promise<LeanStatus> {
  probing ??= leanCall(LEAN_ROUTES.permissionInfo).then((a) => {
    const next: LeanStatus = a.code === 200 || a.code === 0 ? 'signed-in' : 'signed-out';
    if (status === 'loading') leanSession.set(next);
    return leanSession.getSnapshot();
  });
  return probing;
}

/** Resolves once known: true when someone is signed in. */
export async function whenSignedInKnown(): Promise<boolean> {
  const now = leanSession.getSnapshot();
  if (now !== 'loading') return now === 'signed-in';
  return (await probeSession()) === 'signed-in';
}

export function useLeanSession(): LeanStatus {
  useEffect(() => void probeSession(), []);
  return useSyncExternalStore(
    leanSession.subscribe,
    leanSession.getSnapshot,
    leanSession.getServerSnapshot,
  );
}
