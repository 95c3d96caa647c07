'use client';
import './notify.css';

import { useCallback, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { App, Badge, Button, Popover, Skeleton } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { updateAllNotificationsRead } from '@/lib/shared/notify/notify.contract';
import {
  useNotifyPush,
  useRefreshNotifications,
  useUnreadCount,
  type NotifyPush,
} from './useNotifications';

export const INFO_CENTER_PATH = '/infoCenter';

/** The list (antd List, dates) loads when the popover first opens, or the pointer nears it. */
const loadList = () => import('./NotifyBellList');
const NotifyBellList = dynamic(() => loadList().then((m) => m.NotifyBellList), {
  ssr: false,
  loading: () => <Skeleton active title={false} paragraph={{ rows: 3 }} />,
});

/**
 * 消息 in the top bar (spec 2.4): the unread count as a badge; a click shows the newest unread
 * messages with 全部已读 and 查看全部. A message the server pushes shows as a notice at once and
 * updates the count, the list and the message centre without a reload.
 */
export function NotificationBell() {
  const { notification, message } = App.useApp();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const refresh = useRefreshNotifications();

  const onPush = useCallback(
    (push: NotifyPush) => {
      refresh();
      notification.info({
        title: '新消息',
        description: push.title,
        placement: 'topRight',
        duration: 4,
      });
    },
    [notification, refresh],
  );
  useNotifyPush(onPush, refresh);

  async function readAll() {
    await call(updateAllNotificationsRead, {});
    refresh();
    void message.success('已全部标为已读');
  }

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={
        <div className="notify-bell-head">
          <span>消息通知</span>
          {unread > 0 ? (
            <Button type="link" size="small" onClick={() => void readAll()}>
              全部已读
            </Button>
          ) : null}
        </div>
      }
      content={
        <div className="notify-bell-panel" data-testid="notify-bell-panel">
          <NotifyBellList
            open={open}
            infoCenterPath={INFO_CENTER_PATH}
            onPick={() => setOpen(false)}
          />
          <Link href={INFO_CENTER_PATH} className="notify-bell-all" onClick={() => setOpen(false)}>
            查看全部
          </Link>
        </div>
      }
    >
      <Button
        type="text"
        aria-label={unread > 0 ? `消息通知，${unread} 条未读` : '消息通知'}
        data-testid="notify-bell"
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        icon={
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
