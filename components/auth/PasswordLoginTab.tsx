'use client';

import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import {
  Captcha,
  CaptchaCancelledError,
  useCaptcha,
  useCaptchaProvider,
} from '@/components/captcha';
import { loginPasswordSchema, loginUsernameSchema, zodRule } from '@/lib/shared/validation';
import { getRememberedAccount } from '@/lib/client/session/login-flags';
import { ConsentConfirm, useConsentGate } from './ConsentCheckbox';
import { useFeedback } from '@/lib/client/feedback';

export type PasswordLoginValues = { username: string; password: string; remember: boolean };

/**
 * Account and password (spec 2.6): the button stays disabled until both fields are filled (not
 * until consent: pressed before it, a small confirm asks and goes on, issue 28 item 7);
 * remember-me (default on) keeps the account name for next time and a 30-day session (ADR 0007).
 * The slider opens in a dialog on 登录, or with `inlineCaptcha` sits in the form (the captcha's
 * fixed mode, for the phone page where a dialog over the keyboard is awkward) and must be passed
 * before 登录 is enabled.
 */
export function PasswordLoginTab({
  agree,
  onAgree,
  onSubmit,
  onForgot,
  consent,
  inlineCaptcha: inlineWanted = false,
}: {
  agree: boolean;
  /** Ticks the consent box (同意并继续 in the confirm). */
  onAgree: () => void;
  onSubmit: (v: PasswordLoginValues & { captchaVerification: string }) => Promise<void>;
  onForgot: () => void;
  consent: React.ReactNode;
  inlineCaptcha?: boolean;
}) {
  const [form] = Form.useForm<PasswordLoginValues>();
  const { message } = useFeedback();
  // Only the built-in slider sits in a form; a provider's widget always opens its own layer.
  const provider = useCaptchaProvider();
  const inlineCaptcha = inlineWanted && provider !== 'tencent';
  const username = Form.useWatch('username', form);
  const password = Form.useWatch('password', form);
  const [loading, setLoading] = useState(false);
  const captcha = useCaptcha();
  const [inlinePass, setInlinePass] = useState<string | null>(null);
  // A verification counts once: every attempt gets a fresh inline challenge.
  const [inlineRound, setInlineRound] = useState(0);
  const [initial] = useState(() => ({
    username: getRememberedAccount(),
    password: '',
    remember: true,
  }));

  const submit = async (values: PasswordLoginValues) => {
    let captchaVerification: string;
    if (inlineCaptcha) {
      if (!inlinePass) return;
      captchaVerification = inlinePass;
    } else {
      try {
        captchaVerification = await captcha.verify();
      } catch (err) {
        // Closed: nothing to say; a provider's widget that failed to load: its message.
        if (!(err instanceof CaptchaCancelledError)) message.error((err as Error).message);
        return;
      }
    }
    setLoading(true);
    try {
      await onSubmit({ ...values, captchaVerification });
    } finally {
      setLoading(false);
      if (inlineCaptcha) {
        setInlinePass(null);
        setInlineRound((r) => r + 1);
      }
    }
  };

  const gate = useConsentGate(agree, onAgree, submit);

  return (
    <Form
      form={form}
      initialValues={initial}
      onFinish={gate.submit}
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
      {inlineCaptcha ? (
        <div style={{ marginBottom: 12 }} aria-label="安全验证" role="group">
          <Captcha key={inlineRound} mode="fixed" width={300} onSuccess={setInlinePass} />
        </div>
      ) : null}
      <ConsentConfirm {...gate.confirmProps}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={loading}
          disabled={!username?.trim() || !password || (inlineCaptcha && !inlinePass)}
        >
          登录
        </Button>
      </ConsentConfirm>
      <div style={{ marginTop: 12 }}>{consent}</div>
      {inlineCaptcha ? null : captcha.holder}
    </Form>
  );
}
