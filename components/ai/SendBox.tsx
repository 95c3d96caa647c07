'use client';

import { useEffect, useRef, useState } from 'react';
import { Button, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { MAX_QUERY_CHARS, queryLength } from '@/lib/client/ai/thread-state';

/**
 * The send box (spec 2.8): Enter sends, Shift+Enter starts a new line, nothing is sent while a
 * send is in flight or the text is empty, and the text is limited to 2,000 characters with a
 * counter. `suggestions` (by keyword) show above it while the user types. While the page is
 * still loading (`disabled`) the box says 加载中 and an Enter pressed meanwhile is kept and sent as
 * soon as it can be, not lost.
 */
export function SendBox({
  value,
  onChange,
  onSend,
  sending,
  disabled,
  suggestions,
}: {
  value: string;
  onChange: (text: string) => void;
  onSend: (text: string) => void;
  sending: boolean;
  disabled?: boolean;
  suggestions?: React.ReactNode;
}) {
  const [composing, setComposing] = useState(false);
  const length = queryLength(value);
  const tooLong = length > MAX_QUERY_CHARS;
  const canSend = !sending && !disabled && value.trim().length > 0 && !tooLong;

  // An Enter while loading: the ref sends it once the page can; the state shows that it waits.
  const queuedRef = useRef(false);
  const [queuedShown, setQueuedShown] = useState(false);
  const queued = queuedShown && !!disabled && value.trim().length > 0;
  /** Loading: the request waits and goes out when the page can send. */
  const canQueue = !!disabled && !sending && value.trim().length > 0 && !tooLong;
  function queue() {
    queuedRef.current = true;
    setQueuedShown(true);
  }

  function send() {
    if (!canSend) return;
    onSend(value.trim());
  }

  useEffect(() => {
    if (!queuedRef.current || disabled || sending) return;
    queuedRef.current = false;
    if (value.trim() && !tooLong) onSend(value.trim());
  }, [disabled, sending, value, tooLong, onSend]);

  return (
    <div className="ai-sendbox" data-testid="ai-sendbox">
      {suggestions}
      <Input.TextArea
        value={value}
        onChange={(e) => {
          if (!queuedRef.current) setQueuedShown(false);
          onChange(e.target.value);
        }}
        onCompositionStart={() => setComposing(true)}
        onCompositionEnd={() => setComposing(false)}
        onKeyDown={(e) => {
          // An IME's Enter confirms the composition; it is not a send.
          if (e.key !== 'Enter' || e.shiftKey || composing || e.nativeEvent.isComposing) return;
          e.preventDefault();
          if (canQueue) queue();
          else send();
        }}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder="用一句话描述您要找的企业，例如：帮我找深圳南山区注册资本1000万以上的专精特新企业（Enter 发送，Shift+Enter 换行）"
        aria-label="输入您的需求"
        status={tooLong ? 'error' : undefined}
        data-testid="ai-input"
      />
      <div className="ai-sendbox-bar">
        <span
          className={tooLong ? 'ai-counter ai-counter-over' : 'ai-counter'}
          aria-live="polite"
          data-testid="ai-counter"
        >
          {length}/{MAX_QUERY_CHARS}
          {tooLong ? '，已超出字数限制' : ''}
        </span>
        {disabled ? (
          <span className="ent-muted" role="status" data-testid="ai-loading">
            加载中{queued ? '，就绪后自动发送' : ''}
          </span>
        ) : null}
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={sending || queued}
          disabled={!canSend && !canQueue}
          onClick={() => (canQueue ? queue() : send())}
          data-testid="ai-send"
        >
          {sending ? '发送中' : disabled ? '加载中' : '发送'}
        </Button>
      </div>
    </div>
  );
}
