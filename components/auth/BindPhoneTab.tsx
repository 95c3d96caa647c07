'use client';

import { useState } from 'react';
import { Button, Form } from 'antd';
import { SMS_SCENES } from '@/lib/shared/validation';
import { PhoneAndCodeFields } from './SmsLoginTab';
import styles from './auth.module.css';

export type BindPhoneValues = { mobile: string; smsCode: string };

/** 完善手机号: a new WeChat identity scanned the QR and is tied to a phone (spec 2.6). */
export function BindPhoneTab({
  onSubmit,
  onBack,
}: {
  onSubmit: (v: BindPhoneValues) => Promise<void>;
  onBack: () => void;
}) {
  const [form] = Form.useForm<BindPhoneValues>();
  const [loading, setLoading] = useState(false);
  return (
    <Form
      form={form}
      size="large"
      name="bind-phone"
      onFinish={async (v) => {
        setLoading(true);
        try {
          await onSubmit({ mobile: v.mobile.trim(), smsCode: v.smsCode.trim() });
        } finally {
          setLoading(false);
        }
      }}
    >
      <h2 className={styles.title}>完善手机号</h2>
      <p className={styles.hint} style={{ margin: '0 0 16px' }}>
        首次使用微信登录，请绑定手机号
      </p>
      <PhoneAndCodeFields
        scene={SMS_SCENES.login}
        timerKey={0}
        mobileField="mobile"
        codeField="smsCode"
      />
      <Button type="primary" htmlType="submit" block loading={loading}>
        确定
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        返回扫码登录
      </Button>
    </Form>
  );
}
