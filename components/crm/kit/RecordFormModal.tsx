'use client';

import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { call } from '@/lib/client/request';
import { FormModal } from '../FormModal';
import { useFeedback } from '@/lib/client/feedback';

type Contract = Parameters<typeof call>[0];

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
  contracts,
  body,
  createOnly,
  updateBody = body,
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
  /** The entity's create (answers the new id) and update contracts. */
  contracts: { create: Contract; update: Contract };
  /** The fields as create and update take them (update adds the id). */
  body: (values: V) => object;
  /** What only a create sends (the owner of the new record). */
  createOnly?: (values: V) => object;
  /** The fields an update sends, when not `body` (商机: not the stage). */
  updateBody?: (values: V) => object;
  onClose: () => void;
  onDone: (id: number) => void;
  children: ReactNode;
}) {
  const { message } = useFeedback();

  async function save(v: V) {
    if (record) {
      const sent = { body: { ...updateBody(v), id: record.id } };
      await call(contracts.update, sent as never, { silent: true });
      message.success(`${noun}已保存`);
      onDone(record.id);
    } else {
      const sent = { body: { ...body(v), ...createOnly?.(v) } };
      const id = (await call(contracts.create, sent as never, { silent: true })) as number;
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
