'use client';

import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, DatePicker, Segmented, Select, Space, Table } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { ApiClientError, call, contractKey } from '@/lib/client/request';
import {
  getMyNotificationPage,
  updateAllNotificationsRead,
  updateNotificationRead,
} from '@/lib/shared/notify/notify.endpoints';
import type { NotificationView } from '@/lib/shared/notify/notify.contract';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import Link from 'next/link';
import { notificationTarget } from '@/lib/shared/notify/notify-links';
import { NOTIFY_KIND_LABELS, notifyKindLabel } from './notify-kinds';
import { useMarkOpened, useRefreshNotifications, useUnreadCount } from './useNotifications';
import { useFeedback } from '@/lib/client/feedback';

const PAGE_SIZE = 10;

type ReadFilter = 'all' | 'unread' | 'read';

const READ_FILTERS: { label: string; value: ReadFilter }[] = [
  { label: '全部', value: 'all' },
  { label: '未读', value: 'unread' },
  { label: '已读', value: 'read' },
];

type Filters = {
  read: ReadFilter;
  kind?: string;
  range: [Dayjs, Dayjs] | null;
  pageNo: number;
};

function pageQuery(f: Filters) {
  return {
    pageNo: f.pageNo,
    pageSize: PAGE_SIZE,
    readStatus:
      f.read === 'all' ? undefined : f.read === 'read' ? ('true' as const) : ('false' as const),
    templateCode: f.kind,
    beginTime: f.range ? f.range[0].startOf('day').valueOf() : undefined,
    endTime: f.range ? f.range[1].endOf('day').valueOf() : undefined,
  };
}

/**
 * 消息中心 (/infoCenter): my messages, newest first, filtered by read state, kind and time;
 * marking read one by one, the selected ones, or all; a message's title opens its object (and
 * marks it read). Pushed messages refresh it (bell).
 */
export function InfoCenter() {
  const { message } = useFeedback();
  const [filters, setFilters] = useState<Filters>({ read: 'all', range: null, pageNo: 1 });
  const [selected, setSelected] = useState<number[]>([]);
  const unread = useUnreadCount();
  const refresh = useRefreshNotifications();
  const markOpened = useMarkOpened();
  const query = useQuery({
    queryKey: contractKey(getMyNotificationPage, { query: pageQuery(filters) }),
    queryFn: () => call(getMyNotificationPage, { query: pageQuery(filters) }, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, pageNo: 1, ...next }));
    setSelected([]);
  };

  async function markRead(ids: number[]) {
    if (!ids.length) return;
    await call(updateNotificationRead, { query: { ids: ids.join(',') } });
    setSelected([]);
    refresh();
  }

  async function markAllRead() {
    await call(updateAllNotificationsRead, {});
    setSelected([]);
    refresh();
    void message.success('已全部标为已读');
  }

  if (query.error instanceof ApiClientError && query.error.code === 401)
    return <SignInRequired text="登录后查看您的消息" />;

  const columns: ColumnsType<NotificationView> = [
    {
      title: '消息',
      dataIndex: 'title',
      render: (_v, n) => {
        const target = notificationTarget(n);
        return (
          <div className={n.readStatus ? 'notify-row' : 'notify-row notify-row-unread'}>
            <div className="notify-row-title">
              {n.readStatus ? null : <Badge status="processing" aria-label="未读" />}
              {target ? (
                // Opens the message's object (an order, a lead, the join requests) and marks it read.
                <Link
                  href={target}
                  onClick={() => markOpened(n)}
                  data-testid="notify-open"
                  title="查看详情"
                >
                  {n.title}
                </Link>
              ) : (
                n.title
              )}
            </div>
            <div className="notify-row-content">{n.content}</div>
          </div>
        );
      },
    },
    {
      title: '类型',
      dataIndex: 'templateCode',
      width: 130,
      render: (v: string | null) => notifyKindLabel(v),
    },
    {
      title: '时间',
      dataIndex: 'createTime',
      width: 160,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'action',
      width: 100,
      render: (_v, n) =>
        n.readStatus ? (
          <span className="ent-muted">已读</span>
        ) : (
          <Button type="link" size="small" onClick={() => void markRead([n.id])}>
            标为已读
          </Button>
        ),
    },
  ];

  return (
    <div className="notify-center">
      <div className="ent-list-toolbar notify-toolbar">
        <Space wrap>
          <Segmented<ReadFilter>
            aria-label="已读状态"
            options={READ_FILTERS}
            value={filters.read}
            onChange={(read) => change({ read })}
          />
          <Select
            allowClear
            aria-label="消息类型"
            placeholder="全部类型"
            style={{ width: 150 }}
            value={filters.kind}
            onChange={(kind?: string) => change({ kind })}
            options={Object.entries(NOTIFY_KIND_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <DatePicker.RangePicker
            aria-label="时间范围"
            value={filters.range}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
            onChange={(r) => change({ range: r && r[0] && r[1] ? [r[0], r[1]] : null })}
          />
        </Space>
        <Space wrap>
          <Button disabled={!selected.length} onClick={() => void markRead(selected)}>
            标为已读{selected.length ? `（${selected.length}）` : ''}
          </Button>
          <Button type="primary" disabled={unread === 0} onClick={() => void markAllRead()}>
            全部已读
          </Button>
        </Space>
      </div>
      {query.isError ? (
        <StatusNotice
          status="warning"
          title="消息加载失败"
          extra={<Button onClick={() => void query.refetch()}>重试</Button>}
        />
      ) : (
        <Table<NotificationView>
          rowKey="id"
          size="middle"
          loading={query.isFetching && !query.data}
          columns={columns}
          dataSource={query.data?.list ?? []}
          locale={{ emptyText: filters.read === 'unread' ? '没有未读消息' : '暂无消息' }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as number[]),
            getCheckboxProps: (n) => ({ disabled: n.readStatus, 'aria-label': `选择 ${n.title}` }),
          }}
          pagination={{
            current: filters.pageNo,
            pageSize: PAGE_SIZE,
            total: query.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (pageNo) => setFilters((f) => ({ ...f, pageNo })),
          }}
          scroll={{ x: 640 }}
        />
      )}
    </div>
  );
}
