'use client';

import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import {
  maskMobile,
  newPasswordSchema,
  smsCodeSchema,
  SMS_SCENES,
  VALIDATION_MESSAGES,
  zodRule,
} from '@/lib/shared/validation';
import { call } from '@/lib/client/request';
import { resetSelfPassword } from '@/lib/shared/user/user.endpoints';
import { errorText } from './account-session';
import { SmsCodeField } from './SmsCodeField';
import { useFeedback } from '@/lib/client/feedback';

type Values = { code: string; password: string; confirmPassword: string };

/**
 * Set or change the password with an SMS code to the own number (scene 4): 8-16 characters,
 * letters and digits, no Chinese, entered twice (spec 5). This session stays; others end.
 */
export function ChangePasswordModal({
  open,
  mobile,
  hasPassword,
  onClose,
  onChanged,
}: {
  open: boolean;
  mobile: string;
  hasPassword: boolean;
  onClose: () => void;
  onChanged: () => Promise<void>;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      await call(
        resetSelfPassword,
        { body: { verificationCode: v.code.trim(), newPassword: v.password } },
        { silent: true },
      );
      message.success('修改成功');
      onClose();
      void onChanged();
    } catch (err) {
      message.error(errorText(err, '修改失败'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={hasPassword ? '修改密码' : '设置密码'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} autoComplete="off">
        <Form.Item label="手机号">
          <Input value={maskMobile(mobile)} readOnly aria-label="手机号" />
        </Form.Item>
        <SmsCodeField
          form={form}
          scene={SMS_SCENES.resetPassword}
          getMobile={() => mobile}
          schema={smsCodeSchema}
        />
        <Form.Item
          name="password"
          label="新密码"
          required
          rules={[zodRule(newPasswordSchema)]}
          extra="8-16 位，须同时包含字母和数字，不能包含中文"
        >
          <Input.Password
            placeholder="请输入新密码"
            autoComplete="new-password"
            aria-label="新密码"
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: VALIDATION_MESSAGES.passwordRequired },
            ({ getFieldValue }) => ({
              validator: async (_r, value: string) => {
                if (value && value !== getFieldValue('password'))
                  throw new Error(VALIDATION_MESSAGES.passwordMismatch);
              },
            }),
          ]}
        >
          <Input.Password
            placeholder="请再次输入新密码"
            autoComplete="new-password"
            aria-label="确认密码"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
