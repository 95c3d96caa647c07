'use client';

import { useEffect, useState } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin, Tag } from 'antd';
import { EditOutlined, RobotOutlined } from '@ant-design/icons';
import { call, contractKey } from '@/lib/client/request';
import { getDefaultQueryByKeyword } from '@/lib/shared/ai/ai.endpoints';
import { AI_QUERY_MAX } from '@/lib/shared/ai/ai.constants';
import { useStaticConfig } from '@/components/search/advanced/useStaticConfig';
import { useAiAssistant } from '@/lib/client/ai/useAiAssistant';
import { clearAiJumpFlag } from '@/lib/client/ai/jump';
import { useActionError } from '@/components/enterprise/actions/QuotaDialog';
import { SendBox } from './SendBox';
import { TaskList } from './TaskList';
import { Thread } from './Thread';
import { StarterRecommendations } from './Recommendations';

const SUGGEST_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** Requests completed from what the user is typing (get-default-query-by-keyword). */
function TypingSuggestions({ text, onPick }: { text: string; onPick: (q: string) => void }) {
  const keyword = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS);
  const short = keyword.length >= 2 && Array.from(keyword).length <= 12;
  const input = { query: { keyword } };
  const q = useQuery({
    queryKey: contractKey(getDefaultQueryByKeyword, input),
    queryFn: ({ signal }) => call(getDefaultQueryByKeyword, input, { signal, silent: true }),
    enabled: short,
    staleTime: 60_000,
  });
  const items = short ? (q.data ?? []).filter((s) => s.query !== text.trim()).slice(0, 3) : [];
  if (items.length === 0) return null;
  return (
    <div className="ai-suggest" data-testid="ai-typing-suggestions">
      <span className="ai-suggest-title">您是不是想找：</span>
      {items.map((s) => (
        <Tag.CheckableTag key={s.query} checked={false} onChange={() => onPick(s.query)}>
          {s.query}
        </Tag.CheckableTag>
      ))}
    </div>
  );
}

/** The greetings of the configuration document (issue 34 item 3). */
export type AiGreetings = { greeting: string; welcomeBack: string };

function Welcome({
  jumped,
  greetings,
  taskId,
  onAsk,
}: {
  jumped: boolean;
  greetings: AiGreetings;
  taskId: number | null;
  onAsk: (q: string) => void;
}) {
  return (
    <div className="ai-empty" data-testid="ai-empty">
      <RobotOutlined
        style={{ fontSize: 40, color: '#1677ff', justifySelf: 'center' }}
        aria-hidden
      />
      <h2>{jumped ? greetings.welcomeBack : greetings.greeting}</h2>
      <p className="ent-muted" style={{ margin: 0 }}>
        用一句话描述您要找的企业：地区、行业、注册资本、成立年限、企业标签、有无联系方式都可以说，
        我会把理解到的条件列出来，您可以随时修改，再把结果加入线索或导出。
      </p>
      <StarterRecommendations taskId={taskId} onAsk={onAsk} />
    </div>
  );
}

/**
 * /ai (spec 2.8, 4.5): the task list, the open task's thread and the send box. isJump=1 (the
 * post-login jump) greets the user; ?taskId= opens that task.
 */
export function AiAssistant({ greetings }: { greetings: AiGreetings }) {
  const params = useSearchParams();
  const jumped = params.get('isJump') === '1';
  const initialTaskId = Number(params.get('taskId')) || null;
  const ai = useAiAssistant(initialTaskId);
  const onError = useActionError();
  // A skill's request (?ask=, from /digitalEmployee directly or through the login): filled in,
  // not sent, so the member reads it first.
  const [draft, setDraft] = useState(() => (params.get('ask') ?? '').slice(0, AI_QUERY_MAX).trim());
  const [lastQuery, setLastQuery] = useState<string | null>(null);

  useEffect(() => clearAiJumpFlag(), []);

  // The open task is kept in the address (?taskId=), so a reload or a shared link reopens it.
  const router = useRouter();
  const openId = ai.selection.taskId;
  const shownId = params.get('taskId');
  useEffect(() => {
    if (String(openId ?? '') === (shownId ?? '')) return;
    if (openId === null && shownId === null) return;
    router.replace(openId === null ? '/ai' : `/ai?taskId=${openId}`, { scroll: false });
  }, [openId, shownId, router]);

  const config = useStaticConfig();

  async function ask(query: string) {
    if (ai.sending) return;
    setLastQuery(query);
    setDraft('');
    try {
      await ai.send(query);
    } catch (err) {
      // Creating the task failed before anything was sent: the text comes back to the box.
      setDraft(query);
      onError(err);
    }
  }

  const { taskId, messages } = ai.selection;
  const task = ai.selectedTask;

  return (
    <div className="ai-page" data-testid="ai-page">
      <TaskList
        tasks={ai.tasks.data}
        loading={ai.tasks.isPending}
        activeId={taskId}
        onOpen={(id) => void ai.selectTask(id)}
        onCreate={ai.createTask}
        onRename={ai.renameTask}
        onDelete={ai.deleteTask}
      />
      <section className="ai-chat" aria-label="对话">
        <div className="ai-chat-head">
          <h2 data-testid="ai-task-title">{task ? task.taskName : '新的对话'}</h2>
          {ai.sending ? (
            <Tag color="processing" data-testid="ai-replying">
              回复中
            </Tag>
          ) : task ? (
            <span className="ent-muted" style={{ fontSize: 12 }}>
              <EditOutlined /> 可在左侧重命名
            </span>
          ) : null}
        </div>
        {ai.loadError ? (
          <Alert
            type="error"
            showIcon
            message={ai.loadError}
            action={
              <Button size="small" onClick={() => void ai.selectTask(taskId)}>
                重试
              </Button>
            }
            style={{ margin: 16 }}
          />
        ) : null}
        {ai.loadingMessages ? (
          <div className="ai-thread" role="status">
            <div className="ws-loading">
              <Spin />
              <span>加载对话…</span>
            </div>
          </div>
        ) : taskId !== null && messages.length > 0 ? (
          <Thread
            taskId={taskId}
            messages={messages}
            busy={ai.sending}
            config={config.data}
            onRerun={(messageId, c, k, label) => void ai.rerun(messageId, c, k, label)}
            onAsk={(q) => void ask(q)}
            onRetry={() => lastQuery && void ask(lastQuery)}
            onReload={() => void ai.reloadMessages()}
          />
        ) : (
          <div className="ai-thread">
            <Welcome
              jumped={jumped}
              greetings={greetings}
              taskId={taskId}
              onAsk={(q) => void ask(q)}
            />
          </div>
        )}
        <SendBox
          value={draft}
          onChange={setDraft}
          onSend={(q) => void ask(q)}
          sending={ai.sending}
          disabled={ai.loadingMessages}
          suggestions={
            ai.sending ? null : <TypingSuggestions text={draft} onPick={(q) => setDraft(q)} />
          }
        />
      </section>
    </div>
  );
}
