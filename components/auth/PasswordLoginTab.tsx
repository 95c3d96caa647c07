'use client';

import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useCaptcha } from '@/components/captcha';
import { loginPasswordSchema, loginUsernameSchema, zodRule } from '@/lib/shared/validation';
import { getRememberedAccount } from '@/lib/client/session/login-flags';

export type PasswordLoginValues = { username: string; password: string; remember: boolean };

/**
 * Account and password (spec 2.6): the button stays disabled until both fields are filled;
 * remember-me (default on) keeps the account name for next time and a 30-day session (ADR 0007).
 */
export function PasswordLoginTab({
  agree,
  onRemindConsent,
  onSubmit,
  onForgot,
  consent,
}: {
  agree: boolean;
  onRemindConsent: () => void;
  onSubmit: (v: PasswordLoginValues & { captchaVerification: string }) => Promise<void>;
  onForgot: () => void;
  consent: React.ReactNode;
}) {
  const [form] = Form.useForm<PasswordLoginValues>();
  const username = Form.useWatch('username', form);
  const password = Form.useWatch('password', form);
  const [loading, setLoading] = useState(false);
  const captcha = useCaptcha();
  const [initial] = useState(() => ({
    username: getRememberedAccount(),
    password: '',
    remember: true,
  }));

  const submit = async (values: PasswordLoginValues) => {
    if (!agree) return onRemindConsent();
    let captchaVerification: string;
    try {
      captchaVerification = await captcha.verify();
    } catch {
      return; // the slider was closed
    }
    setLoading(true);
    try {
      await onSubmit({ ...values, captchaVerification });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form
      form={form}
      initialValues={initial}
      onFinish={submit}
      size="large"
      autoComplete="on"
      name="password-login"
    >
      <Form.Item name="username" rules={[zodRule(loginUsernameSchema)]}>
        <Input
          prefix={<UserOutlined />}
          placeholder="请输入账号"
          autoComplete="username"
          aria-label="账号"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="password" rules={[zodRule(loginPasswordSchema)]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          autoComplete="current-password"
          aria-label="密码"
          maxLength={16}
        />
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>记住我</Checkbox>
        </Form.Item>
        <Button type="link" size="small" onClick={onForgot} style={{ padding: 0 }}>
          忘记密码
        </Button>
      </div>
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={loading}
        disabled={!username?.trim() || !password}
      >
        登录
      </Button>
      <div style={{ marginTop: 12 }}>{consent}</div>
      {captcha.holder}
    </Form>
  );
}
