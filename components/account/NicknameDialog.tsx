'use client';

import { Form, Input } from 'antd';
import { nicknameSchema, zodRule } from '@/lib/shared/validation';
import { call } from '@/lib/client/request';
import { updateSztkProfile } from '@/lib/shared/user/user.endpoints';
import { FormModal } from '@/components/crm/FormModal';
import { useFeedback } from '@/lib/client/feedback';

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
  const { message } = useFeedback();
  const [form] = Form.useForm<{ nickname: string }>();

  return (
    <FormModal<{ nickname: string }>
      title="修改用户名"
      open={open}
      form={form}
      okText="确定"
      failText="保存失败"
      onClose={onClose}
      onSave={async ({ nickname: value }) => {
        await call(
          updateSztkProfile,
          { body: { nickname: nicknameSchema.parse(value) } },
          { silent: true },
        );
        message.success('保存成功');
        onClose();
        // Reload in the background: the profile and the header's session (spec 4.7).
        void onSaved();
      }}
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
    </FormModal>
  );
}
