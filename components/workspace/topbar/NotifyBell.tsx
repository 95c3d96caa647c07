'use client';

import { useCallback, useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import {
  useNotifyPush,
  useRefreshNotifications,
  useUnreadCount,
  type NotifyPush,
} from '@/components/notify/useNotifications';
import { ReportProgress } from '@/components/notify/ReportProgress';
import { REPORT_NOTIFY_KIND } from '@/lib/shared/enterprise-report/current-report';
import { Flyout } from '../Flyout';
import { onDemand, useUsed } from '@/lib/client/on-demand';
import { useFeedback } from '@/lib/client/feedback';

/** The panel (its list, dates, 全部已读) loads when first opened, or as the pointer nears it. */
const loadPanel = onDemand(() => import('./NotifyBellPanel'));
const NotifyBellPanel = dynamic(() => loadPanel().then((m) => m.NotifyBellPanel), {
  ssr: false,
  loading: () => <div className="notify-bell-panel ws-skeleton" aria-hidden />,
});

/** antd Badge's way of writing a large count. */
const OVERFLOW = 99;

/**
 * 消息 in the top bar (spec 2.4): the unread count as a badge; a click shows the newest unread
 * messages with 全部已读 and 查看全部. A message the server pushes shows as a notice at once and
 * updates the count, the list and the message centre without a reload. The bell and its badge are
 * plain elements; the panel's code comes on intent. A report being generated shows its progress
 * under the bell (ReportProgress).
 */
export function NotifyBell() {
  const { notification } = useFeedback();
  const [open, setOpen] = useState(false);
  const [used, markUsed] = useUsed();
  const unread = useUnreadCount();
  const refresh = useRefreshNotifications();

  const onPush = useCallback(
    (push: NotifyPush) => {
      refresh();
      // A finished report is already told under the bell (ReportProgress), with its link.
      if (push.kind === REPORT_NOTIFY_KIND) return;
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

  const close = () => setOpen(false);
  return (
    <span className="ws-bell-area">
      <Flyout
        open={open}
        onClose={close}
        label="消息通知"
        className="ws-flyout-bell"
        trigger={
          <Button
            type="text"
            aria-label={unread > 0 ? `消息通知，${unread} 条未读` : '消息通知'}
            aria-expanded={open}
            aria-haspopup="dialog"
            data-testid="notify-bell"
            onClick={() => {
              markUsed();
              setOpen(!open);
            }}
            onPointerEnter={() => void loadPanel()}
            onFocus={() => void loadPanel()}
            icon={
              <span className="ws-bell">
                <BellOutlined style={{ fontSize: 16 }} />
                {unread > 0 ? (
                  // The class name of antd's Badge count, which the message tests look for.
                  <sup className="ws-count ant-badge-count">
                    {unread > OVERFLOW ? `${OVERFLOW}+` : unread}
                  </sup>
                ) : null}
              </span>
            }
          />
        }
      >
        {used ? <NotifyBellPanel open={open} unread={unread} onClose={close} /> : null}
      </Flyout>
      {/* Spec 3: the unread message's currentReport while progressVisible. */}
      <ReportProgress />
    </span>
  );
}
