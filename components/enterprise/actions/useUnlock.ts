'use client';

import { useState } from 'react';
import { call } from '@/lib/client/request';
import { goToLogin } from '@/lib/client/session';
import {
  getContactGeneralInfo,
  unlockEnterprise,
} from '@/lib/shared/enterprise/enterprise.endpoints';
import type { ContactSummary } from '@/lib/shared/enterprise/enterprise.contract';
import { useActionError } from './QuotaDialog';
import { runUnlock, type UnlockCalls } from './unlock-flow';
import { useFeedback } from '@/lib/client/feedback';

// Silent: failures go through useActionError (quota dialog, sign-in, message), and only there.
const calls: UnlockCalls = {
  unlock: (entId) => call(unlockEnterprise, { body: { entId } }, { silent: true }),
  contacts: (entId) => call(getContactGeneralInfo, { body: { entId } }, { silent: true }),
};

/**
 * The state behind every 解锁 button (company header, result rows): signed-out visitors are sent
 * to sign in; afterwards `contacts` holds the real values and `unlocked` is true.
 */
export function useUnlock({
  entId,
  signedIn,
  unlocked: initiallyUnlocked,
  contacts: initialContacts = null,
  resolve,
}: {
  entId: number;
  signedIn: boolean;
  unlocked: boolean;
  contacts?: ContactSummary | null;
  /**
   * For a page rendered the same for everyone, until the viewer's state has arrived: waits for
   * the session; signed out, or the real contacts when the tenant had already unlocked them.
   */
  resolve?: () => Promise<{ signedIn: boolean; contacts: ContactSummary | null }>;
}) {
  const { message } = useFeedback();
  const onError = useActionError();
  const [unlocked, setUnlocked] = useState(initiallyUnlocked);
  const [contacts, setContacts] = useState<ContactSummary | null>(initialContacts);
  const [busy, setBusy] = useState(false);

  async function unlock(): Promise<void> {
    setBusy(true);
    try {
      let known = { signedIn, contacts: null as ContactSummary | null };
      if (resolve) known = await resolve();
      if (!known.signedIn) return goToLogin();
      if (known.contacts?.unlocked) {
        setUnlocked(true);
        setContacts(known.contacts);
        return;
      }
      const outcome = await runUnlock(entId, unlocked, calls);
      setUnlocked(true);
      setContacts(outcome.contacts);
      if (outcome.notice) message.success(outcome.notice);
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  }

  return { unlocked, contacts, setContacts, busy, unlock };
}
