'use client';

import { useState } from 'react';
import { Button, Modal, Space } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { WYW_STARTED_EVENT, WYW_TEXT, type WywLockedMode } from '@/lib/shared/wyw/wyw.constants';
import { batchWywContactByClue, batchWywPreview } from '@/lib/shared/wyw/wyw.endpoints';
import type { BatchWywPreview } from '@/lib/shared/wyw/wyw.contract';
import { readWywCallbackParams, saveWywCallback } from '@/lib/shared/wyw/wyw-storage';
import { useFeedback } from '@/lib/client/feedback';

/**
 * 批量导出 for the selected leads (ids across pages): starts the batch collection job and opens
 * the overlay (BatchExportOverlay, mounted by the /clue layout). When a batch of the member is
 * already running, that one is shown instead. Before starting it asks how many of the leads have
 * a company the enterprise has not unlocked (their numbers would be masked in the file): unlock
 * them against the quota (the cost shown) or leave them out (issue 28 item 7).
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
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<BatchWywPreview | null>(null);

  async function start(locked: WywLockedMode) {
    setPreview(null);
    setBusy(true);
    try {
      const r = await call(batchWywContactByClue, { body: { clueIds, locked } });
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

  async function ask() {
    if (clueIds.length === 0) {
      message.warning(WYW_TEXT.noSelection);
      return;
    }
    setBusy(true);
    let p: BatchWywPreview;
    try {
      p = await call(batchWywPreview, { body: { clueIds } });
    } catch {
      return; // The global handler shows the error.
    } finally {
      setBusy(false);
    }
    // Nothing locked: nothing to decide.
    if (p.lockedNum === 0) void start('mask');
    else setPreview(p);
  }

  const open = preview !== null;
  const rest = preview ? preview.leadNum - preview.lockedNum : 0;
  return (
    <>
      <Button size={size} icon={<CloudDownloadOutlined />} loading={busy} onClick={ask}>
        {WYW_TEXT.title}
      </Button>
      <Modal
        open={open}
        title={WYW_TEXT.lockedTitle}
        onCancel={() => setPreview(null)}
        destroyOnHidden
        footer={
          preview ? (
            <Space wrap>
              <Button onClick={() => setPreview(null)}>取消</Button>
              <Button onClick={() => void start('mask')} data-testid="wyw-mask-locked">
                {WYW_TEXT.maskLocked}
              </Button>
              <Button
                disabled={rest === 0}
                onClick={() => void start('omit')}
                data-testid="wyw-omit-locked"
              >
                {WYW_TEXT.omitLocked}（{rest} 条）
              </Button>
              <Button
                type="primary"
                disabled={!preview.canUnlock}
                onClick={() => void start('unlock')}
                data-testid="wyw-unlock-export"
              >
                {WYW_TEXT.unlockAndExport}（消耗 {preview.unlockCost} 次额度）
              </Button>
            </Space>
          ) : null
        }
      >
        {preview ? (
          <div data-testid="wyw-locked-dialog">
            <p>
              所选 {preview.leadNum} 条线索中，有 <strong>{preview.lockedNum}</strong>{' '}
              条的企业联系方式尚未解锁，直接导出只能看到打码的号码。
            </p>
            <p>
              解锁全部需要 <strong>{preview.unlockCost}</strong> 次解锁额度（每家企业 1
              次，已解锁的不重复扣除），当前剩余 <strong>{preview.remaining}</strong> 次。
            </p>
            {preview.unlockBlocked ? (
              <p className="ent-muted" data-testid="wyw-unlock-blocked">
                {preview.unlockBlocked}
              </p>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </>
  );
}
