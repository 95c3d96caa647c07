'use client';

import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { nicknameSchema, zodRule } from '@/lib/shared/validation';
import { call } from '@/lib/client/request';
import { updateSztkProfile } from '@/lib/shared/user/user.contract';
import { errorText } from './account-session';

const NICKNAME_MAX = 30;

/** Edit-user-name dialog (spec 2.7): multi-line input with a live x/30 counter. */
export function NicknameDialog({
  open,
  nickname,
  onClose,
  onSaved,
}: {
  open: boolean;
  nickname: string;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ nickname: string }>();
  const [saving, setSaving] = useState(false);

  async function save() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const value = values.nickname;
    setSaving(true);
    try {
      await call(
        updateSztkProfile,
        { body: { nickname: nicknameSchema.parse(value) } },
        { silent: true },
      );
      message.success('保存成功');
      onClose();
      // Reload in the background: the profile and the header's session (spec 4.7).
      void onSaved();
    } catch (err) {
      message.error(errorText(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title="修改用户名"
      open={open}
      onCancel={onClose}
      onOk={save}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ nickname }}>
        <Form.Item name="nickname" label="用户名" required rules={[zodRule(nicknameSchema)]}>
          <Input.TextArea
            rows={3}
            maxLength={NICKNAME_MAX}
            showCount
            placeholder="请输入昵称"
            aria-label="用户名"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
