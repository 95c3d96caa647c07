'use client';

import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Progress, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import {
  createExportTaskByWeixinTask,
  getAddWeixinTaskDetail,
  stopAddWeixinTask,
} from '@/lib/shared/ai/outreach.endpoints';
import type { AddWeixinTask } from '@/lib/shared/ai/outreach.contract';
import {
  OUTREACH_END_TEXT,
  OUTREACH_EXPIRED_STATUS,
  OUTREACH_STATUS,
} from '@/lib/shared/ai/outreach.constants';
import { useOutreachLive } from './useOutreachLive';
import { addWeixinDetailHref } from './add-weixin-href';
import { useFeedback } from '@/lib/client/feedback';

/** The card's state tag (spec 4.5: 5 = running past its end time, shown as ended). */
export function AddWeixinStatusTag({ task }: { task: AddWeixinTask }) {
  if (task.status === OUTREACH_EXPIRED_STATUS) return <Tag color="default">已到结束时间</Tag>;
  if (task.wocStatus === OUTREACH_STATUS.ended)
    return <Tag color="default">{OUTREACH_END_TEXT[task.endReason ?? 'finished']}</Tag>;
  if (task.resumeAfter)
    return <Tag color="gold">暂停至 {dayjs(task.resumeAfter).format('M月D日 HH:mm')}</Tag>;
  return <Tag color="processing">进行中</Tag>;
}

export function AddWeixinCounts({ task }: { task: AddWeixinTask }) {
  return (
    <Space wrap size={4} data-testid="weixin-counts">
      <Tag>排队 {task.queued}</Tag>
      <Tag color="blue">已发送 {task.sent}</Tag>
      <Tag color="green">已通过 {task.accepted}</Tag>
      <Tag color="orange">已拒绝 {task.refused}</Tag>
      <Tag color="red">失败 {task.failed}</Tag>
      <Tag>跳过 {task.skipped}</Tag>
    </Space>
  );
}

/**
 * The add-contact task in the conversation (subType 1 / 6): progress, counts by result, end
 * time, 停止 and 导出结果; live from the push channel (useOutreachLive).
 */
export function AddWeixinCard({ task: initial }: { task: AddWeixinTask }) {
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const input = { query: { messageId: initial.messageId, taskId: initial.taskId, pageSize: 1 } };
  const pollMs = useOutreachLive(initial.messageId);
  const live = useQuery({
    queryKey: contractKey(getAddWeixinTaskDetail, input),
    queryFn: ({ signal }) => call(getAddWeixinTaskDetail, input, { signal, silent: true }),
    refetchInterval: (q) => pollMs(q.state.data?.addWeixinTask ?? initial),
  });
  const task = live.data?.addWeixinTask ?? initial;
  const done = task.total - task.queued;
  const running = task.wocStatus === OUTREACH_STATUS.running;

  const stop = () =>
    modal.confirm({
      title: '停止加微任务',
      content: '未发送的联系人将不再发送，预扣的加微余额会退回。确定停止吗？',
      okText: '停止',
      cancelText: '取消',
      onOk: async () => {
        await call(stopAddWeixinTask, { body: { messageId: task.messageId, taskId: task.taskId } });
        message.success('任务已停止');
        await queryClient.invalidateQueries({ queryKey: contractKey(getAddWeixinTaskDetail) });
      },
    });
  const exportResults = async () => {
    await call(createExportTaskByWeixinTask, {
      body: { messageId: task.messageId, taskId: task.taskId },
    });
    message.success('已创建导出任务，完成后可在下载中心下载');
  };

  return (
    <div className="ai-weixin-card" data-testid="weixin-card" data-status={task.status}>
      <div className="ai-weixin-head">
        <strong>加微任务：{task.title}</strong> <AddWeixinStatusTag task={task} />
        {task.demo ? <Tag color="purple">演示数据</Tag> : null}
      </div>
      <Progress
        percent={task.total ? Math.round((done / task.total) * 100) : 100}
        size="small"
        status={running ? 'active' : 'normal'}
        aria-label="加微进度"
      />
      <p className="ent-muted" style={{ margin: '4px 0' }}>
        {task.companyCount} 家企业 · {task.total} 个联系人 · 结束时间{' '}
        {dayjs(task.endTime).format('YYYY-MM-DD HH:mm')} · 已用余额 {task.charged} 次
      </p>
      <AddWeixinCounts task={task} />
      {task.cluePoolEntNameList.length > 0 ? (
        <p className="ent-muted" style={{ margin: '4px 0' }}>
          {task.cluePoolEntNameList.join('、')}
          {task.companyCount > task.cluePoolEntNameList.length ? ' 等' : ''}
        </p>
      ) : null}
      <Space wrap style={{ marginTop: 6 }}>
        {running ? (
          <Button size="small" danger onClick={stop} data-testid="weixin-stop">
            停止
          </Button>
        ) : null}
        <Button size="small" onClick={() => void exportResults()} data-testid="weixin-export">
          导出结果
        </Button>
        <Link href={addWeixinDetailHref(task)} data-testid="weixin-detail-link">
          查看详情
        </Link>
      </Space>
    </div>
  );
}
