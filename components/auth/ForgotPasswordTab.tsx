'use client';

import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import {
  newPasswordSchema,
  SMS_SCENES,
  VALIDATION_MESSAGES,
  zodRule,
} from '@/lib/shared/validation';
import { PhoneAndCodeFields } from './SmsLoginTab';
import styles from './auth.module.css';

export type ResetValues = { username: string; verifyCode: string; password: string };

/** 找回密码 (spec 2.6, 3 reset form): phone, code (scene 4), new password twice. */
export function ForgotPasswordTab({
  onSubmit,
  onBack,
}: {
  onSubmit: (v: ResetValues) => Promise<void>;
  onBack: () => void;
}) {
  const [form] = Form.useForm<ResetValues & { newPassword: string }>();
  const [loading, setLoading] = useState(false);
  return (
    <Form
      form={form}
      size="large"
      name="forgot-password"
      onFinish={async (v) => {
        setLoading(true);
        try {
          await onSubmit({
            username: v.username.trim(),
            verifyCode: v.verifyCode,
            password: v.password,
          });
        } finally {
          setLoading(false);
        }
      }}
    >
      <h2 className={styles.title}>找回密码</h2>
      <PhoneAndCodeFields
        scene={SMS_SCENES.resetPassword}
        timerKey={0}
        mobileField="username"
        codeField="verifyCode"
      />
      <Form.Item name="password" rules={[zodRule(newPasswordSchema)]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入8-16位新密码（字母加数字）"
          autoComplete="new-password"
          aria-label="新密码"
          maxLength={16}
        />
      </Form.Item>
      <Form.Item
        name="newPassword"
        dependencies={['password']}
        rules={[
          { required: true, message: VALIDATION_MESSAGES.passwordRequired },
          ({ getFieldValue }) => ({
            validator: async (_r, value) => {
              if (value && value !== getFieldValue('password'))
                throw new Error(VALIDATION_MESSAGES.passwordMismatch);
            },
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请再次输入新密码"
          autoComplete="new-password"
          aria-label="确认新密码"
          maxLength={16}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        确定
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        返回账号密码登录
      </Button>
    </Form>
  );
}
