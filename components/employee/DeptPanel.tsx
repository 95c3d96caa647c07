'use client';

import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dropdown,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Spin,
  Tree,
  TreeSelect,
} from 'antd';
import type { TreeDataNode } from 'antd';
import { ApartmentOutlined, MoreOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { call, contractKey } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import { createDept, deleteDept, listDepts, updateDept } from '@/lib/shared/dept/dept.endpoints';
import { deptNameSchema, DEPT_MAX_DEPTH, type DeptView } from '@/lib/shared/dept/dept.contract';
import {
  buildDeptTree,
  deptDepth,
  selfAndDescendantIds,
  subtreeMemberCount,
  type DeptNode,
} from './dept-tree';
import { errorText } from './errors';
import { ModalFooter } from './ModalFooter';
import { useFeedback } from '@/lib/client/feedback';

/** Key of the 全部成员 root; departments use their id. */
const ALL_KEY = 'all';

export const DEPT_KEY = contractKey(listDepts);

/** Every department of the tenant (the tree, pickers and the table's department column). */
export function useDepts(enabled = true) {
  return useQuery({
    queryKey: DEPT_KEY,
    queryFn: () => call(listDepts, {}, { silent: true }),
    retry: 0,
    enabled,
  });
}

type Editing = { mode: 'create'; parentId: number } | { mode: 'edit'; dept: DeptView } | null;

/** Tree-select options for a department picker, leaving out `exclude` (a move's own branch). */
export function deptTreeOptions(
  nodes: DeptNode[],
  exclude: ReadonlySet<number> = new Set(),
): { title: string; value: number; children: ReturnType<typeof deptTreeOptions> }[] {
  return nodes
    .filter((n) => !exclude.has(n.id))
    .map((n) => ({ title: n.name, value: n.id, children: deptTreeOptions(n.children, exclude) }));
}

/**
 * 成员管理's left side: 全部成员 and the department tree. Selecting a node filters the table;
 * holders of the department permissions create, rename, move (parent picker) and delete.
 */
export function DeptPanel({
  selected,
  onSelect,
}: {
  selected: number | null;
  onSelect: (deptId: number | null) => void;
}) {
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const canCreate = usePermission('system:dept:create');
  const canUpdate = usePermission('system:dept:update');
  const canDelete = usePermission('system:dept:delete');
  const depts = useDepts();
  const [editing, setEditing] = useState<Editing>(null);
  const list = useMemo(() => depts.data ?? [], [depts.data]);
  const tree = useMemo(() => buildDeptTree(list), [list]);
  // Every node starts expanded, new ones too; only what the user folds stays folded.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const expandedKeys = [ALL_KEY, ...list.map((d) => String(d.id))].filter((k) => !folded.has(k));

  const refresh = () => client.invalidateQueries({ queryKey: DEPT_KEY });

  function remove(dept: DeptView) {
    modal.confirm({
      title: `删除部门「${dept.name}」`,
      content: '删除后不可恢复，部门下须没有成员和下级部门。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await call(deleteDept, { query: { id: dept.id } }, { silent: true });
          message.success('部门已删除');
          if (selected === dept.id) onSelect(null);
          await refresh();
        } catch (err) {
          message.error(errorText(err, '删除失败'));
        }
      },
    });
  }

  const toData = (nodes: DeptNode[]): TreeDataNode[] =>
    nodes.map((n) => {
      const depth = deptDepth(list, n.id);
      const items = [
        canCreate && depth < DEPT_MAX_DEPTH ? { key: 'child', label: '新建子部门' } : null,
        canUpdate ? { key: 'edit', label: '重命名 / 移动' } : null,
        canDelete ? { key: 'delete', label: '删除', danger: true } : null,
      ].filter((i) => i !== null);
      return {
        key: String(n.id),
        title: (
          <span className="emp-tree-node">
            <span className="emp-tree-name" title={n.name}>
              {n.name}
            </span>
            <span className="emp-tree-count">{subtreeMemberCount(n)}</span>
            {items.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items,
                  onClick: ({ key, domEvent }) => {
                    domEvent.stopPropagation();
                    if (key === 'child') setEditing({ mode: 'create', parentId: n.id });
                    else if (key === 'edit') setEditing({ mode: 'edit', dept: n });
                    else remove(n);
                  },
                }}
              >
                <Button
                  type="text"
                  size="small"
                  className="emp-tree-more"
                  aria-label={`部门「${n.name}」的操作`}
                  icon={<MoreOutlined />}
                  onClick={(e) => e.stopPropagation()}
                />
              </Dropdown>
            )}
          </span>
        ),
        children: n.children.length ? toData(n.children) : undefined,
      };
    });

  const treeData: TreeDataNode[] = [
    {
      key: ALL_KEY,
      icon: <TeamOutlined />,
      title: (
        <span className="emp-tree-node">
          <span className="emp-tree-name">全部成员</span>
        </span>
      ),
      children: toData(tree),
    },
  ];

  return (
    <aside className="emp-dept" aria-label="部门">
      <div className="emp-dept-head">
        <span className="emp-dept-title">
          <ApartmentOutlined /> 部门
        </span>
        {canCreate && (
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ mode: 'create', parentId: 0 })}
          >
            新建部门
          </Button>
        )}
      </div>
      {depts.isLoading ? (
        <Spin className="emp-dept-spin" />
      ) : depts.isError ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={errorText(depts.error, '部门加载失败')}
        >
          <Button size="small" onClick={() => depts.refetch()}>
            重试
          </Button>
        </Empty>
      ) : (
        <Tree
          blockNode
          showIcon={false}
          expandedKeys={expandedKeys}
          onExpand={(keys) => {
            const open = new Set(keys.map(String));
            setFolded(
              new Set([ALL_KEY, ...list.map((d) => String(d.id))].filter((k) => !open.has(k))),
            );
          }}
          selectedKeys={[selected === null ? ALL_KEY : String(selected)]}
          onSelect={(keys) => {
            const key = keys[0];
            // Clicking the selected node again keeps it selected.
            if (key === undefined) return;
            onSelect(key === ALL_KEY ? null : Number(key));
          }}
          treeData={treeData}
        />
      )}
      {!depts.isLoading && !depts.isError && list.length === 0 && (
        <p className="emp-dept-hint">还没有部门{canCreate ? '，点击「新建部门」创建' : ''}</p>
      )}
      <DeptFormModal
        editing={editing}
        depts={list}
        onClose={() => setEditing(null)}
        onSaved={async (msg) => {
          setEditing(null);
          message.success(msg);
          await refresh();
        }}
      />
    </aside>
  );
}

type DeptForm = { name: string; parentId: number; sort: number };

function DeptFormModal({
  editing,
  depts,
  onClose,
  onSaved,
}: {
  editing: Editing;
  depts: DeptView[];
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  return (
    <Modal
      title={editing?.mode === 'edit' ? '编辑部门' : '新建部门'}
      open={editing !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      classNames={{ body: 'emp-modal-body' }}
    >
      {/* Keyed so each opening starts from that department's values. */}
      {editing && (
        <DeptFormBody
          key={editing.mode === 'edit' ? `edit-${editing.dept.id}` : `new-${editing.parentId}`}
          editing={editing}
          depts={depts}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function DeptFormBody({
  editing,
  depts,
  onClose,
  onSaved,
}: {
  editing: NonNullable<Editing>;
  depts: DeptView[];
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<DeptForm>();
  const [saving, setSaving] = useState(false);
  const options = useMemo(() => {
    // A department moves under none of its own branch.
    const exclude =
      editing.mode === 'edit' ? selfAndDescendantIds(depts, editing.dept.id) : new Set<number>();
    return [
      { title: '无（顶级部门）', value: 0, children: [] },
      ...deptTreeOptions(buildDeptTree(depts), exclude),
    ];
  }, [editing, depts]);
  const initial: DeptForm =
    editing.mode === 'create'
      ? { name: '', parentId: editing.parentId, sort: 0 }
      : { name: editing.dept.name, parentId: editing.dept.parentId, sort: editing.dept.sort };

  async function submit(values: DeptForm) {
    setSaving(true);
    try {
      const body = {
        name: values.name.trim(),
        parentId: values.parentId ?? 0,
        sort: values.sort ?? 0,
      };
      if (editing.mode === 'create') {
        await call(createDept, { body }, { silent: true });
        await onSaved('部门已创建');
      } else {
        await call(updateDept, { body: { ...body, id: editing.dept.id } }, { silent: true });
        await onSaved('部门已保存');
      }
    } catch (err) {
      message.error(errorText(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<DeptForm> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
      <Form.Item
        name="name"
        label="部门名称"
        required
        rules={[
          {
            validator: async (_r, v: string | undefined) => {
              const parsed = deptNameSchema.safeParse(v ?? '');
              if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
            },
          },
        ]}
      >
        <Input placeholder="如：销售一部" maxLength={30} showCount autoFocus />
      </Form.Item>
      <Form.Item name="parentId" label="上级部门">
        <TreeSelect
          treeData={options}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          placeholder="选择上级部门"
        />
      </Form.Item>
      <Form.Item name="sort" label="排序" tooltip="数字越小越靠前">
        <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <ModalFooter onCancel={onClose} saving={saving} okText="保存" />
    </Form>
  );
}
