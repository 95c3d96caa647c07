'use client';

import { useState } from 'react';
import { App, Button } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { WYW_STARTED_EVENT, WYW_TEXT } from '@/lib/shared/wyw/wyw.constants';
import { batchWywContactByClue } from '@/lib/shared/wyw/wyw.contract';
import { readWywCallbackParams, saveWywCallback } from '@/lib/shared/wyw/wyw-storage';

/**
 * 批量导出 for the selected leads (ids across pages): starts the batch collection job and opens
 * the overlay (BatchExportOverlay, mounted by the /clue layout). When a batch of the member is
 * already running, that one is shown instead.
 */
export function BatchCollectButton({
  clueIds,
  onStarted,
  size = 'small',
}: {
  clueIds: number[];
  onStarted?: (jobId: number) => void;
  size?: 'small' | 'middle';
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function start() {
    if (clueIds.length === 0) {
      message.warning(WYW_TEXT.noSelection);
      return;
    }
    setBusy(true);
    try {
      const r = await call(batchWywContactByClue, { body: { clueIds } });
      if (r.created || readWywCallbackParams()?.jobId !== r.jobId) saveWywCallback(r.jobId);
      if (!r.created) message.info(WYW_TEXT.alreadyRunning);
      window.dispatchEvent(new CustomEvent(WYW_STARTED_EVENT, { detail: r.jobId }));
      onStarted?.(r.jobId);
    } catch {
      // The global handler shows the error.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button size={size} icon={<CloudDownloadOutlined />} loading={busy} onClick={start}>
      {WYW_TEXT.title}
    </Button>
  );
}
