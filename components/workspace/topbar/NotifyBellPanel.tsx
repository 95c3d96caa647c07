'use client';
import '@/components/notify/notify.css';

import Link from 'next/link';
import { Button } from 'antd';
import { call } from '@/lib/client/request';
import { updateAllNotificationsRead } from '@/lib/shared/notify/notify.endpoints';
import { NotifyBellList } from '@/components/notify/NotifyBellList';
import { useRefreshNotifications } from '@/components/notify/useNotifications';
import { useFeedback } from '@/lib/client/feedback';

const INFO_CENTER_PATH = '/infoCenter';

/** The bell's panel: 消息通知 with 全部已读, the newest unread messages and 查看全部. */
export function NotifyBellPanel({
  open,
  unread,
  onClose,
}: {
  open: boolean;
  unread: number;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const refresh = useRefreshNotifications();

  async function readAll() {
    await call(updateAllNotificationsRead, {});
    refresh();
    void message.success('已全部标为已读');
  }

  return (
    <div className="notify-bell-panel" data-testid="notify-bell-panel">
      <div className="notify-bell-head ws-flyout-title">
        <span>消息通知</span>
        {unread > 0 ? (
          <Button type="link" size="small" onClick={() => void readAll()}>
            全部已读
          </Button>
        ) : null}
      </div>
      <NotifyBellList open={open} infoCenterPath={INFO_CENTER_PATH} onPick={onClose} />
      <Link href={INFO_CENTER_PATH} className="notify-bell-all" onClick={onClose}>
        查看全部
      </Link>
    </div>
  );
}
