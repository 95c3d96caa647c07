'use client';

import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { ApiClientError, call, contractKey } from '@/lib/client/request';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import {
  getJoinRequestPage,
  updateAllJoinRequests,
  updateJoinRequest,
} from '@/lib/shared/invitation/invitation.endpoints';
import type { JoinDecision, JoinRequestView } from '@/lib/shared/invitation/invitation.contract';
import './invitation.css';
import { useFeedback } from '@/lib/client/feedback';

const PAGE_SIZE = 10;
const STATUS_TAGS: Record<number, { text: string; color: string }> = {
  0: { text: '待审核', color: 'blue' },
  1: { text: '已通过', color: 'green' },
  2: { text: '已拒绝', color: 'red' },
  3: { text: '已撤回', color: 'default' },
};
type Filter = 'pending' | 'all' | 'approved' | 'rejected';
const FILTER_STATUS: Record<Filter, number | undefined> = {
  pending: 0,
  approved: 1,
  rejected: 2,
  all: undefined,
};

/**
 * 加入申请 (spec 7.2): the tenant's join requests; administrators approve or reject one or all.
 * On 成员管理 (issue 28 item 7) beside the member count; `onChanged` refreshes that page's count
 * and members after a decision.
 */
export function JoinRequestTable({ onChanged }: { onChanged?: () => unknown } = {}) {
  const { message } = useFeedback();
  const client = useQueryClient();
  const [filter, setFilter] = useState<Filter>('pending');
  const [pageNo, setPageNo] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...contractKey(getJoinRequestPage), filter, pageNo],
    queryFn: () =>
      call(
        getJoinRequestPage,
        { query: { pageNo, pageSize: PAGE_SIZE, status: FILTER_STATUS[filter] } },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    retry: 0,
  });

  const code = query.error instanceof ApiClientError ? query.error.code : null;
  if (code === 401) return <SignInRequired text="登录后可审批加入企业的申请" />;
  if (code === 403)
    return (
      <StatusNotice status="403" title="当前操作没有权限" subTitle="仅企业管理员可审批加入申请" />
    );

  async function run(key: string, action: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await action();
      message.success(done);
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : '操作失败');
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: contractKey(getJoinRequestPage) });
      await onChanged?.();
    }
  }

  const decide = (id: number, status: JoinDecision) =>
    run(
      `${id}`,
      () => call(updateJoinRequest, { body: { id, status } }, { silent: true }),
      status === 1 ? '已通过' : '已拒绝',
    );
  const decideAll = (status: JoinDecision) =>
    run(
      `all-${status}`,
      async () => {
        const n = await call(updateAllJoinRequests, { body: { status } }, { silent: true });
        if (n === 0) throw new Error('暂无待审核的申请');
      },
      status === 1 ? '已全部通过' : '已全部拒绝',
    );

  const columns: ColumnsType<JoinRequestView> = [
    { title: '申请人', dataIndex: 'nickname', render: (v: string) => v || '-' },
    { title: '手机号', dataIndex: 'mobile', render: (v: string) => v || '-' },
    { title: '邀请码', dataIndex: 'invitationCode', render: (v: string | null) => v || '-' },
    {
      title: '申请时间',
      dataIndex: 'createTime',
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: number) => <Tag color={STATUS_TAGS[v]?.color}>{STATUS_TAGS[v]?.text ?? v}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      render: (_v, r) =>
        r.status === 0 ? (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              loading={busy === `${r.id}`}
              onClick={() => decide(r.id, 1)}
            >
              通过
            </Button>
            <Popconfirm
              title="确定拒绝该申请吗？"
              okText="确定"
              cancelText="取消"
              onConfirm={() => decide(r.id, 2)}
            >
              <Button type="link" size="small" danger>
                拒绝
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <div>
      <div className="inv-toolbar">
        <Segmented<Filter>
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPageNo(1);
          }}
          options={[
            { label: '待审核', value: 'pending' },
            { label: '已通过', value: 'approved' },
            { label: '已拒绝', value: 'rejected' },
            { label: '全部', value: 'all' },
          ]}
        />
        <Space>
          <Popconfirm
            title="确定通过全部待审核的申请吗？"
            okText="确定"
            cancelText="取消"
            onConfirm={() => decideAll(1)}
          >
            <Button type="primary" loading={busy === 'all-1'}>
              全部通过
            </Button>
          </Popconfirm>
          <Popconfirm
            title="确定拒绝全部待审核的申请吗？"
            okText="确定"
            cancelText="取消"
            onConfirm={() => decideAll(2)}
          >
            <Button danger loading={busy === 'all-2'}>
              全部拒绝
            </Button>
          </Popconfirm>
        </Space>
      </div>
      <Table<JoinRequestView>
        rowKey="id"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.list ?? []}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNo,
          showTotal: (t) => `共 ${t} 条`,
        }}
        locale={{ emptyText: '暂无加入申请' }}
      />
    </div>
  );
}
