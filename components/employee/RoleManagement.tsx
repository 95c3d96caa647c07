'use client';

import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { deleteRole, getRolePage } from '@/lib/shared/role/role.endpoints';
import type { RoleView } from '@/lib/shared/role/role.contract';
import { errorCode, errorText } from './errors';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { DATA_SCOPE_LABELS, RoleDataScopeModal } from './RoleDataScopeModal';
import { RoleFormModal } from './RoleFormModal';
import { RoleMenuDrawer } from './RoleMenuDrawer';
import './employee.css';
import { useFeedback } from '@/lib/client/feedback';

const PAGE_SIZE = 10;
const PAGE_KEY = contractKey(getRolePage);
const BUILT_IN_TIP = '内置角色不可修改';

type Editing = { mode: 'create' } | { mode: 'edit'; role: RoleView } | null;

/** 角色管理 (menu 902): built-in roles read-only, the tenant's own roles editable. */
export function RoleManagement() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const canCreate = usePermission('system:role:create');
  const canUpdate = usePermission('system:role:update');
  const canDelete = usePermission('system:role:delete');
  const canMenu = usePermission('system:permission:assign-role-menu');
  const canScope = usePermission('system:permission:assign-role-data-scope');
  const [nameInput, setNameInput] = useState('');
  const [name, setName] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [menuRole, setMenuRole] = useState<RoleView | null>(null);
  const [scopeRole, setScopeRole] = useState<RoleView | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const page = useQuery({
    queryKey: [...PAGE_KEY, { name, pageNo }],
    queryFn: () =>
      call(
        getRolePage,
        { query: { pageNo, pageSize: PAGE_SIZE, name: name || undefined } },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    retry: 0,
  });

  const code = errorCode(page.error);
  if (code === 401) return <SignInRequired text="登录后可管理企业角色" />;
  if (code === 403)
    return <StatusNotice status="403" title="当前操作没有权限" subTitle="仅企业管理员可管理角色" />;

  const refresh = () => client.invalidateQueries({ queryKey: PAGE_KEY });

  async function remove(role: RoleView) {
    setBusy(role.id);
    try {
      await call(deleteRole, { query: { id: role.id } }, { silent: true });
      message.success('角色已删除');
      await refresh();
    } catch (err) {
      message.error(errorText(err, '删除失败'));
    } finally {
      setBusy(null);
    }
  }

  /** A row action; on built-in rows it is disabled and says why. */
  const action = (role: RoleView, label: string, onClick: () => void) =>
    role.builtIn ? (
      <Tooltip title={BUILT_IN_TIP}>
        <Button type="link" size="small" disabled>
          {label}
        </Button>
      </Tooltip>
    ) : (
      <Button type="link" size="small" onClick={onClick}>
        {label}
      </Button>
    );

  const columns: ColumnsType<RoleView> = [
    {
      title: '角色名称',
      dataIndex: 'name',
      render: (v: string, r) => (
        <Space size={6}>
          <span>{v}</span>
          {r.builtIn ? <Tag color="blue">内置</Tag> : null}
        </Space>
      ),
    },
    {
      title: '角色标识',
      dataIndex: 'code',
      render: (v: string) => <span className="ent-mono">{v}</span>,
    },
    {
      title: '类型',
      key: 'type',
      render: (_v, r) => (r.builtIn ? '内置' : '自定义'),
    },
    {
      title: '数据范围',
      dataIndex: 'dataScope',
      render: (v: number, r) =>
        v === 2 && r.dataScopeDeptIds.length
          ? `${DATA_SCOPE_LABELS[2]}（${r.dataScopeDeptIds.length} 个）`
          : (DATA_SCOPE_LABELS[v] ?? '-'),
    },
    { title: '成员数', dataIndex: 'memberCount', align: 'right' },
    {
      title: '备注',
      dataIndex: 'remark',
      ellipsis: true,
      render: (v: string) => v || <span className="ent-muted">-</span>,
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      render: (v: number) => dayjs(v).format('YYYY-MM-DD'),
    },
  ];
  if (canUpdate || canDelete || canMenu || canScope) {
    columns.push({
      title: '操作',
      key: 'actions',
      render: (_v, r) => (
        <Space size={0} wrap>
          {canUpdate && action(r, '编辑', () => setEditing({ mode: 'edit', role: r }))}
          {canMenu && action(r, '菜单权限', () => setMenuRole(r))}
          {canScope && action(r, '数据范围', () => setScopeRole(r))}
          {canDelete &&
            (r.builtIn ? (
              action(r, '删除', () => undefined)
            ) : (
              <Popconfirm
                title={`确定删除角色「${r.name}」吗？`}
                description={r.memberCount ? `仍有 ${r.memberCount} 名成员使用该角色` : undefined}
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => remove(r)}
              >
                <Button type="link" size="small" danger loading={busy === r.id}>
                  删除
                </Button>
              </Popconfirm>
            ))}
        </Space>
      ),
    });
  }

  return (
    <div>
      <div className="emp-main-head">
        <h1 className="ent-page-title emp-title">角色管理</h1>
        {canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ mode: 'create' })}
          >
            新建角色
          </Button>
        )}
      </div>
      <div className="emp-toolbar">
        <Input.Search
          allowClear
          placeholder="搜索角色名称"
          aria-label="搜索角色"
          value={nameInput}
          onChange={(e) => {
            setNameInput(e.target.value);
            if (!e.target.value) {
              setName('');
              setPageNo(1);
            }
          }}
          onSearch={(v) => {
            setName(v.trim());
            setPageNo(1);
          }}
          style={{ width: 260 }}
        />
        <span className="ent-muted">
          内置角色由平台维护，仅可查看；自定义角色可编辑菜单权限与数据范围。
        </span>
      </div>
      {page.isError ? (
        <LoadErrorAlert
          title={errorText(page.error, '角色加载失败')}
          onRetry={() => page.refetch()}
        />
      ) : (
        <Table<RoleView>
          rowKey="id"
          loading={page.isFetching}
          columns={columns}
          dataSource={page.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: page.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPageNo,
            showTotal: (t) => `共 ${t} 个角色`,
          }}
          locale={{ emptyText: name ? '没有符合条件的角色' : '暂无角色' }}
        />
      )}
      <RoleFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={async (msg) => {
          setEditing(null);
          message.success(msg);
          await refresh();
        }}
      />
      <RoleMenuDrawer role={menuRole} onClose={() => setMenuRole(null)} />
      <RoleDataScopeModal
        role={scopeRole}
        onClose={() => setScopeRole(null)}
        onSaved={async () => {
          setScopeRole(null);
          message.success('数据范围已保存');
          await refresh();
        }}
      />
    </div>
  );
}
