'use client';

import Link from 'next/link';
import { Empty, List, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { notifyKindLabel } from './notify-kinds';
import { useLatestUnread } from './useNotifications';

/**
 * The bell's list: the newest unread messages, read while the popover is open. Its own module,
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
              <Link href={infoCenterPath} onClick={onPick}>
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
