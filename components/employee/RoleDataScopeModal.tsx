'use client';

import { useMemo, useState } from 'react';
import { Alert, Modal, Radio, Space, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { call } from '@/lib/client/request';
import { assignRoleDataScope } from '@/lib/shared/role/role.endpoints';
import type { RoleView } from '@/lib/shared/role/role.contract';
import { usePermission } from '@/lib/client/session';
import { useDepts } from './DeptPanel';
import { buildDeptTree, type DeptNode } from './dept-tree';
import { errorText } from './errors';
import { ModalFooter } from './ModalFooter';
import { useFeedback } from '@/lib/client/feedback';

/** Data scope values of roles.data_scope (docs 13-api: union over a member's roles, 1 wins). */
export const DATA_SCOPE_LABELS: Record<number, string> = {
  1: '全部数据',
  2: '指定部门',
  3: '本部门',
  4: '本部门及以下',
  5: '仅本人',
};

const SCOPE_HELP: Record<number, string> = {
  1: '可查看本企业全部成员的数据',
  2: '可查看所选部门成员的数据（不含未选的下级部门）',
  3: '可查看本人所在部门成员的数据',
  4: '可查看本人所在部门及其下级部门成员的数据',
  5: '只能查看本人的数据',
};

const ORDER = [1, 4, 3, 5, 2];

function toTree(nodes: DeptNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.name,
    children: n.children.length ? toTree(n.children) : undefined,
  }));
}

/** 数据范围 of a custom role; 指定部门 picks departments in a tree. */
export function RoleDataScopeModal({
  role,
  onClose,
  onSaved,
}: {
  role: RoleView | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  return (
    <Modal
      title={role ? `数据范围 · ${role.name}` : '数据范围'}
      open={role !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      classNames={{ body: 'emp-modal-body' }}
    >
      {role && <DataScopeBody role={role} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function DataScopeBody({
  role,
  onClose,
  onSaved,
}: {
  role: RoleView;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { message } = useFeedback();
  const canDept = usePermission('system:dept:query');
  const depts = useDepts(canDept);
  const [scope, setScope] = useState(role.dataScope);
  const [deptIds, setDeptIds] = useState<number[]>(role.dataScopeDeptIds);
  const [saving, setSaving] = useState(false);
  const treeData = useMemo(() => toTree(buildDeptTree(depts.data ?? [])), [depts.data]);

  async function save() {
    if (scope === 2 && deptIds.length === 0) {
      message.warning('请至少选择一个部门');
      return;
    }
    setSaving(true);
    try {
      await call(
        assignRoleDataScope,
        {
          body: {
            roleId: role.id,
            dataScope: scope,
            dataScopeDeptIds: scope === 2 ? deptIds : undefined,
          },
        },
        { silent: true },
      );
      await onSaved();
    } catch (err) {
      message.error(errorText(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div>
      <Radio.Group value={scope} onChange={(e) => setScope(e.target.value as number)}>
        <Space orientation="vertical">
          {ORDER.map((v) => (
            <Radio key={v} value={v}>
              {DATA_SCOPE_LABELS[v]}
              <Typography.Text type="secondary" className="emp-scope-help">
                {SCOPE_HELP[v]}
              </Typography.Text>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {scope === 2 && (
        <div className="emp-scope-depts" aria-label="选择部门">
          {depts.isError ? (
            <Alert type="error" showIcon title={errorText(depts.error, '部门加载失败')} />
          ) : treeData.length ? (
            <Tree
              checkable
              checkStrictly
              selectable={false}
              defaultExpandAll
              treeData={treeData}
              checkedKeys={{ checked: deptIds, halfChecked: [] }}
              onCheck={(keys) =>
                setDeptIds((Array.isArray(keys) ? keys : keys.checked).map(Number))
              }
            />
          ) : (
            <Typography.Text type="secondary">
              {depts.isLoading ? '正在加载部门…' : '还没有部门，请先在成员管理中创建部门'}
            </Typography.Text>
          )}
        </div>
      )}
      <Alert
        className="emp-scope-note"
        type="info"
        showIcon
        title="成员有多个角色时，数据范围取各角色的并集；修改在成员下一次请求时生效。"
      />
      <ModalFooter onCancel={onClose} onOk={save} saving={saving} />
    </div>
  );
}
