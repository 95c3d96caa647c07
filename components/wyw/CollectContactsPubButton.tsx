'use client';

import { useState } from 'react';
import type { WywCollected } from '@/lib/shared/wyw/wyw.contract';
import { WYW_TEXT } from '@/lib/shared/wyw/wyw.constants';

/**
 * 挖一挖 for the public company page (ContactPanel): a plain button in the page's own style, no
 * antd; the request code loads on the first click (the page's JavaScript budget). The panel shows
 * the result (`onCollected` gets the new contact summary, masked unless unlocked) and reports
 * errors its own way (`onError`: 401 → login, others → its runtime's message).
 */
export function CollectContactsPubButton({
  entId,
  onCollected,
  onError,
}: {
  entId: number;
  onCollected: (result: WywCollected) => void;
  onError?: (err: unknown) => void;
}) {
  const [busy, setBusy] = useState(false);

  async function collect() {
    if (busy) return;
    setBusy(true);
    try {
      const [{ call }, { wywCollect }] = await Promise.all([
        import('@/lib/client/request'),
        import('@/lib/shared/wyw/wyw.contract'),
      ]);
      onCollected(await call(wywCollect, { body: { entId } }, { silent: true }));
    } catch (err) {
      onError?.(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="pub-btn pub-btn-sm"
      aria-busy={busy || undefined}
      onClick={() => void collect()}
      data-testid="wyw-collect-button"
    >
      {WYW_TEXT.collectButton}
    </button>
  );
}
