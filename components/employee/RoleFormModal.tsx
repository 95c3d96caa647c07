'use client';

import { useState } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ZodType } from 'zod';
import { call } from '@/lib/client/request';
import { createRole, updateRole } from '@/lib/shared/role/role.endpoints';
import { roleBodySchema, type RoleView } from '@/lib/shared/role/role.contract';
import { errorText } from './errors';
import { ModalFooter } from './ModalFooter';
import { useFeedback } from '@/lib/client/feedback';

type Editing = { mode: 'create' } | { mode: 'edit'; role: RoleView } | null;
type RoleForm = { name: string; code: string; sort: number; remark?: string };

/** A form rule that runs one field of the contract's zod schema (the server runs the same). */
function zodRule(schema: ZodType): Rule {
  return {
    validator: async (_r, value: unknown) => {
      const parsed = schema.safeParse(value ?? '');
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '格式不正确');
    },
  };
}

const FIELDS = roleBodySchema.shape;

/** 新建角色 / 编辑角色: name, code, sort and remark, checked by the contract's rules. */
export function RoleFormModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  return (
    <Modal
      title={editing?.mode === 'edit' ? '编辑角色' : '新建角色'}
      open={editing !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      classNames={{ body: 'emp-modal-body' }}
    >
      {editing && <RoleFormBody editing={editing} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function RoleFormBody({
  editing,
  onClose,
  onSaved,
}: {
  editing: NonNullable<Editing>;
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<RoleForm>();
  const [saving, setSaving] = useState(false);
  const initial: RoleForm =
    editing.mode === 'edit'
      ? {
          name: editing.role.name,
          code: editing.role.code,
          sort: editing.role.sort,
          remark: editing.role.remark,
        }
      : { name: '', code: '', sort: 0, remark: '' };

  async function submit(values: RoleForm) {
    const body = roleBodySchema.parse(values);
    setSaving(true);
    try {
      if (editing.mode === 'create') {
        await call(createRole, { body }, { silent: true });
        await onSaved('角色已创建');
      } else {
        await call(updateRole, { body: { ...body, id: editing.role.id } }, { silent: true });
        await onSaved('角色已保存');
      }
    } catch (err) {
      message.error(errorText(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<RoleForm>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      className="emp-role-form"
    >
      <Form.Item name="name" label="角色名称" required rules={[zodRule(FIELDS.name)]}>
        <Input placeholder="如：销售经理" maxLength={30} showCount autoFocus />
      </Form.Item>
      <Form.Item
        name="code"
        label="角色标识"
        tooltip="选填：留空自动生成；填写时字母开头，只含字母、数字和下划线，如 sales_manager"
        rules={[zodRule(FIELDS.code)]}
      >
        <Input placeholder="选填，留空自动生成" maxLength={50} />
      </Form.Item>
      <Form.Item name="sort" label="排序" tooltip="数字越小越靠前" rules={[zodRule(FIELDS.sort)]}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={[zodRule(FIELDS.remark)]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="选填" />
      </Form.Item>
      <ModalFooter onCancel={onClose} saving={saving} />
    </Form>
  );
}
