'use client';

import { FilterSelect } from '@/components/crm/FilterSelect';
import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Select, Space, Tag } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import type { ColumnsType } from 'antd/es/table';
import { LinkOutlined, UserAddOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { usePermission, useSession } from '@/lib/client/session';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { InvitationDrawer } from '@/components/invitation/InvitationDrawer';
import { JoinRequestTable } from '@/components/invitation/JoinRequestTable';
import { JOIN_APPROVALS_ANCHOR } from '@/lib/shared/invitation/approvals';
import { DIRECT_INVITE_PERMISSION } from '@/lib/shared/invitation/invitation.contract';
import { listAllSimpleRoles } from '@/lib/shared/role/role.endpoints';
import {
  getUserPage,
  removeMember,
  removeMemberBatch,
  updateUserStatus,
  updateUserStatusBatch,
} from '@/lib/shared/user/user.endpoints';
import type { MemberView } from '@/lib/shared/user/user.contract';
import { DeptPanel, DEPT_KEY, useDepts } from './DeptPanel';
import { deptPath } from './dept-tree';
import { DirectInviteModal } from './DirectInviteModal';
import { errorCode } from './errors';
import { useListActions } from '@/components/crm/useListActions';
import { FilterSearch, PagedTable, usePaging } from '@/components/crm/paged-list';
import { MemberLimitBar, MEMBER_LIMIT_KEY } from './MemberLimitBar';
import { ChangeDeptModal, ChangeRolesModal } from './MemberModals';
import './employee.css';
import { keptSelection } from '@/components/crm/table';

const PAGE_SIZE = 10;
const PAGE_KEY = contractKey(getUserPage);
export const ROLE_OPTIONS_KEY = contractKey(listAllSimpleRoles);

type StatusFilter = 'all' | '0' | '1';
/** Who a change-department or change-roles dialog is for. */
type Target = { ids: number[]; current?: MemberView } | null;

/** 成员管理 (menu 901): departments on the left, the tenant's members on the right. */
export function MemberManagement() {
  const client = useQueryClient();
  const { user } = useSession();
  const canUpdate = usePermission('system:user:update');
  const canDelete = usePermission('system:user:delete');
  const canAssignRole = usePermission('system:permission:assign-user-role');
  const canDeptQuery = usePermission('system:dept:query');
  const canDirectInvite = usePermission(DIRECT_INVITE_PERMISSION);
  const canRoleQuery = usePermission('system:role:query');

  const [deptId, setDeptId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [roleId, setRoleId] = useState<number | undefined>();
  const paging = usePaging(PAGE_SIZE);
  const { pageNo, pageSize, setPageNo, filter } = paging;
  const [selected, setSelected] = useState<number[]>([]);
  const { busy, run } = useListActions(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: PAGE_KEY }),
        client.invalidateQueries({ queryKey: MEMBER_LIMIT_KEY }),
        client.invalidateQueries({ queryKey: DEPT_KEY }),
      ]),
    () => setSelected([]),
  );
  const [deptTarget, setDeptTarget] = useState<Target>(null);
  const [roleTarget, setRoleTarget] = useState<Target>(null);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [directOpen, setDirectOpen] = useState(false);

  const depts = useDepts(canDeptQuery);
  const roles = useQuery({
    queryKey: ROLE_OPTIONS_KEY,
    queryFn: () => call(listAllSimpleRoles, {}, { silent: true }),
    retry: 0,
    enabled: canRoleQuery,
  });
  const page = useQuery({
    queryKey: [...PAGE_KEY, { deptId, keyword, status, roleId, pageNo, pageSize }],
    queryFn: () =>
      call(
        getUserPage,
        {
          query: {
            pageNo,
            pageSize,
            keyword: keyword || undefined,
            status: status === 'all' ? undefined : Number(status),
            deptId: deptId ?? undefined,
            includeChildren: true,
            roleId,
          },
        },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    retry: 0,
  });

  const deptList = useMemo(() => depts.data ?? [], [depts.data]);
  const deptName = (m: MemberView) => deptPath(deptList, m.deptId) || m.deptName || '-';

  const code = errorCode(page.error);
  if (code === 401) return <SignInRequired text="登录后可管理企业成员" />;
  if (code === 403)
    return <StatusNotice status="403" title="当前操作没有权限" subTitle="仅企业管理员可管理成员" />;

  const setStatusOf = (m: MemberView, next: 0 | 1) =>
    run(`status-${m.id}`, async () => {
      await call(updateUserStatus, { body: { id: m.id, status: next } }, { silent: true });
      return next === 0 ? '已启用' : '已停用，该成员已下线';
    });
  const removeOne = (m: MemberView) =>
    run(`remove-${m.id}`, async () => {
      await call(removeMember, { query: { id: m.id } }, { silent: true });
      setSelected((s) => s.filter((id) => id !== m.id));
      return '已移出企业';
    });
  const statusBatch = (next: 0 | 1) =>
    run(
      `batch-status-${next}`,
      async () => {
        const n = await call(
          updateUserStatusBatch,
          { body: { ids: selected, status: next } },
          { silent: true },
        );
        return `已${next === 0 ? '启用' : '停用'} ${n} 名成员`;
      },
      true,
    );
  const removeBatch = () =>
    run(
      'batch-remove',
      async () => {
        const n = await call(
          removeMemberBatch,
          { query: { ids: selected.join(',') } },
          { silent: true },
        );
        return `已移出 ${n} 名成员`;
      },
      true,
    );

  const columns: ColumnsType<MemberView> = [
    {
      title: '成员',
      dataIndex: 'nickname',
      render: (v: string, m) => (
        <div className="emp-member-cell">
          <span>
            {v || '-'}
            {m.id === user?.id && <Tag className="emp-me-tag">我</Tag>}
          </span>
          <span className="emp-member-account">{m.username}</span>
        </div>
      ),
    },
    { title: '手机号', dataIndex: 'mobile', render: (v: string) => v || '-' },
    { title: '部门', key: 'dept', render: (_v, m) => deptName(m) },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (rs: MemberView['roles']) =>
        rs.length ? (
          <span className="emp-tags">
            {rs.map((r) => (
              <Tag key={r.id} color={r.code === 'admin' ? 'gold' : undefined}>
                {r.name}
              </Tag>
            ))}
          </span>
        ) : (
          <span className="ent-muted">未分配</span>
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: number) =>
        v === 0 ? <Tag color="green">正常</Tag> : <Tag color="default">已停用</Tag>,
    },
    {
      title: '最近登录',
      dataIndex: 'loginDate',
      render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '从未登录'),
    },
    {
      title: '加入时间',
      dataIndex: 'createTime',
      render: (v: number) => dayjs(v).format('YYYY-MM-DD'),
    },
  ];
  if (canUpdate || canDelete || canAssignRole) {
    columns.push({
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_v, m) => {
        const self = m.id === user?.id;
        return (
          <Space size={0} wrap>
            {canUpdate && (
              <Button
                type="link"
                size="small"
                onClick={() => setDeptTarget({ ids: [m.id], current: m })}
              >
                调整部门
              </Button>
            )}
            {canAssignRole && (
              <Button
                type="link"
                size="small"
                onClick={() => setRoleTarget({ ids: [m.id], current: m })}
              >
                设置角色
              </Button>
            )}
            {canUpdate && !self && (
              <Popconfirm
                title={
                  m.status === 0 ? `确定停用「${m.nickname}」吗？` : `确定启用「${m.nickname}」吗？`
                }
                description={m.status === 0 ? '停用后该成员立即下线，且无法登录本企业' : undefined}
                okText="确定"
                cancelText="取消"
                onConfirm={() => setStatusOf(m, m.status === 0 ? 1 : 0)}
              >
                <Button type="link" size="small" loading={busy === `status-${m.id}`}>
                  {m.status === 0 ? '停用' : '启用'}
                </Button>
              </Popconfirm>
            )}
            {canDelete && !self && (
              <Popconfirm
                title={`确定将「${m.nickname}」移出企业吗？`}
                description="移出后其账号保留，需重新加入企业"
                okText="移出"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => removeOne(m)}
              >
                <Button type="link" size="small" danger loading={busy === `remove-${m.id}`}>
                  移出
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    });
  }

  const bulk = canUpdate || canDelete || canAssignRole;
  const deptTitle = deptId === null ? '全部成员' : deptPath(deptList, deptId) || '部门成员';

  return (
    <div className="emp-layout">
      {canDeptQuery && (
        <DeptPanel
          selected={deptId}
          onSelect={(id) => {
            setDeptId(id);
            setPageNo(1);
          }}
        />
      )}
      <section className="emp-main" aria-label="成员列表">
        <div className="emp-main-head">
          <h1 className="ent-page-title emp-title">{deptTitle}</h1>
          <MemberLimitBar />
          {/* Every member may share the invitation link (spec 2.4); joining may need approval. */}
          <Space size={8}>
            {canDirectInvite && (
              <Button icon={<LinkOutlined />} onClick={() => setDirectOpen(true)}>
                直接加入链接
              </Button>
            )}
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviteOpen(true)}>
              邀请成员
            </Button>
          </Space>
        </div>
        <div className="emp-toolbar">
          {/* Filters reset the page; the selection stays (it survives paging and filtering). */}
          <FilterSearch
            placeholder="搜索姓名、账号或手机号"
            label="搜索成员"
            width={260}
            onSearch={filter(setKeyword)}
          />
          {canRoleQuery && (
            <FilterSelect
              placeholder="全部角色"
              label="按角色筛选"
              width={160}
              value={roleId}
              onChange={filter(setRoleId)}
              loading={roles.isLoading}
              options={(roles.data ?? []).map((r) => ({ label: r.name, value: r.id }))}
            />
          )}
          <Select<StatusFilter>
            aria-label="按状态筛选"
            style={{ width: 120 }}
            value={status}
            onChange={filter(setStatus)}
            options={[
              { label: '全部状态', value: 'all' },
              { label: '正常', value: '0' },
              { label: '已停用', value: '1' },
            ]}
          />
        </div>
        {bulk && selected.length > 0 && (
          <div className="emp-bulk" role="toolbar" aria-label="批量操作">
            <span>
              已选 <strong>{selected.length}</strong> 名成员
            </span>
            <Space size={8} wrap>
              {canUpdate && (
                <Button size="small" onClick={() => setDeptTarget({ ids: selected })}>
                  调整部门
                </Button>
              )}
              {canAssignRole && (
                <Button size="small" onClick={() => setRoleTarget({ ids: selected })}>
                  设置角色
                </Button>
              )}
              {canUpdate && (
                <Popconfirm
                  title={`确定启用选中的 ${selected.length} 名成员吗？`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => statusBatch(0)}
                >
                  <Button size="small" loading={busy === 'batch-status-0'}>
                    启用
                  </Button>
                </Popconfirm>
              )}
              {canUpdate && (
                <Popconfirm
                  title={`确定停用选中的 ${selected.length} 名成员吗？`}
                  description="停用后这些成员立即下线"
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => statusBatch(1)}
                >
                  <Button size="small" loading={busy === 'batch-status-1'}>
                    停用
                  </Button>
                </Popconfirm>
              )}
              {canDelete && (
                <Popconfirm
                  title={`确定将选中的 ${selected.length} 名成员移出企业吗？`}
                  okText="移出"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={removeBatch}
                >
                  <Button size="small" danger loading={busy === 'batch-remove'}>
                    移出
                  </Button>
                </Popconfirm>
              )}
              <Button size="small" type="link" onClick={() => setSelected([])}>
                取消选择
              </Button>
            </Space>
          </div>
        )}
        <PagedTable<MemberView>
          page={page}
          paging={paging}
          columns={columns}
          scrollX={1100}
          unit="名成员"
          sizes={[10, 20, 50]}
          errorTitle="成员加载失败"
          showError={page.isError && code !== 401 && code !== 403}
          rowSelection={bulk ? keptSelection(selected, setSelected) : undefined}
          locale={{
            emptyText: keyword || status !== 'all' || roleId ? '没有符合条件的成员' : '暂无成员',
          }}
        />
        {/* Issue 28 item 7: the approvals where the count 「N 人待审批」 is (the link scrolls here). */}
        <section id={JOIN_APPROVALS_ANCHOR} className="emp-approvals" aria-label="加入申请">
          <h2 className="ent-page-title">加入申请</h2>
          <JoinRequestTable
            onChanged={() =>
              Promise.all([
                client.invalidateQueries({ queryKey: PAGE_KEY }),
                client.invalidateQueries({ queryKey: MEMBER_LIMIT_KEY }),
              ])
            }
          />
        </section>
      </section>
      <ChangeDeptModal
        target={deptTarget}
        depts={deptList}
        onClose={() => setDeptTarget(null)}
        onDone={async (msg) => {
          setDeptTarget(null);
          await run('dept', async () => msg);
        }}
      />
      <ChangeRolesModal
        target={roleTarget}
        roles={roles.data ?? []}
        onClose={() => setRoleTarget(null)}
        onDone={async (msg) => {
          setRoleTarget(null);
          await run('roles', async () => msg);
        }}
      />
      <InvitationDrawer open={inviteOpen} onClose={() => setInviteOpen(false)} />
      <DirectInviteModal open={directOpen} onClose={() => setDirectOpen(false)} />
    </div>
  );
}
