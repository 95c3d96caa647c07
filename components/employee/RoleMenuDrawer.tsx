'use client';

import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Drawer, Space, Spin, Tag, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { call, contractKey } from '@/lib/client/request';
import {
  assignRoleMenu,
  listAllSimpleMenus,
  listRoleMenus,
} from '@/lib/shared/role/role.endpoints';
import type { MenuSimple, RoleView } from '@/lib/shared/role/role.contract';
import { leafCheckedKeys, withAncestors } from './dept-tree';
import { errorText } from './errors';
import { useFeedback } from '@/lib/client/feedback';

const TYPE_TAGS: Record<number, { text: string; color?: string }> = {
  1: { text: '目录' },
  2: { text: '页面', color: 'blue' },
  3: { text: '按钮', color: 'purple' },
};

function toTree(menus: readonly MenuSimple[]): TreeDataNode[] {
  const children = new Map<number, MenuSimple[]>();
  const ids = new Set(menus.map((m) => m.id));
  for (const m of menus) {
    const parent = ids.has(m.parentId) ? m.parentId : 0;
    children.set(parent, [...(children.get(parent) ?? []), m]);
  }
  const build = (parentId: number): TreeDataNode[] =>
    (children.get(parentId) ?? []).map((m) => ({
      key: m.id,
      title: (
        <span className="emp-menu-node">
          {m.name}
          <Tag bordered={false} color={TYPE_TAGS[m.type]?.color}>
            {TYPE_TAGS[m.type]?.text ?? '菜单'}
          </Tag>
        </span>
      ),
      children: children.has(m.id) ? build(m.id) : undefined,
    }));
  return build(0);
}

/** 菜单权限: the menus, pages and buttons the caller may hand out, checked for one role. */
export function RoleMenuDrawer({ role, onClose }: { role: RoleView | null; onClose: () => void }) {
  return (
    <Drawer
      title={role ? `菜单权限 · ${role.name}` : '菜单权限'}
      open={role !== null}
      onClose={onClose}
      size={520}
      destroyOnHidden
      classNames={{ body: 'emp-menu-drawer-body' }}
    >
      {role && <RoleMenuPanel role={role} onClose={onClose} />}
    </Drawer>
  );
}

function RoleMenuPanel({ role, onClose }: { role: RoleView; onClose: () => void }) {
  const { message } = useFeedback();
  const client = useQueryClient();
  const menus = useQuery({
    queryKey: contractKey(listAllSimpleMenus),
    queryFn: () => call(listAllSimpleMenus, {}, { silent: true }),
    retry: 0,
  });
  const owned = useQuery({
    queryKey: [...contractKey(listRoleMenus), role.id],
    queryFn: () => call(listRoleMenus, { query: { roleId: role.id } }, { silent: true }),
    retry: 0,
    gcTime: 0,
  });
  const [checked, setChecked] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  const list = useMemo(() => menus.data ?? [], [menus.data]);
  const treeData = useMemo(() => toTree(list), [list]);
  const allIds = useMemo(() => list.map((m) => m.id), [list]);
  const current = checked ?? (owned.data ? leafCheckedKeys(list, owned.data) : []);
  const leafCount = leafCheckedKeys(list, allIds).length;
  const checkedLeaves = leafCheckedKeys(list, current).length;

  if (menus.isLoading || owned.isLoading) return <Spin className="emp-dept-spin" />;
  if (menus.isError || owned.isError)
    return (
      <Alert type="error" showIcon title={errorText(menus.error ?? owned.error, '菜单加载失败')} />
    );

  async function save() {
    setSaving(true);
    try {
      await call(
        assignRoleMenu,
        { body: { roleId: role.id, menuIds: withAncestors(list, current) } },
        { silent: true },
      );
      message.success('菜单权限已保存，持有该角色的成员重新登录后生效');
      await client.invalidateQueries({ queryKey: contractKey(listRoleMenus) });
      onClose();
    } catch (err) {
      message.error(errorText(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="emp-menu-panel">
      <div className="emp-menu-tools">
        <Checkbox
          checked={leafCount > 0 && checkedLeaves === leafCount}
          indeterminate={checkedLeaves > 0 && checkedLeaves < leafCount}
          onChange={(e) => setChecked(e.target.checked ? leafCheckedKeys(list, allIds) : [])}
        >
          全选
        </Checkbox>
        <span className="ent-muted">只能分配您自己拥有的权限</span>
      </div>
      <div className="emp-menu-scroll">
        {treeData.length ? (
          <Tree
            checkable
            selectable={false}
            defaultExpandAll
            treeData={treeData}
            checkedKeys={current}
            onCheck={(keys) => {
              const all = (Array.isArray(keys) ? keys : keys.checked).map(Number);
              setChecked(all);
            }}
            className="emp-menu-tree"
          />
        ) : (
          <Alert type="info" showIcon title="暂无可分配的菜单" />
        )}
      </div>
      <Space className="emp-drawer-footer">
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" loading={saving} onClick={save}>
          保存
        </Button>
      </Space>
    </div>
  );
}
