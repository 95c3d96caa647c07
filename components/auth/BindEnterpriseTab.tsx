'use client';

import { useState } from 'react';
import { AutoComplete, Button, Form, Input } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { maskMobile } from '@/lib/shared/validation';
import { call } from '@/lib/client/request';
import { useSuggestions } from '@/lib/client/use-suggestions';
import { enterpriseSuggest } from '@/lib/shared/auth/auth.endpoints';
import type { EnterpriseSuggestion } from '@/lib/shared/search/search.contract';
import styles from './auth.module.css';

/** Spec 5: login-screen suggestions, debounced 300 ms, at most 6. */
export const SUGGEST_DEBOUNCE_MS = 300;
export const SUGGEST_LIMIT = 6;

export type BindEnterpriseValues = { companyName: string; companyId: number | null };

/**
 * 完善企业信息. Type 0: an existing user without an enterprise; type 1: a new user from SMS login.
 * Choosing a suggestion binds that enterprise; a typed name creates or joins by name.
 */
export function BindEnterpriseTab({
  type,
  mobile,
  initialName,
  onSubmit,
  onBack,
}: {
  type: 0 | 1;
  mobile: string;
  initialName?: string;
  onSubmit: (v: BindEnterpriseValues) => Promise<void>;
  onBack: () => void;
}) {
  const [form] = Form.useForm<{ companyName: string }>();
  const [picked, setPicked] = useState<EnterpriseSuggestion | null>(null);
  const [loading, setLoading] = useState(false);
  const { options, search } = useSuggestions<EnterpriseSuggestion>(
    (keyword, signal) =>
      call(
        enterpriseSuggest,
        { query: { keyword, limit: SUGGEST_LIMIT } },
        { signal, silent: true },
      ),
    { limit: SUGGEST_LIMIT, delayMs: SUGGEST_DEBOUNCE_MS },
  );

  return (
    <Form
      form={form}
      size="large"
      name="bind-enterprise"
      initialValues={{ companyName: initialName ?? '' }}
      onFinish={async (v) => {
        const name = v.companyName.trim();
        setLoading(true);
        try {
          await onSubmit({
            companyName: name,
            companyId: picked && picked.entname === name ? picked.ent_id : null,
          });
        } finally {
          setLoading(false);
        }
      }}
    >
      <h2 className={styles.title}>完善企业信息</h2>
      <p className={styles.hint} style={{ margin: '0 0 16px' }}>
        {type === 1
          ? `欢迎新用户 ${maskMobile(mobile)}，请填写所在企业完成注册`
          : `账号 ${maskMobile(mobile)} 尚未绑定企业，请填写所在企业`}
      </p>
      <Form.Item
        name="companyName"
        rules={[
          { required: true, whitespace: true, message: '请输入企业名称' },
          { max: 100, message: '企业名称最多 100 个字符' },
        ]}
      >
        <AutoComplete
          options={options.map((o) => ({
            value: o.entname,
            label: (
              <div>
                <div>{o.entname}</div>
                <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>{o.uncid}</div>
              </div>
            ),
          }))}
          onSearch={search}
          onSelect={(value: string) => setPicked(options.find((o) => o.entname === value) ?? null)}
        >
          <Input prefix={<BankOutlined />} placeholder="请输入企业名称" aria-label="企业名称" />
        </AutoComplete>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {type === 1 ? '完成注册' : '确定'}
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        返回登录
      </Button>
    </Form>
  );
}
