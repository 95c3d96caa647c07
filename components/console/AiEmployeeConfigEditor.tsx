'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Input, Skeleton, Space } from 'antd';
import { call, contractKey } from '@/lib/client/request';
import { errorText } from '@/components/employee/errors';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import {
  digitalEmployeeConfigStatus,
  digitalEmployeeConfigUpdate,
} from '@/lib/shared/ai/skill.endpoints';
import { EMPLOYEE_CONFIG_DOC_PATH } from '@/lib/shared/ai/skill.contract';
import { DEFAULT_EMPLOYEE_CONFIG, employeeConfigProblem } from '@/lib/shared/ai/employee-config';
import { useFeedback } from '@/lib/client/feedback';

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

/**
 * 数字员工配置 (operator's console, issue 34 item 3): the document the AI employee's pages read —
 * skills (names, texts, examples, lowest edition), greetings — edited as JSON. The browser checks
 * it as the server does before saving; the server checks it again, stores and audits it.
 */
export function AiEmployeeConfigEditor() {
  const { message } = useFeedback();
  const status = useQuery({
    queryKey: contractKey(digitalEmployeeConfigStatus),
    queryFn: () => call(digitalEmployeeConfigStatus, {}, { silent: true }),
  });
  /** The operator's edit; null shows the document in use. */
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const s = status.data;
  const text = draft ?? (s ? pretty(s.config) : '');

  let problem: string | null = null;
  try {
    problem = employeeConfigProblem(JSON.parse(text));
  } catch {
    problem = '不是合法的 JSON';
  }

  async function save() {
    setSaving(true);
    try {
      await call(digitalEmployeeConfigUpdate, { body: { config: JSON.parse(text) } });
      message.success('已保存，数字员工页面和 AI 助手即刻使用新配置');
      await status.refetch();
      setDraft(null);
    } catch {
      // The shared handler has shown the message.
    } finally {
      setSaving(false);
    }
  }

  if (status.error)
    return (
      <LoadErrorAlert
        title={errorText(status.error, '配置加载失败')}
        onRetry={() => status.refetch()}
      />
    );
  if (!s) return <Skeleton active />;
  return (
    <section className="ent-card" data-testid="ai-config">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="来源">
          {s.source === 'url' ? `外部地址 ${s.url}` : `本应用（${EMPLOYEE_CONFIG_DOC_PATH}）`}
        </Descriptions.Item>
        <Descriptions.Item label="ETag">{s.etag}</Descriptions.Item>
        <Descriptions.Item label="更新时间">
          {s.updatedAt
            ? new Date(s.updatedAt).toLocaleString('zh-CN', { hour12: false })
            : '内置默认'}
        </Descriptions.Item>
      </Descriptions>
      {s.lastError ? (
        <Alert
          type="warning"
          showIcon
          data-testid="ai-config-error"
          message={`最近一次读取的配置有误，仍在使用上一份：${s.lastError}`}
        />
      ) : null}
      <Input.TextArea
        value={text}
        onChange={(e) => setDraft(e.target.value)}
        autoSize={{ minRows: 16, maxRows: 32 }}
        spellCheck={false}
        aria-label="配置文档（JSON）"
        style={{ fontFamily: 'monospace', marginTop: 12 }}
        disabled={s.source === 'url'}
        data-testid="ai-config-text"
      />
      {problem ? (
        <Alert type="error" showIcon message={problem} data-testid="ai-config-problem" />
      ) : null}
      <Space wrap style={{ marginTop: 12 }}>
        <Button
          type="primary"
          loading={saving}
          disabled={!!problem || s.source === 'url'}
          onClick={save}
          data-testid="ai-config-save"
        >
          保存
        </Button>
        <Button
          onClick={() => setDraft(pretty(DEFAULT_EMPLOYEE_CONFIG))}
          disabled={s.source === 'url'}
        >
          填入内置默认
        </Button>
      </Space>
    </section>
  );
}
