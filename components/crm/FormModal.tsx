'use client';

import { useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import type { FormInstance } from 'antd';
import { errorText } from '@/components/employee/errors';
import { useFeedback } from '@/lib/client/feedback';

/**
 * A modal around a form that saves on OK: the form is checked first (its own messages show),
 * then `onSave` runs with OK spinning; a failure is shown as a message and the modal stays.
 */
export function FormModal<T>({
  form,
  title,
  open,
  okText = '保存',
  danger = false,
  failText,
  width,
  onClose,
  afterClose,
  onSave,
  children,
}: {
  form: FormInstance<T>;
  title: ReactNode;
  open: boolean;
  okText?: string;
  /** OK does something hard to undo (停用). */
  danger?: boolean;
  /** What a failure says when the server gave no reason. */
  failText?: string;
  width?: number;
  onClose: () => void;
  afterClose?: () => void;
  onSave: (values: T) => Promise<unknown>;
  children: ReactNode;
}) {
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);

  async function submit() {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await onSave(v);
    } catch (err) {
      message.error(errorText(err, failText));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={okText}
      okButtonProps={danger ? { danger } : undefined}
      cancelText="取消"
      confirmLoading={saving}
      width={width}
      destroyOnHidden
      afterClose={afterClose}
    >
      {children}
    </Modal>
  );
}
