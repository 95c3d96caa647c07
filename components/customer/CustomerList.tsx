'use client';

import { useState, type MouseEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { PlusOutlined, SwapOutlined } from '@ant-design/icons';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { call } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import { BulkAssignModal } from '@/components/crm/AssignModal';
import { BulkBar, DeleteConfirm } from '@/components/crm/BulkBar';
import { CrmTable } from '@/components/crm/CrmTable';
import { followTimeColumns, rowActionsColumn } from '@/components/crm/columns';
import {
  ClearFiltersButton,
  KeywordFilter,
  RecycleBinToggle,
  listAccessGate,
  useCrmList,
} from '@/components/crm/useCrmList';
import { columnSortOrder } from '@/components/crm/table';
import {
  customerPage,
  deleteCustomer,
  restoreCustomer,
  updateCustomerOwner,
  type CustomerView,
} from '@/lib/shared/customer/customer.contract';
import {
  type CustomerLevel,
  type CustomerSortField,
  type CustomerSource,
} from '@/lib/shared/customer/customer.constants';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { ConvertLeadModal } from './ConvertLeadModal';
import { CustomerFormModal } from './CustomerFormModal';
import {
  CUSTOMER_PAGE_KEY,
  LEVEL_COLOR,
  customerDetailPath,
  useCustomerSources,
  useCustomerTags,
  useMembers,
} from './shared';
import {
  NO_CUSTOMER_FILTERS,
  buildCustomerQuery,
  isCustomerFiltered,
  type CustomerFilters,
  type Range,
} from './query';
import './customer.css';
import { useCodeGroup } from '@/components/code-group/use-code-group';
import { activeFilters, FilterFoldButton, useFilterFold } from '@/components/crm/FilterFold';

/** A click on a control inside a row does its own thing, not open the detail. */
function fromControl(e: MouseEvent): boolean {
  return !!(e.target as HTMLElement).closest(
    'a, button, input, label, .ant-checkbox-wrapper, .ant-table-selection-column, .ant-popover',
  );
}

/** 客户列表 (/customerManagement/customerList, issue 15): customers within the member's data scope. */
export function CustomerList() {
  const filterFold = useFilterFold('cust-filters');
  const client = useQueryClient();
  const router = useRouter();
  const canCreate = usePermission('szjk:customer:create');
  const canUpdate = usePermission('szjk:customer:update');
  const canDelete = usePermission('szjk:customer:delete');
  const canAssign = usePermission('szjk:customer:update-owner');
  const canConvert = usePermission('szjk:customer:convert');

  const refresh = () => client.invalidateQueries({ queryKey: CUSTOMER_PAGE_KEY });
  const list = useCrmList<CustomerFilters, CustomerSortField>({
    noFilters: NO_CUSTOMER_FILTERS,
    defaultSort: { field: 'createTime', order: 'desc' },
    settle: refresh,
  });
  const {
    deleted,
    keywordInput,
    setKeywordInput,
    filters,
    setFilter,
    sort,
    pageNo,
    pageSize,
    selected,
    setSelected,
    busy,
    run,
  } = list;
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<CustomerView | null>(null);
  /** The form: a new customer (null) or the row to edit. */
  const openForm = (row: CustomerView | null) => {
    setEditing(row);
    setFormOpen(true);
  };
  const [assignOpen, setAssignOpen] = useState(false);
  const [convertOpen, setConvertOpen] = useState(false);

  const members = useMembers();
  const sources = useCustomerSources();
  const sourceGroup = useCodeGroup('clueSource');
  const levels = useCodeGroup('customerLevel');
  const tags = useCustomerTags();
  const query = buildCustomerQuery(filters, sort, pageNo, pageSize, deleted);
  const page = useQuery({
    queryKey: [...CUSTOMER_PAGE_KEY, query],
    queryFn: () => call(customerPage, { body: query }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: 0,
  });

  const refused = listAccessGate(page.error, '客户');
  if (refused) return refused;

  const { removeIds, restore } = list.softDelete<CustomerView>({
    remove: deleteCustomer,
    restore: restoreCustomer,
    unit: '个客户',
  });

  const sortOrderOf = (field: CustomerSortField) => columnSortOrder(sort, field);
  const times = followTimeColumns<CustomerView>(sortOrderOf);

  const columns: ColumnsType<CustomerView> = [
    {
      title: '客户名称',
      dataIndex: 'name',
      key: 'name',
      fixed: 'left',
      width: 230,
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (v: string, c) => (
        <div className="cust-two-line">
          {deleted ? (
            <span className="cust-name">{v}</span>
          ) : (
            <Link className="cust-name" href={customerDetailPath(c.id)}>
              {v}
            </Link>
          )}
          {c.enterpriseId ? (
            <Link
              className="cust-muted"
              href={companyDetailPath({ uncid: c.creditCode, name: c.name })}
            >
              企业详情
            </Link>
          ) : null}
        </div>
      ),
    },
    {
      title: '级别',
      dataIndex: 'level',
      width: 100,
      render: (v: CustomerLevel) => <Tag color={LEVEL_COLOR[v]}>{levels.label(v)}</Tag>,
    },
    {
      title: '来源',
      dataIndex: 'source',
      width: 100,
      render: (v: string) => sourceGroup.label(v),
    },
    {
      title: '负责人',
      dataIndex: 'ownerUserName',
      width: 100,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: '标签',
      dataIndex: 'tags',
      width: 200,
      render: (v: string[]) =>
        v.length ? (
          <div className="cust-tags">
            {v.slice(0, 3).map((t) => (
              <Tag key={t}>{t}</Tag>
            ))}
            {v.length > 3 ? <span className="cust-muted">+{v.length - 3}</span> : null}
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: '联系人',
      key: 'contact',
      width: 150,
      render: (_v, c) => {
        const k = c.contacts[0];
        if (!k) return '—';
        return (
          <div className="cust-two-line">
            <span>
              {k.name}
              {c.contacts.length > 1 ? (
                <span className="cust-muted"> 等 {c.contacts.length} 人</span>
              ) : null}
            </span>
            <span className="cust-muted">{k.mobile ?? k.phone ?? k.email ?? ''}</span>
          </div>
        );
      },
    },
    times.lastFollowTime,
    times.createTime,
    rowActionsColumn<CustomerView>({
      list,
      width: 130,
      can: { update: canUpdate, delete: canDelete },
      on: { restore, edit: openForm, delete: removeIds },
    }),
  ];

  const bulk = !deleted && (canDelete || canAssign);
  const filtered = isCustomerFiltered(filters);
  const memberOptions = (members.data ?? []).map((m) => ({ label: m.nickname, value: m.id }));

  return (
    <div className="cust-list">
      <div className="cust-head">
        <h1 className="ent-page-title cust-title">{deleted ? '客户回收站' : '客户列表'}</h1>
        <Space size={8} wrap>
          <RecycleBinToggle deleted={deleted} onToggle={list.toggleDeleted} listName="客户列表" />
          {canConvert && !deleted && (
            <Button icon={<SwapOutlined />} onClick={() => setConvertOpen(true)}>
              从线索转化
            </Button>
          )}
          {canCreate && !deleted && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              新建客户
            </Button>
          )}
        </Space>
      </div>

      <FilterFoldButton fold={filterFold} active={activeFilters(filters)} />
      <div {...filterFold.bar('cust-filters')} role="search" aria-label="筛选客户">
        <KeywordFilter
          placeholder="客户名称、信用代码、联系人或手机"
          label="搜索客户"
          value={keywordInput}
          onType={setKeywordInput}
          onApply={(v) => setFilter('keyword', v)}
        />
        <Select<CustomerSource[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder="客户来源"
          aria-label="按来源筛选"
          style={{ width: 140 }}
          value={filters.source}
          onChange={(v) => setFilter('source', v)}
          loading={sources.isLoading}
          options={(sources.data ?? []).map((s) => ({ label: sourceGroup.label(s), value: s }))}
        />
        <Select<CustomerLevel[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder="客户级别"
          aria-label="按级别筛选"
          style={{ width: 130 }}
          value={filters.level}
          onChange={(v) => setFilter('level', v)}
          options={levels.options()}
        />
        <Select<number[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder="负责人"
          aria-label="按负责人筛选"
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 130 }}
          value={filters.ownerUserIds}
          onChange={(v) => setFilter('ownerUserIds', v)}
          loading={members.isLoading}
          options={memberOptions}
        />
        <Select<string>
          allowClear
          showSearch
          placeholder="标签"
          aria-label="按标签筛选"
          style={{ width: 120 }}
          value={filters.tag ?? undefined}
          onChange={(v) => setFilter('tag', v ?? null)}
          loading={tags.isLoading}
          options={(tags.data ?? []).map((t) => ({ label: t, value: t }))}
        />
        <DatePicker.RangePicker
          aria-label="创建时间"
          placeholder={['创建开始', '创建结束']}
          allowEmpty={[true, true]}
          style={{ width: 240 }}
          value={filters.createTime}
          onChange={(v) => setFilter('createTime', v as Range)}
        />
        <ClearFiltersButton shown={filtered} onClear={list.clearFilters} />
      </div>

      {bulk && selected.length > 0 && (
        <BulkBar count={selected.length} unit="个客户" onClear={() => setSelected([])}>
          {canAssign && (
            <Button size="small" onClick={() => setAssignOpen(true)}>
              分配负责人
            </Button>
          )}
          {canDelete && (
            <DeleteConfirm
              title={`确定删除选中的 ${selected.length} 个客户吗？`}
              description="删除后可在回收站恢复；有商机的客户不能删除"
              loading={busy === 'batch-delete'}
              onConfirm={() => removeIds(selected)}
            />
          )}
        </BulkBar>
      )}

      <CrmTable<CustomerView>
        page={page}
        failTitle="客户加载失败"
        rowKey="id"
        className="cust-table"
        columns={columns}
        scroll={{ x: 1280 }}
        onRow={(c) => ({
          onClick: (e) => {
            if (!deleted && !fromControl(e)) router.push(customerDetailPath(c.id));
          },
          className: deleted ? undefined : 'cust-row',
        })}
        {...list.tableProps<CustomerView>({
          selectable: bulk,
          total: page.data?.total ?? 0,
          unit: '个',
        })}
        empty={{
          deleted,
          filtered,
          noMatch: '没有符合条件的客户',
          start: '暂无客户，可新建或从线索转化',
          actions: (
            <>
              <Button href="/clue/list">去线索管理</Button>
              {canCreate ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
                  新建客户
                </Button>
              ) : null}
            </>
          ),
        }}
      />

      <CustomerFormModal
        open={formOpen}
        customer={editing}
        onClose={() => setFormOpen(false)}
        onDone={() => {
          setFormOpen(false);
          void refresh();
          void client.invalidateQueries({ queryKey: ['/szjk/customer/get-tag-list'] });
        }}
      />
      <ConvertLeadModal
        open={convertOpen}
        lead={null}
        onClose={() => setConvertOpen(false)}
        onDone={() => setConvertOpen(false)}
      />
      <BulkAssignModal
        role="负责人"
        what={`${selected.length} 个客户`}
        open={assignOpen}
        options={memberOptions}
        busy={busy}
        onClose={() => setAssignOpen(false)}
        run={run}
        assign={(ownerUserId) =>
          call(updateCustomerOwner, { body: { ids: selected, ownerUserId } }, { silent: true })
        }
      />
    </div>
  );
}
