'use client';

import { useMemo, useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Empty, Segmented, Select, Spin, Table, TreeSelect } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { call, contractKey, download } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import {
  exportDataBoard,
  getDataBoard,
  getDataBoardOptions,
} from '@/lib/shared/data-board/data-board.endpoints';
import type {
  DataBoard as Board,
  DataBoardFilter,
  DataBoardOptions,
} from '@/lib/shared/data-board/data-board.contract';
import { BOARD_DEFAULT_DAYS } from '@/lib/shared/data-board/data-board.constants';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { errorCode, errorText } from '@/components/employee/errors';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { formatYuan } from '@/components/opportunity/money';
import { barsOption, funnelOption, pct, pipelineOption, trendOption } from './board-options';
import './data-board.css';
import { useFeedback } from '@/lib/client/feedback';

const BoardChart = dynamic(() => import('./BoardChart'), {
  ssr: false,
  loading: () => <Spin className="db-chart-loading" />,
});

const FORMAT = 'YYYY-MM-DD';
const PRESETS: { label: string; value: [Dayjs, Dayjs] }[] = [
  { label: '近 7 天', value: [dayjs().subtract(6, 'day'), dayjs()] },
  { label: '近 30 天', value: [dayjs().subtract(29, 'day'), dayjs()] },
  { label: '近 90 天', value: [dayjs().subtract(89, 'day'), dayjs()] },
  { label: '近一年', value: [dayjs().subtract(364, 'day'), dayjs()] },
];

type DeptNode = { value: number; title: string; children: DeptNode[] };

/** The departments the caller sees as a tree (a department whose parent is hidden is a root). */
function deptTree(depts: DataBoardOptions['depts']): DeptNode[] {
  const nodes = new Map<number, DeptNode>(
    depts.map((d) => [d.id, { value: d.id, title: d.name, children: [] }]),
  );
  const roots: DeptNode[] = [];
  for (const d of depts) {
    const parent = nodes.get(d.parentId);
    if (parent) parent.children.push(nodes.get(d.id)!);
    else roots.push(nodes.get(d.id)!);
  }
  return roots;
}

/** A card: a chart and the same figures as a table (图表 / 表格), or an empty state. */
function Card({
  title,
  note,
  empty,
  emptyText,
  chart,
  table,
  wide,
}: {
  title: string;
  note?: string;
  empty: boolean;
  emptyText: string;
  chart?: ReactNode;
  table: ReactNode;
  wide?: boolean;
}) {
  const [view, setView] = useState<'chart' | 'table'>(chart ? 'chart' : 'table');
  return (
    <section className={`db-card${wide ? ' db-wide' : ''}`} aria-label={title}>
      <header className="db-card-head">
        <h2 className="db-card-title">{title}</h2>
        {chart && !empty && (
          <Segmented
            size="small"
            value={view}
            onChange={(v) => setView(v as 'chart' | 'table')}
            options={[
              { label: '图表', value: 'chart' },
              { label: '表格', value: 'table' },
            ]}
            aria-label={`${title}：图表或表格`}
          />
        )}
      </header>
      {note && <p className="db-note">{note}</p>}
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : view === 'chart' && chart ? (
        chart
      ) : (
        table
      )}
    </section>
  );
}

function small<T extends object>(
  rows: readonly T[],
  columns: ColumnsType<T>,
  rowKey: (r: T) => string,
  caption: string,
) {
  return (
    <Table<T>
      size="small"
      rowKey={rowKey}
      dataSource={rows as T[]}
      columns={columns}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      scroll={{ x: 'max-content' }}
      title={() => <span className="visually-hidden">{caption}</span>}
    />
  );
}

const days = (v: number | null) => (v === null ? '—' : `${v} 天`);

/** Bars of new leads (新增线索) per name, labelled for screen readers. */
const leadBars = (label: string, rows: { name: string; value: number }[], color?: string) => (
  <BoardChart option={barsOption(rows, '新增线索', color)} label={label} />
);

/** New leads by a place or a kind (按地区, 按行业): bars and the table under them. */
function LeadsByCard({
  title,
  rows,
  nameTitle,
  color,
}: {
  title: string;
  rows: Board['byRegion'];
  nameTitle: string;
  color?: string;
}) {
  return (
    <Card
      title={title}
      empty={rows.length === 0}
      emptyText="所选范围内没有新增线索"
      chart={leadBars(
        title,
        rows.map((r) => ({ name: r.name, value: r.leads })),
        color,
      )}
      table={small(
        rows,
        [
          { title: nameTitle, dataIndex: 'name' },
          { title: '新增线索', dataIndex: 'leads', align: 'right' },
        ],
        (r) => r.code ?? '-',
        title,
      )}
    />
  );
}

/** 数据看板 (/dataBoard, issue 29): the team's CRM figures within the member's data scope. */
export function DataBoard() {
  const { message } = useFeedback();
  const canExport = usePermission('szjk:data-board:export');
  const [range, setRange] = useState<[Dayjs, Dayjs]>([
    dayjs().subtract(BOARD_DEFAULT_DAYS - 1, 'day'),
    dayjs(),
  ]);
  const [deptIds, setDeptIds] = useState<number[]>([]);
  const [memberIds, setMemberIds] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);

  const filter: DataBoardFilter = {
    from: range[0].format(FORMAT),
    to: range[1].format(FORMAT),
    ...(deptIds.length ? { deptIds } : {}),
    ...(memberIds.length ? { memberIds } : {}),
  };
  const options = useQuery({
    queryKey: contractKey(getDataBoardOptions),
    queryFn: ({ signal }) => call(getDataBoardOptions, {}, { signal, silent: true }),
  });
  const board = useQuery({
    queryKey: contractKey(getDataBoard, { body: filter }),
    queryFn: ({ signal }) => call(getDataBoard, { body: filter }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  const tree = useMemo(() => deptTree(options.data?.depts ?? []), [options.data]);

  const code = errorCode(board.error ?? options.error);
  if (code === 401) return <SignInRequired text="登录后可查看数据看板" />;
  if (code === 403)
    return (
      <StatusNotice
        status="403"
        title="当前操作没有权限"
        subTitle="请联系企业管理员开通数据看板权限"
      />
    );

  const b = board.data;
  const exportBoard = async () => {
    setExporting(true);
    try {
      await download(exportDataBoard, { body: filter }, { silent: true });
    } catch (err) {
      message.error(errorText(err, '导出失败'));
    } finally {
      setExporting(false);
    }
  };
  const nothing =
    b &&
    !b.funnel.length &&
    !b.trend.length &&
    !b.byMember.length &&
    !b.pipeline.length &&
    !b.bySource.length;

  return (
    <div className="db-page">
      <div className="db-head">
        <h1 className="ent-page-title db-title">数据看板</h1>
        <span className="db-grow" />
        {canExport && (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!b}
            onClick={() => void exportBoard()}
          >
            导出 Excel
          </Button>
        )}
      </div>
      <div className="db-filters" role="search" aria-label="看板筛选">
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          presets={PRESETS}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => {
            if (!v?.[0] || !v[1]) return;
            if (v[1].diff(v[0], 'day') >= 366) {
              message.warning('时间范围最多 366 天');
              return;
            }
            setRange([v[0], v[1]]);
          }}
          aria-label="时间范围"
        />
        {(options.data?.depts.length ?? 0) > 0 && (
          <TreeSelect<number[]>
            className="db-select"
            treeData={tree}
            value={deptIds}
            onChange={(v) => setDeptIds(v)}
            multiple
            allowClear
            treeDefaultExpandAll
            placeholder="全部部门"
            aria-label="部门"
            maxTagCount="responsive"
          />
        )}
        {(options.data?.members.length ?? 0) > 1 && (
          <Select<number[]>
            className="db-select"
            mode="multiple"
            value={memberIds}
            onChange={(v) => setMemberIds(v)}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部成员"
            aria-label="成员"
            maxTagCount="responsive"
            options={(options.data?.members ?? []).map((m) => ({ value: m.id, label: m.name }))}
          />
        )}
        {options.data?.scope === 'members' && (
          <span className="db-note">仅显示数据权限内的数据</span>
        )}
      </div>

      {board.isError && !b ? (
        <LoadErrorAlert
          title={errorText(board.error, '看板加载失败')}
          onRetry={() => board.refetch()}
        />
      ) : !b ? (
        <Spin className="db-loading" />
      ) : nothing ? (
        <Empty
          className="db-empty"
          description="所选范围内还没有线索、跟进或商机数据"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
        />
      ) : (
        <Spin spinning={board.isFetching} delay={300}>
          {board.isError && (
            <LoadErrorAlert
              title={errorText(board.error, '看板更新失败')}
              onRetry={() => board.refetch()}
            />
          )}
          <BoardCards b={b} />
        </Spin>
      )}
    </div>
  );
}

function BoardCards({ b }: { b: Board }) {
  const totals = {
    leads: b.funnel[0]?.count ?? 0,
    followUps: b.trend.reduce((n, t) => n + t.followUps, 0),
    won: b.byMember.reduce((n, m) => n + m.wonCount, 0),
    wonAmount: b.byMember.reduce((n, m) => n + m.wonAmount, 0),
  };
  return (
    <div className="db-grid">
      <dl className="db-stats db-wide">
        <div>
          <dt>新增线索</dt>
          <dd>{totals.leads}</dd>
        </div>
        <div>
          <dt>跟进</dt>
          <dd>{totals.followUps}</dd>
        </div>
        <div>
          <dt>赢单</dt>
          <dd>{totals.won}</dd>
        </div>
        <div>
          <dt>赢单金额</dt>
          <dd>{formatYuan(totals.wonAmount)}</dd>
        </div>
      </dl>
      <Card
        title="转化漏斗"
        note="范围内新增的线索中，转为客户、产生商机、赢单的数量；天数为相邻两步之间的中位数"
        empty={b.funnel.length === 0}
        emptyText="所选范围内没有新增线索"
        chart={<BoardChart option={funnelOption(b)} label="转化漏斗" />}
        table={small(
          b.funnel,
          [
            { title: '阶段', dataIndex: 'name' },
            { title: '数量', dataIndex: 'count', align: 'right' },
            {
              title: '较上一步',
              dataIndex: 'rateFromPrevious',
              align: 'right',
              render: pct,
            },
            { title: '较线索', dataIndex: 'rateFromLeads', align: 'right', render: pct },
            { title: '距上一步中位天数', dataIndex: 'medianDays', align: 'right', render: days },
          ],
          (r) => r.key,
          '转化漏斗',
        )}
      />
      <Card
        title={`新增线索与跟进（按${b.bucket === 'day' ? '日' : '周'}）`}
        empty={b.trend.length === 0}
        emptyText="所选范围内没有新增线索或跟进"
        chart={<BoardChart option={trendOption(b)} label="新增线索与跟进趋势" />}
        table={small(
          b.trend,
          [
            { title: b.bucket === 'day' ? '日期' : '周（周一）', dataIndex: 'start' },
            { title: '新增线索', dataIndex: 'leads', align: 'right' },
            { title: '跟进', dataIndex: 'followUps', align: 'right' },
          ],
          (r) => r.start,
          '新增线索与跟进',
        )}
      />
      <Card
        title="按来源"
        empty={b.bySource.length === 0}
        emptyText="所选范围内没有新增线索"
        chart={leadBars(
          '按来源',
          b.bySource.map((s) => ({ name: s.source, value: s.leads })),
        )}
        table={small(
          b.bySource,
          [
            { title: '来源', dataIndex: 'source' },
            { title: '新增线索', dataIndex: 'leads', align: 'right' },
            { title: '转为客户', dataIndex: 'converted', align: 'right' },
            { title: '转化率', dataIndex: 'rate', align: 'right', render: pct },
          ],
          (r) => r.source,
          '按来源',
        )}
      />
      <Card
        title="商机阶段金额"
        note="进行中阶段为当前商机；赢单、输单为范围内结单的商机"
        empty={b.pipeline.length === 0}
        emptyText="没有商机"
        chart={<BoardChart option={pipelineOption(b)} label="商机阶段金额" />}
        table={small(
          b.pipeline,
          [
            { title: '阶段', dataIndex: 'name' },
            { title: '商机数', dataIndex: 'count', align: 'right' },
            { title: '金额', dataIndex: 'amount', align: 'right', render: formatYuan },
            {
              title: '加权金额',
              dataIndex: 'weightedAmount',
              align: 'right',
              render: formatYuan,
            },
          ],
          (r) => String(r.stageId),
          '商机阶段金额',
        )}
      />
      <LeadsByCard title="按地区" rows={b.byRegion} nameTitle="省份" />
      <LeadsByCard title="按行业" rows={b.byIndustry} nameTitle="行业门类" color="#13a8a8" />
      <Card
        title="按成员"
        wide
        empty={b.byMember.length === 0}
        emptyText="所选范围内成员没有线索、跟进或赢单"
        chart={leadBars(
          '按成员（新增线索）',
          b.byMember.map((m) => ({ name: m.name, value: m.leads })),
        )}
        table={small(
          b.byMember,
          [
            { title: '成员', dataIndex: 'name', fixed: 'left' },
            { title: '部门', dataIndex: 'deptName', render: (v: string | null) => v ?? '—' },
            { title: '新增线索', dataIndex: 'leads', align: 'right' },
            { title: '跟进', dataIndex: 'followUps', align: 'right' },
            { title: '新增客户', dataIndex: 'customers', align: 'right' },
            { title: '赢单数', dataIndex: 'wonCount', align: 'right' },
            { title: '赢单金额', dataIndex: 'wonAmount', align: 'right', render: formatYuan },
          ],
          (r) => String(r.userId),
          '按成员',
        )}
      />
    </div>
  );
}
