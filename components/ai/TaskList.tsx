'use client';

import { useState } from 'react';
import { Button, Empty, Input, Modal, Skeleton, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { AiTask } from '@/lib/shared/ai/ai.contract';
import { AI_MESSAGES, AI_TASK_NAME_MAX } from '@/lib/shared/ai/ai.constants';
import { useActionError } from '@/components/enterprise/actions/QuotaDialog';
import { useFeedback } from '@/lib/client/feedback';

/** 今天 shows the time, older tasks the date (zh-cn). */
function when(ms: number): string {
  const d = dayjs(ms);
  return d.isSame(dayjs(), 'day') ? d.format('HH:mm') : d.format('M月D日');
}

/** The task list (spec 2.8): new, open, rename and delete (with a confirmation). */
export function TaskList({
  tasks,
  loading,
  activeId,
  onOpen,
  onCreate,
  onRename,
  onDelete,
}: {
  tasks: AiTask[] | undefined;
  loading: boolean;
  activeId: number | null;
  onOpen: (taskId: number) => void;
  onCreate: () => Promise<unknown>;
  onRename: (taskId: number, name: string) => Promise<void>;
  onDelete: (taskId: number) => Promise<void>;
}) {
  const { message, modal } = useFeedback();
  const onError = useActionError();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<AiTask | null>(null);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  async function create() {
    setCreating(true);
    try {
      await onCreate();
    } catch (err) {
      onError(err);
    } finally {
      setCreating(false);
    }
  }

  async function saveName() {
    if (!renaming) return;
    const next = name.trim();
    if (!next) {
      message.warning(AI_MESSAGES.taskNameRequired);
      return;
    }
    setSaving(true);
    try {
      await onRename(renaming.taskId, next);
      message.success('已重命名');
      setRenaming(null);
    } catch (err) {
      onError(err);
    } finally {
      setSaving(false);
    }
  }

  function confirmDelete(task: AiTask) {
    modal.confirm({
      title: '删除任务',
      content: `确定删除「${task.taskName}」吗？任务中的对话将一并删除，且无法恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await onDelete(task.taskId);
          message.success('已删除');
        } catch (err) {
          onError(err);
        }
      },
    });
  }

  return (
    <aside className="ai-tasks" aria-label="任务列表" data-testid="ai-tasks">
      <div className="ai-tasks-head">
        <h1>AI 助手</h1>
        <Button
          type="primary"
          size="small"
          icon={<PlusOutlined />}
          loading={creating}
          onClick={() => void create()}
          data-testid="ai-new-task"
        >
          新建任务
        </Button>
      </div>
      {loading ? (
        <div style={{ padding: 16 }}>
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        </div>
      ) : tasks && tasks.length > 0 ? (
        <ul className="ai-task-list">
          {tasks.map((t) => (
            <li
              key={t.taskId}
              className={t.taskId === activeId ? 'ai-task ai-task-active' : 'ai-task'}
              data-testid="ai-task"
            >
              <button
                type="button"
                className="ai-task-open"
                aria-current={t.taskId === activeId ? 'true' : undefined}
                onClick={() => onOpen(t.taskId)}
              >
                <span className="ai-task-name">{t.taskName}</span>
                <span className="ai-task-time">
                  {when(t.updateTime)}
                  {t.lastMessage ? ` · ${t.lastMessage.slice(0, 18)}` : ''}
                </span>
              </button>
              <Tooltip title="重命名">
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`重命名 ${t.taskName}`}
                  onClick={() => {
                    setName(t.taskName);
                    setRenaming(t);
                  }}
                  data-testid="ai-task-rename"
                />
              </Tooltip>
              <Tooltip title="删除">
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除 ${t.taskName}`}
                  onClick={() => confirmDelete(t)}
                  data-testid="ai-task-delete"
                />
              </Tooltip>
            </li>
          ))}
        </ul>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="还没有任务，直接在右侧提问即可开始"
          style={{ padding: '24px 8px' }}
        />
      )}
      <Modal
        title="重命名任务"
        open={renaming !== null}
        onCancel={() => setRenaming(null)}
        onOk={() => void saveName()}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        destroyOnHidden
      >
        <Input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={AI_TASK_NAME_MAX}
          showCount
          placeholder="请输入任务名称"
          aria-label="任务名称"
          onPressEnter={() => void saveName()}
          data-testid="ai-task-name-input"
          autoFocus
        />
      </Modal>
    </aside>
  );
}
