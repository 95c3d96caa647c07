'use client';

import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { maskMobile, SMS_SCENES } from '@/lib/shared/validation';
import { call } from '@/lib/client/request';
import { deleteMyAccount } from '@/lib/shared/user/user.endpoints';
import { errorText, logoutAndGo } from './account-session';
import { SmsCodeField } from './SmsCodeField';
import { useFeedback } from '@/lib/client/feedback';

/**
 * Cancel-account dialog (spec 2.7, 4.7): read-only phone, code of scene 9, 确认注销. On success
 * the user is logged out, 账号注销成功 shows and the browser goes to /. Failures raise no
 * notification (spec 7.1); the code field says what was wrong.
 */
export function DeleteAccountDialog({
  open,
  mobile,
  onClose,
}: {
  open: boolean;
  mobile: string;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { code } = values;
    setBusy(true);
    try {
      await call(
        deleteMyAccount,
        { body: { mobile, verificationCode: code.trim() } },
        { silent: true },
      );
    } catch (err) {
      setBusy(false);
      form.setFields([{ name: 'code', errors: [errorText(err, '注销失败')] }]);
      return;
    }
    message.success('账号注销成功');
    await logoutAndGo('/', 1000);
  }

  return (
    <Modal
      title="注销账号"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" danger loading={busy} onClick={confirm}>
            确认注销
          </Button>
        </Space>
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="注销后账号将无法登录，绑定的微信同时解除，此操作不可恢复。"
      />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="手机号">
          <Input value={maskMobile(mobile)} readOnly aria-label="手机号" />
        </Form.Item>
        <SmsCodeField form={form} scene={SMS_SCENES.deleteAccount} getMobile={() => mobile} />
      </Form>
    </Modal>
  );
}
