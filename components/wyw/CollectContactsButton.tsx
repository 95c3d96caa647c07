'use client';

import { useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { WYW_TEXT } from '@/lib/shared/wyw/wyw.constants';
import { wywCollect } from '@/lib/shared/wyw/wyw.endpoints';
import type { WywCollected } from '@/lib/shared/wyw/wyw.contract';
import { useFeedback } from '@/lib/client/feedback';

/**
 * 挖一挖 (spec 7.3) for one company: collects its contacts again and stores the new ones. For the
 * company page and the lead / customer detail; `onCollected` lets the contact panel refresh. The
 * contacts stay masked until the enterprise unlocks the company (no quota is charged here).
 */
export function CollectContactsButton({
  entId,
  onCollected,
  size = 'small',
}: {
  entId: number;
  onCollected?: (result: WywCollected) => void;
  size?: 'small' | 'middle';
}) {
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);

  async function collect() {
    setBusy(true);
    try {
      const r = await call(wywCollect, { body: { entId } });
      message.success(
        r.newCount > 0
          ? `${WYW_TEXT.collectDone}，新增 ${r.newCount} 个联系方式`
          : `${WYW_TEXT.collectDone}，未发现新的联系方式`,
      );
      onCollected?.(r);
    } catch {
      // The global handler shows the error.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button size={size} icon={<SearchOutlined />} loading={busy} onClick={collect}>
      {WYW_TEXT.collectButton}
    </Button>
  );
}
