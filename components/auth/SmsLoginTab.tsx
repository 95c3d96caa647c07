'use client';

import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { SmsCodeButton } from '@/components/captcha';
import { mobileSchema, smsCodeSchema, SMS_SCENES, zodRule } from '@/lib/shared/validation';
import { ConsentConfirm, useConsentGate } from './ConsentCheckbox';

export type SmsLoginValues = { mobile: string; code: string };

/**
 * Phone + SMS code (scene 21, 120 s countdown); demo mode fills the code the server returned. The
 * button is enabled once both fields are filled (spec 2.6); pressed before consent, a small
 * confirm asks and goes on.
 */
export function SmsLoginTab({
  agree,
  onAgree,
  onSubmit,
  consent,
  timerKey,
  submitText = '登录 / 注册',
}: {
  agree: boolean;
  /** Ticks the consent box (同意并继续 in the confirm). */
  onAgree: () => void;
  onSubmit: (v: SmsLoginValues) => Promise<void>;
  consent?: React.ReactNode;
  /** Changing it resets the code button's countdown (spec 4.2, new user). */
  timerKey: number;
  submitText?: string;
}) {
  const [form] = Form.useForm<SmsLoginValues>();
  const [loading, setLoading] = useState(false);

  const mobile = Form.useWatch('mobile', form);
  const code = Form.useWatch('code', form);
  const submit = async (values: SmsLoginValues) => {
    setLoading(true);
    try {
      await onSubmit({ mobile: values.mobile.trim(), code: values.code.trim() });
    } finally {
      setLoading(false);
    }
  };

  const gate = useConsentGate(agree, onAgree, submit);

  return (
    <Form form={form} onFinish={gate.submit} size="large" name="sms-login">
      <PhoneAndCodeFields
        scene={SMS_SCENES.login}
        timerKey={timerKey}
        mobileField="mobile"
        codeField="code"
      />
      <ConsentConfirm {...gate.confirmProps}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={loading}
          disabled={!mobile?.trim() || !code?.trim()}
        >
          {submitText}
        </Button>
      </ConsentConfirm>
      {consent ? <div style={{ marginTop: 12 }}>{consent}</div> : null}
    </Form>
  );
}

/** The phone and code pair used by the SMS, bind-phone and forgot-password forms. */
export function PhoneAndCodeFields({
  scene,
  timerKey,
  mobileField,
  codeField,
}: {
  scene: 21 | 4;
  timerKey: number;
  mobileField: string;
  codeField: string;
}) {
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item name={mobileField} rules={[zodRule(mobileSchema)]}>
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入手机号"
          maxLength={11}
          inputMode="numeric"
          autoComplete="tel"
          aria-label="手机号"
        />
      </Form.Item>
      <Form.Item>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name={codeField} rules={[zodRule(smsCodeSchema)]} noStyle>
            <Input
              prefix={<SafetyOutlined />}
              placeholder="请输入验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-label="验证码"
            />
          </Form.Item>
          <SmsCodeButton
            key={timerKey}
            scene={scene}
            seconds={120}
            getMobile={() => form.getFieldValue(mobileField) as string | undefined}
            onSent={(demoCode) => {
              if (demoCode) form.setFieldValue(codeField, demoCode);
            }}
          />
        </div>
      </Form.Item>
    </>
  );
}
