'use client';

import { useState } from 'react';
import { usePathname } from 'next/navigation';
import { Alert, Form, Input, Modal } from 'antd';
import { call } from '@/lib/client/request';
import { createFeedback } from '@/lib/shared/track/track.endpoints';
import {
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_PAGE_MAX,
} from '@/lib/shared/track/track.contract';
import { useFeedback } from '@/lib/client/feedback';

type FeedbackForm = { content: string; contact?: string };

/**
 * The 意见反馈 form; sends the page it was opened on along with the text. Its own module, loaded by
 * FeedbackButton when the button is first clicked.
 */
export function FeedbackModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useFeedback();
  const pathname = usePathname();
  const [form] = Form.useForm<FeedbackForm>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(values: FeedbackForm) {
    setSending(true);
    setError(null);
    try {
      await call(
        createFeedback,
        {
          body: {
            content: values.content.trim(),
            contact: values.contact?.trim() || undefined,
            pagePath: pathname.slice(0, FEEDBACK_PAGE_MAX),
          },
        },
        { silent: true },
      );
      message.success('感谢您的反馈');
      form.resetFields();
      onClose();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '提交失败，请稍后重试');
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      title="意见反馈"
      open={open}
      okText="提交"
      cancelText="取消"
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
        <Form.Item
          name="content"
          label="反馈内容"
          rules={[
            { required: true, whitespace: true, message: '请输入反馈内容' },
            {
              min: FEEDBACK_CONTENT_MIN,
              message: `反馈内容至少 ${FEEDBACK_CONTENT_MIN} 个字符`,
              transform: (v?: string) => v?.trim(),
            },
          ]}
        >
          <Input.TextArea
            rows={5}
            showCount
            maxLength={FEEDBACK_CONTENT_MAX}
            placeholder="请描述您遇到的问题或建议"
          />
        </Form.Item>
        <Form.Item name="contact" label="联系方式（选填）">
          <Input
            maxLength={FEEDBACK_CONTACT_MAX}
            placeholder="手机号、邮箱或微信，便于我们联系您"
          />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
