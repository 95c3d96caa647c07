'use client';

import { useEffect, useRef } from 'react';
import { Button, Spin } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { StaticConfig } from '@/lib/shared/search/search.contract';
import type { AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import {
  MESSAGE_STATUS,
  isSearchReply,
  shownText,
  type ThreadMessage,
} from '@/lib/client/ai/thread-state';
import { SearchReply } from './SearchReply';
import { AddWeixinCard } from './AddWeixinCard';
import { isAddWeixin } from '@/lib/shared/ai/ai.constants';
import type { AddWeixinTask } from '@/lib/shared/ai/outreach.contract';
import { FollowUpRecommendations } from './Recommendations';

/** What the placeholder says while it waits (spec 4.5: 5 waiting, 3 reply received). */
function pendingText(m: ThreadMessage): string {
  if (m.status === MESSAGE_STATUS.placeholder) return '正在理解您的需求…';
  return m.content || '正在搜索…';
}

function MessageItem({
  taskId,
  message: m,
  busy,
  config,
  onRerun,
  onAsk,
  onRetry,
  onReload,
}: {
  taskId: number;
  message: ThreadMessage;
  busy: boolean;
  config: StaticConfig | undefined;
  onRerun: (
    messageId: number,
    c: AdvancedSearchCondition,
    keyword: string | null,
    label?: string,
  ) => void;
  onAsk: (q: string) => void;
  onRetry: () => void;
  onReload?: () => void;
}) {
  const user = m.type === 0;
  const time = dayjs(m.createTime).format('M月D日 HH:mm');
  if (user) {
    return (
      <div className="ai-msg ai-msg-user" data-testid="ai-msg-user">
        <div className="ai-bubble">{m.content}</div>
        <span className="ai-msg-time">{time}</span>
      </div>
    );
  }
  const placeholder = m.local && !m.error;
  const text = shownText(m);
  return (
    <div
      className={m.error ? 'ai-msg ai-msg-assistant ai-msg-error' : 'ai-msg ai-msg-assistant'}
      data-testid="ai-msg-assistant"
      data-status={m.status}
      aria-busy={placeholder || m.streaming ? true : undefined}
    >
      <span className="ai-msg-time">
        <RobotOutlined /> AI 助手 · {time}
      </span>
      {placeholder ? (
        <div className="ai-bubble" role="status">
          <Spin size="small" /> <span style={{ marginLeft: 8 }}>{pendingText(m)}</span>
        </div>
      ) : (
        <div className="ai-bubble" role={m.error ? 'alert' : undefined}>
          <span className={m.streaming ? 'ai-typing' : undefined} data-testid="ai-reply-text">
            {text || (m.streaming ? '' : ' ')}
          </span>
          {m.error && m.isNewest ? (
            <Button size="small" type="link" onClick={onRetry} disabled={busy}>
              重新发送
            </Button>
          ) : null}
        </div>
      )}
      {!m.local && !m.error && isSearchReply(m) && m.aiMessage ? (
        <SearchReply
          taskId={taskId}
          message={m}
          busy={busy}
          config={config}
          onRerun={(c, k, label) => onRerun(m.messageId, c, k, label)}
          onAsk={onAsk}
          onTaskCreated={onReload}
        />
      ) : null}
      {!m.local && isAddWeixin(m.subType) && m.addWeixinTask && 'id' in m.addWeixinTask ? (
        <AddWeixinCard task={m.addWeixinTask as AddWeixinTask} />
      ) : null}
      {!m.local && !m.error && !isSearchReply(m) && m.suggestions && m.suggestions.length > 0 ? (
        <FollowUpRecommendations
          taskId={taskId}
          keyword={null}
          suggestions={m.suggestions}
          onAsk={onAsk}
        />
      ) : null}
      {m.isNewest && !busy && !m.error && isSearchReply(m) && m.aiMessage ? (
        <FollowUpRecommendations
          taskId={taskId}
          keyword={m.aiMessage.keyword}
          suggestions={m.suggestions ?? []}
          onAsk={onAsk}
        />
      ) : null}
    </div>
  );
}

/** The messages of the open task, newest at the bottom (kept in view while they grow). */
export function Thread({
  taskId,
  messages,
  busy,
  config,
  onRerun,
  onAsk,
  onRetry,
  onReload,
  header,
}: {
  taskId: number;
  messages: ThreadMessage[];
  busy: boolean;
  config: StaticConfig | undefined;
  onRerun: (
    messageId: number,
    c: AdvancedSearchCondition,
    keyword: string | null,
    label?: string,
  ) => void;
  onAsk: (q: string) => void;
  onRetry: () => void;
  onReload?: () => void;
  header?: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  const tail = `${messages.length}:${last?.messageId}:${last?.status}:${last?.streamed?.length ?? 0}`;
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [tail]);
  return (
    <div className="ai-thread" data-testid="ai-thread" aria-live="polite" ref={box}>
      {header}
      {messages
        .filter((m) => !m.hide)
        .map((m) => (
          <MessageItem
            key={m.messageId}
            taskId={taskId}
            message={m}
            busy={busy}
            config={config}
            onRerun={onRerun}
            onAsk={onAsk}
            onRetry={onRetry}
            onReload={onReload}
          />
        ))}
    </div>
  );
}
