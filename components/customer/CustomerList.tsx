'use client';

import { useState, type MouseEvent } from 'react';
import dynamic from 'next/dynamic';
import { onDemand, useOpenedOnce } from '@/lib/client/on-demand';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { SwapOutlined } from '@ant-design/icons';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { call } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import {
  followTimeColumns,
  nameColumn,
  rowActionsColumn,
  textColumn,
} from '@/components/crm/columns';
import { useCrmList, useRecordForm } from '@/components/crm/useCrmList';
import { CrmListFrame, type CrmListDecl } from '@/components/crm/kit/CrmListFrame';
import { memberFilter } from '@/components/crm/kit/FilterControls';
import { columnSortOrder } from '@/components/crm/table';
import {
  customerPage,
  deleteCustomer,
  restoreCustomer,
  updateCustomerOwner,
} from '@/lib/shared/customer/customer.endpoints';
import type { CustomerView } from '@/lib/shared/customer/customer.contract';
import {
  type CustomerLevel,
  type CustomerSortField,
} from '@/lib/shared/customer/customer.constants';
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
} from './query';
import './customer.css';
import { useCodeGroup } from '@/components/code-group/use-code-group';

// The form and 转为客户 load when first opened: the list's first load carries neither.
const loadForm = onDemand(() => import('./CustomerFormModal'));
const CustomerFormModal = dynamic(() => loadForm().then((m) => m.CustomerFormModal), {
  ssr: false,
});
const loadConvert = onDemand(() => import('./ConvertLeadModal'));
const ConvertLeadModal = dynamic(() => loadConvert().then((m) => m.ConvertLeadModal), {
  ssr: false,
});

/** A click on a control inside a row does its own thing, not open the detail. */
function fromControl(e: MouseEvent): boolean {
  return !!(e.target as HTMLElement).closest(
    'a, button, input, label, .ant-checkbox-wrapper, .ant-table-selection-column, .ant-popover',
  );
}

/** 客户列表 (/customerManagement/customerList, issue 15): customers within the member's data scope. */
export function CustomerList() {
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
  const { deleted, filters, sort, pageNo, pageSize } = list;
  const form = useRecordForm<CustomerView>();
  const [convertOpen, setConvertOpen] = useState(false);
  const formOpened = useOpenedOnce(form.open);
  const convertOpened = useOpenedOnce(convertOpen);

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

  const { removeIds, restore } = list.softDelete<CustomerView>({
    remove: deleteCustomer,
    restore: restoreCustomer,
    unit: '个客户',
  });

  const sortOrderOf = (field: CustomerSortField) => columnSortOrder(sort, field);
  const times = followTimeColumns<CustomerView>(sortOrderOf);

  const columns: ColumnsType<CustomerView> = [
    nameColumn<CustomerView>({
      title: '客户名称',
      width: 230,
      css: 'cust',
      sortOrder: sortOrderOf('name'),
      main: (c) =>
        deleted ? (
          <span className="cust-name">{c.name}</span>
        ) : (
          <Link className="cust-name" href={customerDetailPath(c.id)}>
            {c.name}
          </Link>
        ),
    }),
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
    textColumn('负责人', 'ownerUserName', 100),
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
      on: { restore, edit: form.openForm, delete: removeIds },
    }),
  ];

  const filtered = isCustomerFiltered(filters);
  const memberOptions = (members.data ?? []).map((m) => ({ label: m.nickname, value: m.id }));

  /** What the customer list declares to the CRM kit; the frame draws the rest. */
  const decl: CrmListDecl<CustomerFilters> = {
    css: 'cust',
    noun: '客户',
    unit: '个客户',
    pageUnit: '个',
    title: '客户列表',
    can: { create: canCreate, delete: canDelete, assign: canAssign },
    selectable: canDelete || canAssign,
    deleteNote: '有商机的客户不能删除',
    assign: { role: '负责人', contract: updateCustomerOwner, field: 'ownerUserId' },
    empty: {
      noMatch: '没有符合条件的客户',
      start: '暂无客户，可新建或从线索转化',
      elsewhere: <Button href="/clue/list">去线索管理</Button>,
    },
    filters: [
      {
        kind: 'keyword',
        key: 'keyword',
        placeholder: '客户名称、信用代码、联系人或手机',
        label: '搜索客户',
      },
      {
        kind: 'select',
        key: 'source',
        multiple: true,
        placeholder: '客户来源',
        label: '按来源筛选',
        width: 140,
        loading: sources.isLoading,
        options: (sources.data ?? []).map((s) => ({ label: sourceGroup.label(s), value: s })),
      },
      {
        kind: 'select',
        key: 'level',
        multiple: true,
        placeholder: '客户级别',
        label: '按级别筛选',
        width: 130,
        options: levels.options(),
      },
      memberFilter('ownerUserIds', '负责人', 130, {
        options: memberOptions,
        loading: members.isLoading,
      }),
      {
        kind: 'select',
        key: 'tag',
        search: true,
        placeholder: '标签',
        label: '按标签筛选',
        width: 120,
        loading: tags.isLoading,
        options: (tags.data ?? []).map((t) => ({ label: t, value: t })),
      },
      {
        kind: 'range',
        key: 'createTime',
        label: '创建时间',
        placeholder: ['创建开始', '创建结束'],
        width: 240,
      },
    ],
  };

  return (
    <CrmListFrame<CustomerFilters, CustomerView>
      decl={decl}
      list={list}
      page={page}
      members={memberOptions}
      remove={removeIds}
      onCreate={() => form.openForm(null)}
      filtered={filtered}
      headAfter={
        canConvert && (
          <Button icon={<SwapOutlined />} onClick={() => setConvertOpen(true)}>
            从线索转化
          </Button>
        )
      }
      table={{
        columns,
        scroll: { x: 1280 },
        onRow: (c) => ({
          onClick: (e) => {
            if (!deleted && !fromControl(e)) router.push(customerDetailPath(c.id));
          },
          className: deleted ? undefined : 'cust-row',
        }),
      }}
    >
      {formOpened ? (
        <CustomerFormModal
          open={form.open}
          customer={form.editing}
          onClose={form.close}
          onDone={() => {
            form.close();
            void refresh();
            void client.invalidateQueries({ queryKey: ['/szjk/customer/get-tag-list'] });
          }}
        />
      ) : null}
      {convertOpened ? (
        <ConvertLeadModal
          open={convertOpen}
          lead={null}
          onClose={() => setConvertOpen(false)}
          onDone={() => setConvertOpen(false)}
        />
      ) : null}
    </CrmListFrame>
  );
}
