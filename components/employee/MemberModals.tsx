'use client';

import { useMemo, useState } from 'react';
import { Checkbox, Empty, Modal, TreeSelect, Typography } from 'antd';
import { call } from '@/lib/client/request';
import type { DeptView } from '@/lib/shared/dept/dept.contract';
import type { RoleSimple } from '@/lib/shared/role/role.contract';
import { assignUserRoleBatch, updateUserDept } from '@/lib/shared/user/user.endpoints';
import type { MemberView } from '@/lib/shared/user/user.contract';
import { deptTreeOptions } from './DeptPanel';
import { buildDeptTree } from './dept-tree';
import { errorText } from './errors';
import { ModalFooter } from './ModalFooter';
import { useFeedback } from '@/lib/client/feedback';

type Target = { ids: number[]; current?: MemberView } | null;

const NO_DEPT = 0;

function who(target: NonNullable<Target>): string {
  return target.current ? `「${target.current.nickname}」` : `选中的 ${target.ids.length} 名成员`;
}

/** 调整部门: one member (row action) or the selection (bulk); 无部门 takes them out of any. */
export function ChangeDeptModal({
  target,
  depts,
  onClose,
  onDone,
}: {
  target: Target;
  depts: DeptView[];
  onClose: () => void;
  onDone: (message: string) => Promise<void>;
}) {
  return (
    <Modal
      title="调整部门"
      open={target !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      classNames={{ body: 'emp-modal-body' }}
    >
      {target && <ChangeDeptForm target={target} depts={depts} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function ChangeDeptForm({
  target,
  depts,
  onClose,
  onDone,
}: {
  target: NonNullable<Target>;
  depts: DeptView[];
  onClose: () => void;
  onDone: (message: string) => Promise<void>;
}) {
  const { message } = useFeedback();
  const [value, setValue] = useState<number | undefined>(target.current?.deptId ?? undefined);
  const [saving, setSaving] = useState(false);
  const options = useMemo(
    () => [
      { title: '无部门', value: NO_DEPT, children: [] },
      ...deptTreeOptions(buildDeptTree(depts)),
    ],
    [depts],
  );

  async function save() {
    if (value === undefined) {
      message.warning('请选择部门');
      return;
    }
    setSaving(true);
    try {
      await call(
        updateUserDept,
        { body: { ids: target.ids, deptId: value === NO_DEPT ? null : value } },
        { silent: true },
      );
      await onDone('部门已调整');
    } catch (err) {
      message.error(errorText(err, '调整失败'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <ModalBody onCancel={onClose} onOk={save} saving={saving}>
      <Typography.Paragraph>将{who(target)}调整到：</Typography.Paragraph>
      <TreeSelect
        style={{ width: '100%' }}
        aria-label="目标部门"
        value={value}
        onChange={setValue}
        treeData={options}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        placeholder="选择部门"
      />
    </ModalBody>
  );
}

/** 设置角色: replaces the roles of one member or of the selection. */
export function ChangeRolesModal({
  target,
  roles,
  onClose,
  onDone,
}: {
  target: Target;
  roles: RoleSimple[];
  onClose: () => void;
  onDone: (message: string) => Promise<void>;
}) {
  return (
    <Modal
      title="设置角色"
      open={target !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      classNames={{ body: 'emp-modal-body' }}
    >
      {target && (
        <ChangeRolesForm target={target} roles={roles} onClose={onClose} onDone={onDone} />
      )}
    </Modal>
  );
}

function ChangeRolesForm({
  target,
  roles,
  onClose,
  onDone,
}: {
  target: NonNullable<Target>;
  roles: RoleSimple[];
  onClose: () => void;
  onDone: (message: string) => Promise<void>;
}) {
  const { message } = useFeedback();
  const [value, setValue] = useState<number[]>(target.current?.roles.map((r) => r.id) ?? []);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    try {
      await call(
        assignUserRoleBatch,
        { body: { userIds: target.ids, roleIds: value } },
        { silent: true },
      );
      await onDone('角色已设置，成员重新登录后生效');
    } catch (err) {
      message.error(errorText(err, '设置失败'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <ModalBody onCancel={onClose} onOk={save} saving={saving}>
      <Typography.Paragraph>
        为{who(target)}设置角色{target.current ? '' : '（替换其原有角色）'}：
      </Typography.Paragraph>
      {roles.length ? (
        <Checkbox.Group
          className="emp-role-checks"
          value={value}
          onChange={(v) => setValue(v as number[])}
          options={roles.map((r) => ({
            value: r.id,
            label: r.builtIn ? `${r.name}（内置）` : r.name,
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可分配的角色" />
      )}
      {value.length === 0 && (
        <Typography.Text type="secondary">未选择角色时，成员仅有普通员工的默认权限</Typography.Text>
      )}
    </ModalBody>
  );
}

/** A dialog body with its own 取消 / 确定 (the form state lives in the body). */
function ModalBody({
  children,
  onCancel,
  onOk,
  saving,
}: {
  children: React.ReactNode;
  onCancel: () => void;
  onOk: () => void;
  saving: boolean;
}) {
  return (
    <div>
      {children}
      <ModalFooter onCancel={onCancel} onOk={onOk} saving={saving} />
    </div>
  );
}
