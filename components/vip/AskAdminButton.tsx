'use client';

import { useState } from 'react';
import { Button } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { requestUpgrade } from '@/lib/shared/vip/vip.endpoints';
import { useFeedback } from '@/lib/client/feedback';

/** Sends the upgrade request and says what happened (sent, or already sent today). */
export function useAskAdmin() {
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  async function ask(edition?: number): Promise<void> {
    setBusy(true);
    try {
      const r = await call(requestUpgrade, { body: edition ? { edition } : {} }, { silent: true });
      if (r.alreadyRequested) void message.info('今天已通知过管理员，请耐心等待管理员处理');
      else void message.success(`已通知 ${r.notified} 位管理员，管理员开通后即可使用`);
    } catch (err) {
      void message.error((err as Error).message || '通知失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }
  return { ask, busy };
}

/** 通知管理员: for a member who may not buy (issue 28 item 7). */
export function AskAdminButton({
  edition,
  label = '通知管理员',
  type = 'primary',
}: {
  edition?: number;
  label?: string;
  type?: 'primary' | 'default';
}) {
  const { ask, busy } = useAskAdmin();
  return (
    <Button
      type={type}
      icon={<NotificationOutlined />}
      loading={busy}
      onClick={() => void ask(edition)}
    >
      {label}
    </Button>
  );
}
