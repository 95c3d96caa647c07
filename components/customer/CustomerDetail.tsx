'use client';

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Skeleton, Space, Table, Tag } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { ArrowLeftOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import Link from 'next/link';
import { call, contractKey } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import { getCustomer } from '@/lib/shared/customer/customer.endpoints';
import { opportunityPage } from '@/lib/shared/opportunity/opportunity.endpoints';
import type { CustomerView } from '@/lib/shared/customer/customer.contract';
import type { CustomerLevel } from '@/lib/shared/customer/customer.constants';
import type { OpportunityView } from '@/lib/shared/opportunity/opportunity.contract';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { errorCode, errorText } from '@/components/employee/errors';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { formatYuan } from '@/components/opportunity/money';
import { OpportunityFormModal } from '@/components/opportunity/OpportunityFormModal';
import {
  FUNNEL_KEY,
  OPPORTUNITY_PAGE_KEY,
  PIPELINE_KEY,
  STATUS_COLOR,
  statusName,
} from '@/components/opportunity/shared';
import { CustomerFormModal } from './CustomerFormModal';
import { FollowUpPanel } from './FollowUpPanel';
import { EnterpriseContactsCard } from './EnterpriseContactsCard';
import { CUSTOMER_PAGE_KEY, LEVEL_COLOR, dateTime } from './shared';
import { useCodeGroup } from '@/components/code-group/use-code-group';
import './customer.css';

const LIST_PATH = '/customerManagement/customerList';
const PIPELINE_PATH = '/customerManagement/opportunity';

/** 客户详情 (/customerManagement/customerDetail?id=). */
/** A 下次跟进 time already past (read at render: the page re-renders as it is used). */
function isOverdue(time: number | null | undefined): boolean {
  return time != null && time < Date.now();
}

export function CustomerDetail({ id }: { id: number | null }) {
  const client = useQueryClient();
  const canUpdate = usePermission('szjk:customer:update');
  const canCreateOpp = usePermission('szjk:opportunity:create');
  const [editOpen, setEditOpen] = useState(false);
  const [oppOpen, setOppOpen] = useState(false);
  const customerId = id ?? 0;
  const levels = useCodeGroup('customerLevel');
  const sources = useCodeGroup('clueSource');

  const customer = useQuery({
    queryKey: contractKey(getCustomer, { query: { id: customerId } }),
    queryFn: () => call(getCustomer, { query: { id: customerId } }, { silent: true }),
    enabled: id !== null,
    retry: 0,
  });
  const oppQuery = {
    customerId,
    pageNo: 1,
    pageSize: 50,
    sortField: 'updateTime' as const,
    sortOrder: 'desc' as const,
  };
  const opps = useQuery({
    queryKey: [...OPPORTUNITY_PAGE_KEY, oppQuery],
    queryFn: () => call(opportunityPage, { body: oppQuery }, { silent: true }),
    enabled: id !== null && customer.isSuccess,
    retry: 0,
  });

  const code = errorCode(customer.error);
  if (code === 401) return <SignInRequired text="登录后可查看客户" />;
  if (id === null || code === 404)
    return (
      <section className="ent-card">
        <StatusNotice
          status="404"
          title="客户不存在"
          subTitle="客户可能已被删除，或不在你的数据权限内"
          extra={
            <Link href={LIST_PATH}>
              <Button type="primary">返回客户列表</Button>
            </Link>
          }
        />
      </section>
    );
  if (code === 403)
    return (
      <section className="ent-card">
        <StatusNotice
          status="403"
          title="当前操作没有权限"
          subTitle="请联系企业管理员开通客户权限"
        />
      </section>
    );
  if (customer.isError)
    return (
      <section className="ent-card">
        <LoadErrorAlert
          title={errorText(customer.error, '客户加载失败')}
          onRetry={() => customer.refetch()}
        />
      </section>
    );
  const c = customer.data;
  if (!c)
    return (
      <section className="ent-card">
        <Skeleton active paragraph={{ rows: 6 }} />
      </section>
    );

  const refreshOpps = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: OPPORTUNITY_PAGE_KEY }),
      client.invalidateQueries({ queryKey: PIPELINE_KEY }),
      client.invalidateQueries({ queryKey: FUNNEL_KEY }),
    ]);

  return (
    <div className="cust-detail">
      <section className="ent-card cust-detail-head">
        <Link href={LIST_PATH} className="cust-back">
          <ArrowLeftOutlined /> 客户列表
        </Link>
        <div className="cust-detail-title">
          <h1 className="ent-page-title">{c.name}</h1>
          <Tag color={LEVEL_COLOR[c.level as CustomerLevel]}>{levels.label(c.level)}</Tag>
          <span className="cust-grow" />
          {canUpdate && (
            <Button icon={<EditOutlined />} onClick={() => setEditOpen(true)}>
              编辑
            </Button>
          )}
        </div>
        <Descriptions
          size="small"
          column={3}
          items={[
            {
              key: 'ent',
              label: '关联企业',
              children: c.enterpriseId ? (
                <Link href={companyDetailPath({ uncid: c.creditCode, name: c.name })}>
                  {c.name}
                </Link>
              ) : (
                '未关联'
              ),
            },
            { key: 'credit', label: '信用代码', children: c.creditCode ?? '—' },
            { key: 'owner', label: '负责人', children: c.ownerUserName ?? '—' },
            { key: 'source', label: '来源', children: sources.label(c.source) },
            { key: 'last', label: '最近跟进', children: dateTime(c.lastFollowTime) },
            {
              key: 'next',
              label: '下次跟进',
              // An overdue follow-up stands out (issue 28 item 7).
              children: isOverdue(c.nextFollowTime) ? (
                <span className="cust-overdue" data-testid="customer-next-overdue">
                  {dateTime(c.nextFollowTime)} <Tag color="error">已逾期</Tag>
                </span>
              ) : (
                dateTime(c.nextFollowTime)
              ),
            },
            {
              key: 'tags',
              label: '标签',
              span: 3,
              children: c.tags.length ? (
                <div className="cust-tags">
                  {c.tags.map((t) => (
                    <Tag key={t}>{t}</Tag>
                  ))}
                </div>
              ) : (
                '—'
              ),
            },
            ...(c.address ? [{ key: 'addr', label: '地址', span: 3, children: c.address }] : []),
            ...(c.remark ? [{ key: 'remark', label: '备注', span: 3, children: c.remark }] : []),
            { key: 'creator', label: '创建人', children: c.creatorName ?? '—' },
            { key: 'created', label: '创建时间', children: dateTime(c.createTime) },
          ]}
        />
      </section>

      <div className="cust-detail-body">
        <div className="cust-detail-main">
          <section className="ent-card">
            <div className="cust-section-head">
              <h2 className="cust-section-title">商机</h2>
              <Space size={8}>
                <Link href={PIPELINE_PATH}>销售看板</Link>
                {canCreateOpp && (
                  <Button size="small" icon={<PlusOutlined />} onClick={() => setOppOpen(true)}>
                    新建商机
                  </Button>
                )}
              </Space>
            </div>
            <OpportunityTable data={opps.data?.list ?? []} loading={opps.isLoading} />
          </section>
          <section className="ent-card">
            <h2 className="cust-section-title">跟进记录</h2>
            <FollowUpPanel customerId={c.id} canAdd={canUpdate} />
          </section>
        </div>
        <aside className="cust-detail-side">
          <section className="ent-card">
            <h2 className="cust-section-title">联系人</h2>
            <Contacts customer={c} />
          </section>
          {c.enterpriseId ? <EnterpriseContactsCard entId={c.enterpriseId} /> : null}
        </aside>
      </div>

      <CustomerFormModal
        open={editOpen}
        customer={c}
        onClose={() => setEditOpen(false)}
        onDone={() => {
          setEditOpen(false);
          void client.invalidateQueries({ queryKey: contractKey(getCustomer) });
          void client.invalidateQueries({ queryKey: CUSTOMER_PAGE_KEY });
        }}
      />
      <OpportunityFormModal
        open={oppOpen}
        opportunity={null}
        customerId={c.id}
        onClose={() => setOppOpen(false)}
        onDone={() => {
          setOppOpen(false);
          void refreshOpps();
        }}
      />
    </div>
  );
}

function Contacts({ customer }: { customer: CustomerView }) {
  if (!customer.contacts.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无联系人" />;
  return (
    <ul className="cust-contacts" aria-label="联系人">
      {customer.contacts.map((k, i) => (
        <li key={`${k.name}-${i}`}>
          <div className="cust-contact-name">
            {k.name}
            {k.position ? <span className="cust-muted">{k.position}</span> : null}
          </div>
          {k.mobile ? <div>手机：{k.mobile}</div> : null}
          {k.phone ? <div>座机：{k.phone}</div> : null}
          {k.email ? <div>邮箱：{k.email}</div> : null}
        </li>
      ))}
    </ul>
  );
}

function OpportunityTable({ data, loading }: { data: OpportunityView[]; loading: boolean }) {
  return (
    <Table<OpportunityView>
      rowKey="id"
      size="small"
      loading={loading}
      pagination={false}
      dataSource={data}
      // Phones: the table scrolls inside its card instead of widening the page.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '暂无商机' }}
      columns={[
        { title: '商机名称', dataIndex: 'name', ellipsis: true },
        {
          title: '金额',
          dataIndex: 'amount',
          width: 140,
          align: 'right',
          render: (v: number) => formatYuan(v),
        },
        { title: '阶段', dataIndex: 'stageName', width: 100 },
        {
          title: '状态',
          dataIndex: 'status',
          width: 90,
          render: (v: OpportunityView['status'], o) => (
            <Tag color={STATUS_COLOR[v]} title={o.lostReason ?? undefined}>
              {statusName(v)}
            </Tag>
          ),
        },
        {
          title: '预计成交',
          dataIndex: 'expectedCloseDate',
          width: 110,
          render: (v: string | null) => v ?? '—',
        },
        { title: '概率', dataIndex: 'probability', width: 70, render: (v: number) => `${v}%` },
      ]}
    />
  );
}
