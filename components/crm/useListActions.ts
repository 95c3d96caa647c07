'use client';

import { useState } from 'react';
import { errorText } from '@/components/employee/errors';
import { useFeedback } from '@/lib/client/feedback';

/**
 * Row and bulk actions of a list. `run(key, action)` marks `key` busy (its button spins), shows
 * the message the action answers or why it failed, may clear the selection, and refreshes the
 * list (`settle`) however it ends.
 */
export function useListActions(settle: () => Promise<unknown>, clearSelection: () => void) {
  const { message } = useFeedback();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<string>, clear = false) {
    setBusy(key);
    try {
      message.success(await action());
      if (clear) clearSelection();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
      await settle();
    }
  }

  return { busy, run };
}
