'use client';

import Link from 'next/link';
import { Empty, List, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { notificationTarget } from '@/lib/shared/notify/notify-links';
import { notifyKindLabel } from './notify-kinds';
import { useLatestUnread, useMarkOpened } from './useNotifications';

/**
 * The bell's list: the newest unread messages, read while the popover is open; a click opens the
 * message's object and marks it read. Its own module,
 * loaded by the workspace bell's panel (components/workspace/topbar/NotifyBellPanel.tsx) when it first opens (the bell itself is on every page).
 */
export function NotifyBellList({
  open,
  infoCenterPath,
  onPick,
}: {
  open: boolean;
  infoCenterPath: string;
  onPick: () => void;
}) {
  const latest = useLatestUnread(open);
  const markOpened = useMarkOpened();
  if (latest.isPending) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (!latest.data?.list.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有未读消息" />;
  return (
    <List
      size="small"
      dataSource={latest.data.list}
      renderItem={(n) => (
        <List.Item key={n.id}>
          <List.Item.Meta
            title={
              // Opens the message's object (its order, lead, …; the message centre when it has
              // none) and marks it read.
              <Link
                href={notificationTarget(n) ?? infoCenterPath}
                onClick={() => {
                  markOpened(n);
                  onPick();
                }}
                data-testid="notify-bell-item"
              >
                {n.title}
              </Link>
            }
            description={
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {notifyKindLabel(n.templateCode)} · {dayjs(n.createTime).format('MM-DD HH:mm')}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
}
