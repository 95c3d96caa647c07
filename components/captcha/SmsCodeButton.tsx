'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { ApiClientError, call } from '@/lib/client/request';
import { sendSmsCode } from '@/lib/shared/auth/auth.endpoints';
import { sendCodeMobileSchema, type SmsScene } from '@/lib/shared/validation/rules';
import { CaptchaCancelledError, useCaptcha } from './useCaptcha';
import { useFeedback } from '@/lib/client/feedback';

export type { SmsScene };

export type SmsCodeButtonProps = {
  /** Current phone number in the form. */
  getMobile: () => string | undefined;
  /** 21 login / binding, 4 password reset and verification, 6 phone change, 9 account deletion. */
  scene: SmsScene;
  /** Countdown: 120 on the login screen, 60 elsewhere (spec 9). */
  seconds: 120 | 60;
  /** Called after a send; in demo mode with the code the server returned (to show or prefill). */
  onSent?: (demoCode?: string) => void;
  disabled?: boolean;
  block?: boolean;
};

/**
 * 获取验证码 → phone check → slider captcha → POST /system/auth/send-sms-code → 验证码已发送 and a
 * 重新获取(Ns) countdown (spec 4.2). Renders its own captcha dialog.
 */
export function SmsCodeButton({
  getMobile,
  scene,
  seconds,
  onSent,
  disabled,
  block,
}: SmsCodeButtonProps) {
  const { message } = useFeedback();
  const captcha = useCaptcha();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const startCountdown = () => {
    if (timer.current) clearInterval(timer.current);
    setLeft(seconds);
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1 && timer.current) {
          clearInterval(timer.current);
          timer.current = null;
        }
        return Math.max(0, s - 1);
      });
    }, 1000);
  };

  const send = async () => {
    const parsed = sendCodeMobileSchema.safeParse(getMobile() ?? '');
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? '请正确输入手机号');
      return;
    }
    let captchaVerification: string;
    try {
      captchaVerification = await captcha.verify();
    } catch (err) {
      if (err instanceof CaptchaCancelledError) return;
      // The provider's widget could not load or answer: say so (the slider never rejects so).
      message.error((err as Error).message || '验证码加载失败，请稍后重试');
      return;
    }
    setSending(true);
    try {
      const data = await call(
        sendSmsCode,
        { body: { mobile: parsed.data, scene, captchaVerification } },
        { silent: true },
      );
      message.success('验证码已发送');
      startCountdown();
      onSent?.(typeof data === 'string' && data ? data : undefined);
    } catch (err) {
      message.error(err instanceof ApiClientError ? err.message : '验证码发送失败，请稍后再试');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button
        onClick={() => void send()}
        loading={sending}
        disabled={disabled || left > 0}
        block={block}
        data-testid="sms-code-button"
      >
        {left > 0 ? `重新获取(${left}s)` : '获取验证码'}
      </Button>
      {captcha.holder}
    </>
  );
}
