'use client';

import { FilterSelect } from '@/components/crm/FilterSelect';
import { useState } from 'react';
import Link from 'next/link';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { getAddWeixinTaskList, stopAddWeixinTask } from '@/lib/shared/ai/outreach.endpoints';
import type { AddWeixinTaskRow } from '@/lib/shared/ai/outreach.contract';
import { OUTREACH_STATUS } from '@/lib/shared/ai/outreach.constants';
import { PagedTable } from '@/components/crm/paged-list';
import { AddWeixinCounts, AddWeixinStatusTag } from './AddWeixinCard';
import { addWeixinDetailHref } from './add-weixin-href';
import { useFeedback } from '@/lib/client/feedback';

const PAGE_SIZE = 20;
const STATES = [
  { value: OUTREACH_STATUS.running, label: '进行中' },
  { value: OUTREACH_STATUS.ended, label: '已结束' },
];

/**
 * 加微任务 (/ai/addWeixinTasks, issue 33 item 5): the tasks within the member's data scope — their
 * own, and for an admin every task of the tenant — by member and state, each with its counts, a
 * link to its page and 停止 while it runs (the server checks the scope again).
 */
export function AddWeixinTaskList() {
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [userId, setUserId] = useState<number | undefined>(undefined);
  const [status, setStatus] = useState<number | undefined>(undefined);
  const input = { query: { pageNo, pageSize: PAGE_SIZE, userId, status } };
  const page = useQuery({
    queryKey: contractKey(getAddWeixinTaskList, input),
    queryFn: () => call(getAddWeixinTaskList, input, { silent: true }),
    placeholderData: keepPreviousData,
  });

  const stop = (t: AddWeixinTaskRow) =>
    modal.confirm({
      title: '停止加微任务',
      content: `停止「${t.title}」（${t.ownerName}）？未发送的联系人不再发送，预扣的加微余额退回。`,
      okText: '停止',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await call(stopAddWeixinTask, { body: { messageId: t.messageId } }, { silent: true });
          message.success('任务已停止');
        } catch (err) {
          message.error(err instanceof Error ? err.message : '停止失败');
        }
        await client.invalidateQueries({ queryKey: contractKey(getAddWeixinTaskList) });
      },
    });

  const columns: ColumnsType<AddWeixinTaskRow> = [
    {
      title: '任务',
      key: 'title',
      width: 220,
      render: (_v, t) => <Link href={addWeixinDetailHref(t)}>{t.title}</Link>,
    },
    { title: '成员', dataIndex: 'ownerName', width: 100 },
    {
      title: '状态',
      key: 'status',
      width: 130,
      render: (_v, t) => <AddWeixinStatusTag task={t} />,
    },
    { title: '结果', key: 'counts', width: 380, render: (_v, t) => <AddWeixinCounts task={t} /> },
    {
      title: '企业 / 联系人',
      key: 'size',
      width: 110,
      render: (_v, t) => `${t.companyCount} / ${t.total}`,
    },
    {
      title: '创建时间',
      key: 'created',
      width: 130,
      render: (_v, t) => dayjs(t.createTime).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_v, t) =>
        t.wocStatus === OUTREACH_STATUS.running ? (
          <Button size="small" danger onClick={() => stop(t)} data-testid="weixin-list-stop">
            停止
          </Button>
        ) : null,
    },
  ];

  return (
    <section className="ent-card" data-testid="weixin-task-list">
      <h1 className="ent-page-title">加微任务</h1>
      <p className="ent-muted">
        您的数据权限内的加微任务（管理员可见本企业全部成员的任务）。新建任务：在 AI
        助手的搜索结果中勾选企业，或在线索管理中勾选线索后点「批量加微」。
      </p>
      <Space wrap style={{ marginBottom: 12 }}>
        <FilterSelect
          searchable
          placeholder="成员"
          label="按成员筛选"
          width={160}
          value={userId}
          onChange={(v) => {
            setUserId(v);
            setPageNo(1);
          }}
          options={(page.data?.owners ?? []).map((o) => ({ value: o.userId, label: o.name }))}
        />
        <FilterSelect
          placeholder="状态"
          label="按状态筛选"
          width={120}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPageNo(1);
          }}
          options={STATES}
        />
      </Space>
      <PagedTable<AddWeixinTaskRow>
        page={page}
        paging={{ pageNo, pageSize: PAGE_SIZE, onPage: (no) => setPageNo(no) }}
        columns={columns}
        size="small"
        scrollX={1200}
        sizes={false}
        unit="个任务"
        errorTitle="加载失败"
        locale={{ emptyText: '暂无加微任务' }}
      />
    </section>
  );
}
