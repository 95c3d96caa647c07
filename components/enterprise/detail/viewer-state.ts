'use client';

import { useEffect, useState } from 'react';
import { leanCall } from '@/lib/client/lean/lean-api';
import { LEAN_ROUTES } from '@/lib/client/lean/lean-routes';
import { leanSession, useLeanSession, whenSignedInKnown } from '@/lib/client/lean/public-session';
import type { EnterpriseViewer } from '@/lib/shared/enterprise/enterprise.contract';

/**
 * The signed-in user's part of a company page. The server renders the page the same for everyone
 * (masked contacts, neutral buttons); once the session is known to be signed in, ONE call per
 * company (shared by every island of the page) brings the favourite, lead and unlock state, the
 * quota and, when unlocked, the real contacts and annual report.
 */
const loads = new Map<number, Promise<EnterpriseViewer | null>>();

function load(entId: number): Promise<EnterpriseViewer | null> {
  let p = loads.get(entId);
  if (!p) {
    p = leanCall(LEAN_ROUTES.enterpriseViewer, { body: { entId } }).then((a) => {
      if (a.code === 401) leanSession.set('signed-out');
      // A failure leaves the public state; an action then reports its own error.
      if (a.code !== 200 || !a.data) {
        loads.delete(entId);
        return null;
      }
      return a.data;
    });
    loads.set(entId, p);
  }
  return p;
}

export type ResolvedViewer = { signedIn: boolean; data: EnterpriseViewer | null };

/** For a click made before the viewer's state arrived: waits for the session and the state. */
export async function resolveEnterpriseViewer(entId: number): Promise<ResolvedViewer> {
  const signedIn = await whenSignedInKnown();
  return { signedIn, data: signedIn ? await load(entId) : null };
}

export type ViewerView = {
  /** The session is signed in (false while it loads). */
  signedIn: boolean;
  /** The session has loaded (signed in or not). */
  known: boolean;
  /** The viewer's state; null for visitors and until it arrives. */
  data: EnterpriseViewer | null;
};

export function useEnterpriseViewer(entId: number): ViewerView {
  const status = useLeanSession();
  const [data, setData] = useState<EnterpriseViewer | null>(null);
  useEffect(() => {
    if (status !== 'signed-in') return;
    let live = true;
    void load(entId).then((d) => {
      if (live) setData(d);
    });
    return () => {
      live = false;
    };
  }, [status, entId]);
  return {
    signedIn: status === 'signed-in',
    known: status !== 'loading',
    data: status === 'signed-in' ? data : null,
  };
}
