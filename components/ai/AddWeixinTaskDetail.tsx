'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Input, Select, Skeleton, Space, Switch, Table, Tag } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { ApiClientError, call, contractKey } from '@/lib/client/request';
import {
  createExportTaskByWeixinTask,
  getAddWeixinTaskDetail,
  stopAddWeixinTask,
  updateAddWeixinTaskRemindStatus,
  updateAddWeixinTaskTitle,
} from '@/lib/shared/ai/outreach.endpoints';
import type { OutreachContactView } from '@/lib/shared/ai/outreach.contract';
import {
  OUTREACH_STATE_TEXT,
  OUTREACH_STATUS,
  OUTREACH_TITLE_MAX,
} from '@/lib/shared/ai/outreach.constants';
import { AddWeixinCounts, AddWeixinStatusTag } from './AddWeixinCard';
import { useOutreachLive, useThrottledInvalidate } from './useOutreachLive';
import { useFeedback } from '@/lib/client/feedback';

/** The contact rows follow the pushes at most this often. */
const ROWS_RELOAD_MS = 1000;

const STATE_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'blue',
  3: 'green',
  4: 'orange',
  5: 'red',
  6: 'default',
};

const time = (v: number | null) => (v ? dayjs(v).format('MM-DD HH:mm:ss') : '-');

const COLUMNS: ColumnsType<OutreachContactView> = [
  { title: '序号', key: 'seq', width: 70, render: (_v, r) => r.seq + 1 },
  { title: '企业名称', dataIndex: 'entName', width: 240 },
  { title: '联系人', dataIndex: 'personName', width: 100, render: (v: string | null) => v ?? '-' },
  { title: '手机号', dataIndex: 'mobile', width: 130, render: (v: string | null) => v ?? '-' },
  {
    title: '结果',
    key: 'state',
    width: 90,
    render: (_v, r) => <Tag color={STATE_COLOR[r.state]}>{r.stateText}</Tag>,
  },
  { title: '原因', dataIndex: 'reason', width: 200, render: (v: string | null) => v ?? '' },
  { title: '发送时间', key: 'sent', width: 130, render: (_v, r) => time(r.sentTime) },
  { title: '回应时间', key: 'answer', width: 130, render: (_v, r) => time(r.answerTime) },
];

const id = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * 加微任务详情: the task (settings, greeting, counts, balance used), every contact with its
 * result (filter, paging), 停止, 导出结果, rename and the reminder switch. Live from the push
 * channel while the task runs (useOutreachLive).
 */
export function AddWeixinTaskDetail() {
  const params = useSearchParams();
  const messageId = id(params.get('messageId'));
  const taskId = id(params.get('taskId')) ?? undefined;
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [state, setState] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<string | null>(null);
  const input = { query: { messageId: messageId ?? 0, taskId, pageNo, pageSize: 20, state } };
  const detailKey = contractKey(getAddWeixinTaskDetail, input);
  // The pushed task replaces the counts at once; the contact rows are read again (throttled).
  const reloadRows = useThrottledInvalidate(detailKey, ROWS_RELOAD_MS);
  const pollMs = useOutreachLive(messageId, reloadRows);
  const detail = useQuery({
    queryKey: detailKey,
    queryFn: ({ signal }) => call(getAddWeixinTaskDetail, input, { signal, silent: true }),
    enabled: messageId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollMs(q.state.data?.addWeixinTask),
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: contractKey(getAddWeixinTaskDetail) });

  if (
    messageId === null ||
    (detail.isError && detail.error instanceof ApiClientError && detail.error.code === 404)
  )
    return (
      <StatusNotice
        status="404"
        title="加微任务不存在"
        extra={<Link href="/ai">返回 AI 助手</Link>}
      />
    );
  if (!detail.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const t = detail.data.addWeixinTask;
  const running = t.wocStatus === OUTREACH_STATUS.running;
  const body = { messageId: t.messageId, taskId: t.taskId };

  const rename = async () => {
    const title = (editing ?? '').trim();
    if (!title) return void message.error('请输入任务名称');
    await call(updateAddWeixinTaskTitle, { body: { ...body, title } });
    setEditing(null);
    message.success('已保存');
    await refresh();
  };

  return (
    <div data-testid="weixin-detail">
      <Space style={{ marginBottom: 12 }} wrap>
        <Link href={`/ai?taskId=${t.taskId}`}>← 返回对话</Link>
        {editing === null ? (
          <h2 style={{ margin: 0 }} data-testid="weixin-detail-title">
            {t.title}
          </h2>
        ) : (
          <Space.Compact>
            <Input
              value={editing}
              maxLength={OUTREACH_TITLE_MAX}
              showCount
              onChange={(e) => setEditing(e.target.value)}
              aria-label="任务名称"
            />
            <Button type="primary" onClick={() => void rename()}>
              保存
            </Button>
          </Space.Compact>
        )}
        {editing === null ? (
          <Button size="small" type="link" onClick={() => setEditing(t.title)}>
            重命名
          </Button>
        ) : null}
        <AddWeixinStatusTag task={t} />
        {t.demo ? <Tag color="purple">演示数据</Tag> : null}
      </Space>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="打招呼内容" span={2}>
          {t.greeting}
        </Descriptions.Item>
        <Descriptions.Item label="企业 / 联系人">
          {t.companyCount} 家 / {t.total} 个
        </Descriptions.Item>
        <Descriptions.Item label="每日上限">
          {t.dailyCap} 人（{t.windowStartHour}:00-{t.windowEndHour}:00 发送）
        </Descriptions.Item>
        <Descriptions.Item label="创建时间">
          {dayjs(t.createTime).format('YYYY-MM-DD HH:mm')}
        </Descriptions.Item>
        <Descriptions.Item label="结束时间">
          {dayjs(t.endTime).format('YYYY-MM-DD HH:mm')}
        </Descriptions.Item>
        <Descriptions.Item label="加微余额">
          预扣 {t.reserved} 次，已用 {t.charged} 次，退回 {t.released} 次
        </Descriptions.Item>
        <Descriptions.Item label="消息提醒">
          <Switch
            checked={t.remind}
            aria-label="消息提醒"
            onChange={async (remind) => {
              await call(updateAddWeixinTaskRemindStatus, { body: { ...body, remind } });
              await refresh();
            }}
          />{' '}
          <span className="ent-muted">完成、达到每日上限时发到消息中心</span>
        </Descriptions.Item>
      </Descriptions>
      <Space wrap style={{ marginBottom: 12 }}>
        <AddWeixinCounts task={t} />
        {running ? (
          <Button
            danger
            size="small"
            data-testid="weixin-detail-stop"
            onClick={() =>
              modal.confirm({
                title: '停止加微任务',
                content: '未发送的联系人将不再发送，预扣的加微余额会退回。确定停止吗？',
                okText: '停止',
                cancelText: '取消',
                onOk: async () => {
                  await call(stopAddWeixinTask, { body });
                  message.success('任务已停止');
                  await refresh();
                },
              })
            }
          >
            停止
          </Button>
        ) : null}
        <Button
          size="small"
          onClick={async () => {
            await call(createExportTaskByWeixinTask, { body });
            message.success('已创建导出任务，完成后可在下载中心下载');
          }}
        >
          导出结果
        </Button>
        <Select
          size="small"
          allowClear
          placeholder="按结果筛选"
          style={{ width: 140 }}
          value={state}
          onChange={(v: number | undefined) => {
            setState(v);
            setPageNo(1);
          }}
          options={Object.entries(OUTREACH_STATE_TEXT).map(([k, v]) => ({
            value: Number(k),
            label: v,
          }))}
        />
      </Space>
      <Table<OutreachContactView>
        rowKey="id"
        size="small"
        columns={COLUMNS}
        dataSource={detail.data.list}
        scroll={{ x: 'max-content' }}
        loading={detail.isFetching && detail.isPlaceholderData}
        pagination={{
          current: pageNo,
          pageSize: 20,
          total: detail.data.total,
          showSizeChanger: false,
          onChange: setPageNo,
        }}
      />
    </div>
  );
}
