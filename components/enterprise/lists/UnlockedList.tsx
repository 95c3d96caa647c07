'use client';

import { capitalColumn, establishDateColumn } from '@/components/enterprise/lists/company-columns';
import { useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { pageUnlockedEnterprises } from '@/lib/shared/enterprise/enterprise.endpoints';
import type { UnlockedEnterprise } from '@/lib/shared/enterprise/enterprise.contract';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { EnterpriseBulkBar } from './EnterpriseBulkBar';
import { statusColor } from '../tag-colors';
import { PagedEnterpriseList } from './PagedEnterpriseList';
import { CONTACT_TYPE_LABEL } from '@/lib/shared/enterprise/format';
import { keptSelection } from '@/components/crm/table';

const columns: ColumnsType<UnlockedEnterprise> = [
  {
    title: '企业名称',
    dataIndex: 'name',
    width: 200,
    render: (_v, r) => (
      <Space direction="vertical" size={2}>
        <a href={companyDetailPath(r)} target="_blank" rel="noopener">
          {r.name}
        </a>
        <Tag color={statusColor(r.status)}>{r.status}</Tag>
      </Space>
    ),
  },
  { title: '法定代表人', dataIndex: 'legalPerson', width: 90 },
  capitalColumn({ width: 130 }),
  establishDateColumn(),
  { title: '所属地区', dataIndex: 'regionName', width: 140, render: (v: string) => v || '-' },
  {
    title: '联系方式',
    dataIndex: 'contacts',
    width: 260,
    render: (_v, r) =>
      r.contacts.length === 0 ? (
        <Typography.Text type="secondary">暂无</Typography.Text>
      ) : (
        <ul className="ent-plain-list">
          {r.contacts.map((c) => (
            <li key={c.id}>
              <Tag>{CONTACT_TYPE_LABEL[c.type]}</Tag>
              <Typography.Text copyable>{c.value}</Typography.Text>
              {c.personName ? <span className="ent-muted"> {c.personName}</span> : null}
            </li>
          ))}
        </ul>
      ),
  },
  {
    title: '解锁时间',
    dataIndex: 'unlockTime',
    width: 140,
    render: (v: string, r) => (
      <>
        {dayjs(v).format('YYYY-MM-DD HH:mm')}
        {r.unlockUserName ? <div className="ent-muted">{r.unlockUserName}</div> : null}
      </>
    ),
  },
];

/** 已解锁企业: the tenant's unlocked companies with their contacts (server paging, search). */
export function UnlockedList() {
  const [selected, setSelected] = useState<number[]>([]);

  return (
    <PagedEnterpriseList<UnlockedEnterprise>
      queryKey={contractKey(pageUnlockedEnterprises)}
      fetchPage={(body) => call(pageUnlockedEnterprises, { body }, { silent: true })}
      columns={columns}
      signInText="登录后可查看本企业已解锁的企业及联系方式"
      emptyText={(searching) =>
        searching ? '没有匹配的已解锁企业' : '还没有解锁过企业，去企业查询页解锁联系方式吧'
      }
      scrollX={1120}
      rowSelection={keptSelection(selected, setSelected)}
      actions={<EnterpriseBulkBar source="已解锁企业" selected={selected} />}
    />
  );
}
