'use client';

import { useState } from 'react';
import { Button, Modal, Select, Space } from 'antd';

export type MemberOption = { label: string; value: number };

/**
 * 分配负责人 / 分配跟进人 for the selected rows: one member is chosen, then 确定分配.
 * `role` is what the member becomes (负责人, 跟进人).
 */
export function AssignModal({
  title,
  role,
  open,
  options,
  busy,
  onClose,
  onSubmit,
}: {
  title: string;
  role: string;
  open: boolean;
  options: MemberOption[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (userId: number) => void;
}) {
  return (
    <Modal title={title} open={open} destroyOnHidden footer={null} onCancel={onClose}>
      <AssignForm role={role} options={options} busy={busy} onSubmit={onSubmit} />
    </Modal>
  );
}

function AssignForm({
  role,
  options,
  busy,
  onSubmit,
}: {
  role: string;
  options: MemberOption[];
  busy: boolean;
  onSubmit: (id: number) => void;
}) {
  const [value, setValue] = useState<number | undefined>();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={`选择${role}`}
        aria-label={role}
        style={{ width: '100%' }}
        value={value}
        onChange={setValue}
        options={options}
      />
      <Button
        type="primary"
        disabled={!value}
        loading={busy}
        onClick={() => value && onSubmit(value)}
      >
        确定分配
      </Button>
    </Space>
  );
}

/**
 * The bulk 分配 of a list's selection: `assign` gives the chosen member the role on the server,
 * then the modal closes and the list's `run` reports 「{role}已分配」 and clears the selection.
 */
export function BulkAssignModal({
  role,
  what,
  open,
  options,
  busy,
  onClose,
  run,
  assign,
}: {
  role: string;
  /** What is assigned, counted: 「3 条线索」. */
  what: string;
  open: boolean;
  options: MemberOption[];
  busy: string | null;
  onClose: () => void;
  run: (key: string, action: () => Promise<string>, clear: boolean) => Promise<void>;
  assign: (userId: number) => Promise<unknown>;
}) {
  return (
    <AssignModal
      title={`分配${role}（${what}）`}
      role={role}
      open={open}
      options={options}
      busy={busy === 'assign'}
      onClose={onClose}
      onSubmit={(userId) =>
        void run(
          'assign',
          async () => {
            await assign(userId);
            onClose();
            return `${role}已分配`;
          },
          true,
        )
      }
    />
  );
}
