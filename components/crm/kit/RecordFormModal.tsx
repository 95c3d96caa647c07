'use client';

import type { ReactNode } from 'react';
import { App, Form, type FormInstance } from 'antd';
import { FormModal } from '../FormModal';

/**
 * The form frame of a CRM record (CRM kit, ADR 0196): 新建{noun} / 编辑{noun}, the record's values
 * (or the defaults of a new one), save through the entity's create or update, 「{noun}已新建」 /
 * 「{noun}已保存」, then `onDone` with the record's id. The entity declares its fields (children)
 * and how values become its create and update bodies.
 */
export function RecordFormModal<R extends { id: number }, V extends object>({
  noun,
  record,
  form,
  open,
  width,
  name,
  className,
  values,
  defaults,
  create,
  update,
  onClose,
  onDone,
  children,
}: {
  /** 线索, 客户, 商机. */
  noun: string;
  /** The record to edit; null creates. */
  record: R | null;
  form: FormInstance<V>;
  open: boolean;
  width: number;
  /** The form's name and class (field ids: clue-form_name). */
  name?: string;
  className?: string;
  /** The form's values of the record being edited. */
  values: (record: R) => V;
  /** The values a new record starts with. */
  defaults: Partial<V>;
  /** Sends a new record, answering its id. */
  create: (values: V) => Promise<number>;
  /** Sends the edited record. */
  update: (record: R, values: V) => Promise<unknown>;
  onClose: () => void;
  onDone: (id: number) => void;
  children: ReactNode;
}) {
  const { message } = App.useApp();

  async function save(v: V) {
    if (record) {
      await update(record, v);
      message.success(`${noun}已保存`);
      onDone(record.id);
    } else {
      const id = await create(v);
      message.success(`${noun}已新建`);
      onDone(id);
    }
  }

  return (
    <FormModal
      form={form}
      title={record ? `编辑${noun}` : `新建${noun}`}
      open={open}
      width={width}
      onClose={onClose}
      onSave={save}
    >
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        className={className}
        initialValues={record ? values(record) : defaults}
      >
        {children}
      </Form>
    </FormModal>
  );
}
