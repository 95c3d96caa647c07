'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Radio, Segmented, Space, Spin, Table, Tag } from 'antd';
import { CheckCircleFilled, MergeCellsOutlined } from '@ant-design/icons';
import { call, contractKey } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import {
  duplicatePage,
  getDataCenterOverview,
  getDataQuality,
  issuePage,
  mergeClues,
} from '@/lib/shared/data-center/data-center.endpoints';
import { updateCustomerOwner } from '@/lib/shared/customer/customer.endpoints';
import type {
  DataCenterOverview,
  DataQuality,
  DuplicateGroup,
  IssueRow,
  TransferJob,
} from '@/lib/shared/data-center/data-center.contract';
import {
  ASSET_KEYS,
  ASSET_NAMES,
  ASSET_UNITS,
  DATA_CENTER_MERGE_PERMISSION,
  DUPLICATE_KEY_NAMES,
  DUPLICATE_KEYS,
  type DuplicateKey,
} from '@/lib/shared/data-center/data-center.constants';
import { CLUE_STATUS_NAMES, type ClueStatus } from '@/lib/shared/clue/clue.constants';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { MemberSelect } from '@/components/crm/MemberSelect';
import { customerDetailPath } from '@/components/customer/shared';
import { errorText } from '@/components/employee/errors';
import { leadHref } from '@/components/workbench/links';
import { assetTrendOption } from './dc-options';
import './data-center.css';
import { useFeedback } from '@/lib/client/feedback';

// The chart module of the data board (ECharts), loaded on demand by the pages that draw.
const BoardChart = dynamic(() => import('@/components/data-board/BoardChart'), {
  ssr: false,
  loading: () => <Spin className="dc-chart-loading" />,
});

const OVERVIEW_KEY = contractKey(getDataCenterOverview);
const QUALITY_KEY = contractKey(getDataQuality);
const DUPLICATES_KEY = contractKey(duplicatePage);
const ISSUES_KEY = contractKey(issuePage);

const time = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '—');
const JOB_STATUS: Record<string, { text: string; color: string }> = {
  queued: { text: '排队中', color: 'default' },
  running: { text: '进行中', color: 'processing' },
  succeeded: { text: '已完成', color: 'success' },
  failed: { text: '失败', color: 'error' },
  cancelled: { text: '已取消', color: 'default' },
};

type Issue = 'duplicates' | 'noContact' | 'noOwner';
const ISSUE_PAGE_SIZE = 10;
const GROUP_PAGE_SIZE = 5;

function Section(props: {
  title: string;
  extra?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={`dc-card ${props.className ?? ''}`} aria-label={props.title}>
      <header className="dc-card-head">
        <h2 className="dc-card-title">{props.title}</h2>
        {props.extra}
      </header>
      {props.children}
    </section>
  );
}

/**
 * 数据中心 (/dataCenter, ADR 0184): the data assets of the member's data scope with their trend,
 * the imports and exports, and data quality with the action that fixes each finding.
 */
export function DataCenter() {
  const overview = useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: () => call(getDataCenterOverview, undefined, { silent: true }),
    retry: 0,
  });
  const quality = useQuery({
    queryKey: QUALITY_KEY,
    queryFn: () => call(getDataQuality, undefined, { silent: true }),
    retry: 0,
  });
  return (
    <div className="dc-page">
      <div className="dc-head">
        <h1 className="ent-page-title dc-title">数据中心</h1>
        <span className="dc-note">仅统计数据权限内的数据</span>
      </div>
      {overview.error ? (
        <LoadErrorAlert title={errorText(overview.error)} onRetry={() => void overview.refetch()} />
      ) : !overview.data ? (
        <Spin className="dc-loading" />
      ) : (
        <Assets o={overview.data} />
      )}
      {quality.error ? (
        <LoadErrorAlert title={errorText(quality.error)} onRetry={() => void quality.refetch()} />
      ) : !quality.data ? (
        <Spin className="dc-loading" />
      ) : (
        <Quality q={quality.data} />
      )}
      {overview.data ? <History h={overview.data.history} /> : null}
    </div>
  );
}

function Assets({ o }: { o: DataCenterOverview }) {
  const [asTable, setAsTable] = useState(false);
  if (o.assets.length === 0)
    return (
      <Section title="数据资产">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="还没有数据资产：解锁企业、添加线索后，这里会显示数量和趋势"
        >
          <Space wrap>
            <Link href="/companySearch">去搜索企业</Link>
            <Link href="/clue/list">去线索管理</Link>
          </Space>
        </Empty>
      </Section>
    );
  return (
    <>
      <Section title="数据资产">
        <dl className="dc-stats">
          {o.assets.map((a) => (
            <div key={a.key} className="dc-stat">
              <dt>{a.name}</dt>
              <dd>
                {a.total.toLocaleString('zh-CN')}
                <small> {ASSET_UNITS[a.key]}</small>
              </dd>
              <p className="dc-note">
                近 {o.days} 天新增 {a.recent.toLocaleString('zh-CN')}
              </p>
            </div>
          ))}
        </dl>
      </Section>
      <Section
        title={`近 ${o.days} 天新增趋势`}
        extra={
          o.trend.length > 0 ? (
            <Segmented<string>
              size="small"
              value={asTable ? 'table' : 'chart'}
              onChange={(v) => setAsTable(v === 'table')}
              options={[
                { label: '图表', value: 'chart' },
                { label: '表格', value: 'table' },
              ]}
            />
          ) : null
        }
      >
        {o.trend.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`近 ${o.days} 天没有新增数据`} />
        ) : asTable ? (
          <Table
            rowKey="day"
            size="small"
            pagination={false}
            scroll={{ x: 480, y: 280 }}
            dataSource={[...o.trend].reverse()}
            columns={[
              { title: '日期', dataIndex: 'day', width: 110 },
              ...ASSET_KEYS.map((k) => ({ title: ASSET_NAMES[k], dataIndex: k, width: 90 })),
            ]}
          />
        ) : (
          <BoardChart option={assetTrendOption(o)} label={`近 ${o.days} 天新增趋势`} />
        )}
      </Section>
    </>
  );
}

function History({ h }: { h: DataCenterOverview['history'] }) {
  return (
    <Section
      title="导入导出记录"
      extra={
        <Link href="/downloadList" className="dc-more">
          去下载中心
        </Link>
      }
    >
      {h.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有导入或导出记录">
          <Link href="/clue/list">去线索管理导入线索</Link>
        </Empty>
      ) : (
        <Table<TransferJob>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 760 }}
          dataSource={h.list}
          footer={
            h.total > h.list.length
              ? () => `共 ${h.total} 条，显示最近 ${h.list.length} 条`
              : undefined
          }
          columns={[
            {
              title: '类型',
              dataIndex: 'kindName',
              width: 150,
              render: (v: string, j) => (
                <Space size={4}>
                  <Tag color={j.direction === 'import' ? 'blue' : 'green'}>
                    {j.direction === 'import' ? '导入' : '导出'}
                  </Tag>
                  {v}
                </Space>
              ),
            },
            { title: '内容', dataIndex: 'title', width: 220, ellipsis: true },
            {
              title: '成员',
              dataIndex: 'userName',
              width: 100,
              render: (v: string | null, j) => (j.mine ? '我' : (v ?? '—')),
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (s: string) => (
                <Tag color={JOB_STATUS[s]?.color}>{JOB_STATUS[s]?.text ?? s}</Tag>
              ),
            },
            {
              title: '条数',
              dataIndex: 'rows',
              width: 80,
              render: (n: number | null) => n ?? '—',
            },
            { title: '时间', dataIndex: 'createTime', width: 150, render: time },
          ]}
        />
      )}
    </Section>
  );
}

function Quality({ q }: { q: DataQuality }) {
  const [issue, setIssue] = useState<Issue>('duplicates');
  if (q.leads + q.customers === 0)
    return (
      <Section title="数据质量">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="还没有线索和客户，暂无可检查的数据"
        />
      </Section>
    );
  const dupGroups = q.duplicates.creditCode.groups + q.duplicates.name.groups;
  const cards: { key: Issue; title: string; n: number; unit: string; action: string }[] = [
    { key: 'duplicates', title: '重复线索', n: dupGroups, unit: '组', action: '查看并合并' },
    {
      key: 'noContact',
      title: '无联系方式的线索',
      n: q.noContact,
      unit: '条',
      action: '查看并补全',
    },
    { key: 'noOwner', title: '负责人已离职的客户', n: q.noOwner, unit: '家', action: '分配负责人' },
  ];
  return (
    <Section title="数据质量">
      <div className="dc-issues" role="tablist" aria-label="数据质量问题">
        {cards.map((c) => (
          <button
            key={c.key}
            type="button"
            role="tab"
            aria-selected={issue === c.key}
            className={`dc-issue ${issue === c.key ? 'dc-issue-on' : ''}`}
            onClick={() => setIssue(c.key)}
          >
            <span className="dc-issue-title">{c.title}</span>
            {c.n === 0 ? (
              <span className="dc-issue-ok">
                <CheckCircleFilled /> 未发现问题
              </span>
            ) : (
              <>
                <span className="dc-issue-num">
                  {c.n.toLocaleString('zh-CN')} <small>{c.unit}</small>
                </span>
                <span className="dc-issue-action">{c.action}</span>
              </>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {issue === 'duplicates' ? (
          <Duplicates q={q} />
        ) : (
          <IssueTable kind={issue} empty={issue === 'noContact' ? q.noContact : q.noOwner} />
        )}
      </div>
    </Section>
  );
}

function useRefreshAll() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [OVERVIEW_KEY, QUALITY_KEY, DUPLICATES_KEY, ISSUES_KEY].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

function Duplicates({ q }: { q: DataQuality }) {
  const [key, setKey] = useState<DuplicateKey>(
    q.duplicates.creditCode.groups === 0 && q.duplicates.name.groups > 0 ? 'name' : 'creditCode',
  );
  const [pageNo, setPageNo] = useState(1);
  const body = { key, pageNo, pageSize: GROUP_PAGE_SIZE };
  const page = useQuery({
    queryKey: [...DUPLICATES_KEY, body],
    queryFn: () => call(duplicatePage, { body }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: 0,
  });
  return (
    <div className="dc-dups">
      <div className="dc-toolbar">
        <Segmented<DuplicateKey>
          value={key}
          onChange={(v) => {
            setKey(v);
            setPageNo(1);
          }}
          options={DUPLICATE_KEYS.map((k) => ({
            label: `${DUPLICATE_KEY_NAMES[k]}（${q.duplicates[k].groups}）`,
            value: k,
          }))}
        />
        <span className="dc-note">
          合并后跟进记录归入保留的线索，被合并的线索进入回收站，在
          <Link href="/dataManagement">数据管理</Link>回收站恢复即可撤销
        </span>
      </div>
      {page.error ? (
        <LoadErrorAlert title={errorText(page.error)} onRetry={() => void page.refetch()} />
      ) : !page.data ? (
        <Spin className="dc-loading" />
      ) : page.data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有重复线索" />
      ) : (
        <>
          {page.data.list.map((g) => (
            <DuplicateCard key={`${key}-${g.key}-${g.leads[0].id}`} group={g} by={key} />
          ))}
          {page.data.total > GROUP_PAGE_SIZE ? (
            <Space className="dc-pager">
              <Button disabled={pageNo === 1} onClick={() => setPageNo(pageNo - 1)}>
                上一页
              </Button>
              <span>
                第 {pageNo} / {Math.ceil(page.data.total / GROUP_PAGE_SIZE)} 页，共{' '}
                {page.data.total} 组
              </span>
              <Button
                disabled={pageNo * GROUP_PAGE_SIZE >= page.data.total}
                onClick={() => setPageNo(pageNo + 1)}
              >
                下一页
              </Button>
            </Space>
          ) : null}
        </>
      )}
    </div>
  );
}

function DuplicateCard({ group, by }: { group: DuplicateGroup; by: DuplicateKey }) {
  const { message, modal } = useFeedback();
  const refresh = useRefreshAll();
  const canMerge = usePermission(DATA_CENTER_MERGE_PERMISSION);
  const [keepId, setKeepId] = useState(group.suggestedKeepId);
  const kept = group.leads.find((l) => l.id === keepId) ?? group.leads[0];
  const mergeIds = group.leads.filter((l) => l.id !== kept.id).map((l) => l.id);
  const blocked = group.leads.find((l) => l.id !== kept.id && l.converted);

  const confirm = () =>
    modal.confirm({
      title: `合并 ${group.leads.length} 条重复线索？`,
      content: (
        <div>
          <p>
            保留「{kept.name}」，其余 {mergeIds.length}{' '}
            条的跟进记录移到该线索，空缺的联系方式用它们补齐。
          </p>
          <p>被合并的线索移入回收站；在数据管理的回收站恢复某条线索，即撤销它的合并。</p>
        </div>
      ),
      okText: '合并',
      cancelText: '取消',
      onOk: async () => {
        try {
          const r = await call(
            mergeClues,
            { body: { keepId: kept.id, mergeIds } },
            { silent: true },
          );
          message.success(
            `已合并 ${r.merged} 条线索，移入 ${r.movedFollowUps} 条跟进记录${
              r.filledFields ? `，补齐 ${r.filledFields} 项联系方式` : ''
            }`,
          );
          await refresh();
        } catch (err) {
          message.error(errorText(err));
        }
      },
    });

  return (
    <article className="dc-group" aria-label={`重复线索：${group.key}`}>
      <header className="dc-group-head">
        <span className="dc-group-key">
          {DUPLICATE_KEY_NAMES[by]}：{group.key}
        </span>
        <span className="dc-note">{group.leads.length} 条</span>
        <span className="dc-grow" />
        {canMerge ? (
          <Button
            type="primary"
            size="small"
            icon={<MergeCellsOutlined />}
            disabled={!!blocked}
            title={blocked ? `「${blocked.name}」已转为客户，请选它作为保留的线索` : undefined}
            onClick={confirm}
          >
            合并
          </Button>
        ) : null}
      </header>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 720 }}
        dataSource={group.leads}
        columns={[
          {
            title: '保留',
            key: 'keep',
            width: 60,
            render: (_, l) => (
              <Radio
                checked={l.id === kept.id}
                aria-label={`保留「${l.name}」`}
                onChange={() => setKeepId(l.id)}
              />
            ),
          },
          {
            title: '线索名称',
            dataIndex: 'name',
            width: 200,
            ellipsis: true,
            render: (v: string, l) => <Link href={leadHref(l.id)}>{v}</Link>,
          },
          {
            title: '信用代码',
            dataIndex: 'creditCode',
            width: 180,
            render: (v: string | null) => v ?? '—',
          },
          {
            title: '跟进人',
            dataIndex: 'ownerName',
            width: 90,
            render: (v: string | null) => v ?? '—',
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (s: number) => CLUE_STATUS_NAMES[s as ClueStatus] ?? s,
          },
          { title: '跟进', dataIndex: 'followCount', width: 60 },
          {
            title: '联系方式',
            dataIndex: 'hasContact',
            width: 80,
            render: (v: boolean) => (v ? '有' : '无'),
          },
          { title: '创建时间', dataIndex: 'createTime', width: 150, render: time },
        ]}
      />
    </article>
  );
}

function IssueTable({ kind, empty }: { kind: 'noContact' | 'noOwner'; empty: number }) {
  const { message } = useFeedback();
  const refresh = useRefreshAll();
  const canAssign = usePermission('szjk:customer:update-owner');
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [owner, setOwner] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const body = { kind, pageNo, pageSize: ISSUE_PAGE_SIZE };
  const page = useQuery({
    queryKey: [...ISSUES_KEY, body],
    queryFn: () => call(issuePage, { body }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: 0,
    enabled: empty > 0,
  });
  if (empty === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={kind === 'noContact' ? '每条线索都有联系方式' : '每家客户都有在职的负责人'}
      />
    );
  if (page.error)
    return <LoadErrorAlert title={errorText(page.error)} onRetry={() => void page.refetch()} />;

  async function assign() {
    if (!owner) return;
    setBusy(true);
    try {
      await call(
        updateCustomerOwner,
        { body: { ids: selected, ownerUserId: owner } },
        { silent: true },
      );
      message.success(`已为 ${selected.length} 家客户分配负责人`);
      setSelected([]);
      await refresh();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const assigning = kind === 'noOwner' && canAssign;
  return (
    <>
      {assigning ? (
        <div className="dc-toolbar">
          <div className="dc-owner">
            <MemberSelect value={owner} onChange={setOwner} placeholder="选择新的负责人" />
          </div>
          <Button
            type="primary"
            disabled={!owner || selected.length === 0}
            loading={busy}
            onClick={() => void assign()}
          >
            分配负责人{selected.length ? `（${selected.length}）` : ''}
          </Button>
        </div>
      ) : null}
      <Table<IssueRow>
        rowKey="id"
        size="small"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        scroll={{ x: 560 }}
        rowSelection={
          assigning
            ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }
            : undefined
        }
        pagination={{
          current: pageNo,
          pageSize: ISSUE_PAGE_SIZE,
          total: page.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: setPageNo,
        }}
        columns={[
          {
            title: kind === 'noContact' ? '线索名称' : '客户名称',
            dataIndex: 'name',
            width: 220,
            ellipsis: true,
            render: (v: string, r) => (
              <Link href={kind === 'noContact' ? leadHref(r.id) : customerDetailPath(r.id)}>
                {v}
              </Link>
            ),
          },
          {
            title: kind === 'noContact' ? '跟进人' : '原负责人（已离职）',
            dataIndex: 'ownerName',
            width: 140,
            render: (v: string | null) => v ?? '—',
          },
          { title: '创建时间', dataIndex: 'createTime', width: 150, render: time },
          ...(kind === 'noContact'
            ? [
                {
                  title: '操作',
                  key: 'fix',
                  width: 110,
                  render: (_: unknown, r: IssueRow) => (
                    <Link href={leadHref(r.id)}>补全联系方式</Link>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
