'use client';

import { useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import dynamic from 'next/dynamic';
import { onDemand, useOpenedOnce } from '@/lib/client/on-demand';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Cascader, Checkbox, Popover, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { SettingOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import { useStoredChoice } from '@/lib/client/storage/useStoredChoice';
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
  cluePage,
  deleteClue,
  getClueNum,
  restoreClue,
  updateClueStatus,
  updateFollowUser,
} from '@/lib/shared/clue/clue.endpoints';
import type { ClueView } from '@/lib/shared/clue/clue.contract';
import { type ClueSortField, type ClueStatus } from '@/lib/shared/clue/clue.constants';
import { useCodeGroup } from '@/components/code-group/use-code-group';
import { ClueExportButton } from '@/components/clue-io/ClueExportButton';
import { ClueImportButton } from '@/components/clue-io/ClueImportButton';
import { CLUE_LIST_COLUMNS, type ClueListColumn } from '@/lib/shared/clue/clue.constants';
import type { SavedView } from '@/lib/shared/saved-view/saved-view.contract';
import { SavedViewPicker } from '@/components/saved-view/SavedViewPicker';
import { useSavedViews } from '@/components/saved-view/useSavedViews';
import { industryOptions } from './options';
import { RegionCascader } from './RegionCascader';
import { NUM_KEY, PAGE_KEY, STATUS_COLOR, dateTime, statusName, useMembers } from './shared';
import { NO_FILTERS, buildQuery, isFiltered, type Filters, type Tab } from './query';
import {
  DEFAULT_SORT,
  fromViewState,
  loadClueViewSchema,
  tabFromUrl,
  toViewState,
  viewIdFromUrl,
  type ClueListState,
  type ClueViewSchema,
} from './view-state';
import { BatchCollectButton } from '@/components/wyw/BatchCollectButton';
import { AddWeixinLeadsButton } from '@/components/ai/AddWeixinLeadsButton';
import type { StatusTarget } from './ClueStatusModal';
import './clue.css';
import { useFeedback } from '@/lib/client/feedback';

// The form (fields, pickers, suggestions) and the detail (timeline, follow-ups, conversion) load
// when first opened: the list's first load carries neither.
const loadForm = onDemand(() => import('./ClueFormModal'));
const ClueFormModal = dynamic(() => loadForm().then((m) => m.ClueFormModal), { ssr: false });
const loadStatus = onDemand(() => import('./ClueStatusModal'));
const ClueStatusModal = dynamic(() => loadStatus().then((m) => m.ClueStatusModal), {
  ssr: false,
});
const loadDetail = onDemand(() => import('./ClueDetailDrawer'));
const ClueDetailDrawer = dynamic(() => loadDetail().then((m) => m.ClueDetailDrawer), {
  ssr: false,
});

type ColumnKey = ClueListColumn;
const COLUMN_LABELS: Record<ColumnKey, string> = {
  creditCode: '信用代码',
  status: '状态',
  source: '来源',
  followUser: '跟进人',
  contact: '联系人',
  region: '地区',
  industry: '行业',
  nextFollowTime: '下次跟进',
  lastFollowTime: '最近跟进',
  createTime: '创建时间',
};
const ALL_COLUMNS: readonly ColumnKey[] = CLUE_LIST_COLUMNS;
const DEFAULT_COLUMNS = ALL_COLUMNS.filter((k) => k !== 'industry');
const COLUMNS_KEY = 'clue-list-columns';
const isColumnList = (v: unknown): v is ColumnKey[] =>
  Array.isArray(v) && v.every((k) => (ALL_COLUMNS as unknown[]).includes(k));

/** 线索管理 (/clue/list, issue 14): the tenant's leads within the member's data scope. */
export function ClueList() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const canCreate = usePermission('szjk:clue:create');
  const canUpdate = usePermission('szjk:clue:update');
  const canDelete = usePermission('szjk:clue:delete');
  const canAssign = usePermission('szjk:clue:update-follow-user');
  const canImport = usePermission('szjk:clue:import');
  const canExport = usePermission('szjk:clue:export');

  // The URL may name a saved view (?view=12) or a tab (?tab=due); otherwise the default view
  // (if the member has one) applies once the views are read.
  const params = useSearchParams();
  const [urlViewId] = useState(() => viewIdFromUrl(params.get('view')));
  const [urlTab] = useState(() => tabFromUrl(params.get('tab')));
  const [tab, setTab] = useState<Tab>(urlTab ?? 'all');
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: PAGE_KEY }),
      client.invalidateQueries({ queryKey: NUM_KEY }),
    ]);
  const list = useCrmList<Filters, ClueSortField>({
    noFilters: NO_FILTERS,
    defaultSort: DEFAULT_SORT,
    settle: refresh,
  });
  const { deleted, filters, sort, pageNo, pageSize, selected } = list;
  const [storedColumns, setStoredColumns] = useStoredChoice<ColumnKey[]>(
    COLUMNS_KEY,
    DEFAULT_COLUMNS,
    isColumnList,
  );
  const [viewId, setViewId] = useState<number | null>(null);
  // While a saved view is chosen its columns are shown (and saved with it), not the stored choice.
  const [viewColumns, setViewColumns] = useState<ColumnKey[] | null>(null);
  const shown = viewColumns ?? storedColumns;
  const setShown = (v: ColumnKey[]) => (viewId !== null ? setViewColumns(v) : setStoredColumns(v));
  const form = useRecordForm<ClueView>();
  // ?open=12 (我的工作台) or ?clue=12 (a follow-up message's link) opens that lead's detail.
  const [detailId, setDetailId] = useState<number | null>(() =>
    viewIdFromUrl(params.get('open') ?? params.get('clue')),
  );
  const formOpened = useOpenedOnce(form.open);
  const detailOpened = useOpenedOnce(detailId !== null);
  const closeDetail = () => {
    setDetailId(null);
    if (typeof window === 'undefined') return;
    const url = new URL(window.location.href);
    if (!url.searchParams.has('open') && !url.searchParams.has('clue')) return;
    url.searchParams.delete('open');
    url.searchParams.delete('clue');
    window.history.replaceState(window.history.state, '', url);
  };
  const [statusTarget, setStatusTarget] = useState<StatusTarget>(null);
  const statusOpened = useOpenedOnce(statusTarget !== null);

  const views = useSavedViews('clue');
  const [viewsSettled, setViewsSettled] = useState(false);
  // The views' schema (zod) loads beside the views, not with the list (issue 38); if it cannot
  // load, the list opens without a view, as when the views cannot be read.
  const [viewSchema, setViewSchema] = useState<ClueViewSchema | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    loadClueViewSchema().then(
      (schema) => live && setViewSchema(schema),
      () => live && setViewSchema('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  function applyState(s: ClueListState) {
    setTab(s.tab);
    list.setFilters(s.filters);
    list.setKeywordInput(s.filters.keyword);
    list.setSort(s.sort);
    list.setPageSize(s.pageSize);
    list.setPageNo(1);
    list.setSelected([]);
    list.setDeleted(false);
  }

  /** Applies a saved view (null: none, every lead) and names it in the URL. */
  function chooseView(view: SavedView | null, updateUrl = true) {
    const schema = viewSchema === 'failed' ? null : viewSchema;
    const state = view && schema ? fromViewState(view.state, schema) : null;
    if (view && !state) {
      if (updateUrl) message.error('该视图的内容已不适用，请重新保存');
      return;
    }
    setViewId(view?.id ?? null);
    if (state) {
      applyState(state);
      setViewColumns(state.columns ?? DEFAULT_COLUMNS);
    } else {
      // No view: every lead, as the list opens without one (the member's own column choice).
      applyState({ tab: 'all', filters: NO_FILTERS, sort: DEFAULT_SORT, columns: null, pageSize });
      setViewColumns(null);
    }
    if (updateUrl && typeof window !== 'undefined') {
      const url = new URL(window.location.href);
      url.searchParams.delete('tab');
      if (view) url.searchParams.set('view', String(view.id));
      else url.searchParams.delete('view');
      window.history.replaceState(window.history.state, '', url);
    }
  }

  // Once the views are read (or could not be): the URL's view, else the default view unless the
  // URL asked for a tab. Adjusting state while rendering, so the first page already uses it.
  if (!viewsSettled && viewSchema !== null && (views.isSuccess || views.isError)) {
    setViewsSettled(true);
    const list = views.data ?? [];
    const wanted =
      urlViewId !== null
        ? list.find((v) => v.id === urlViewId)
        : urlTab
          ? undefined
          : list.find((v) => v.isDefault);
    if (wanted) chooseView(wanted, false);
  }

  const members = useMembers();
  const sources = useCodeGroup('clueSource');
  const query = buildQuery(tab, filters, sort, pageNo, pageSize, deleted);
  const page = useQuery({
    queryKey: [...PAGE_KEY, query],
    queryFn: () => call(cluePage, { body: query }, { silent: true }),
    placeholderData: keepPreviousData,
    enabled: viewsSettled,
    retry: 0,
  });
  const nums = useQuery({
    queryKey: NUM_KEY,
    queryFn: () => call(getClueNum, undefined, { silent: true }),
    retry: 0,
  });

  const { removeIds, restore } = list.softDelete<ClueView>({
    remove: deleteClue,
    restore: restoreClue,
    unit: '条线索',
  });

  const n = nums.data;
  const count = (v: number | undefined) => (v === undefined ? '' : ` ${v}`);
  const tabs: { key: Tab; label: string }[] = [
    { key: 'all', label: `全部${count(n?.total)}` },
    { key: '0', label: `新线索${count(n?.newCount)}` },
    { key: '1', label: `跟进中${count(n?.followingCount)}` },
    { key: '2', label: `已转化${count(n?.convertedCount)}` },
    { key: '3', label: `无效${count(n?.invalidCount)}` },
    { key: 'due', label: `今日待跟进${count(n?.todayFollowCount)}` },
  ];

  const sortOrderOf = (field: ClueSortField) => columnSortOrder(sort, field);

  const optional: Record<ColumnKey, ColumnsType<ClueView>[number]> = {
    creditCode: textColumn('信用代码', 'creditCode', 190),
    status: {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: number, c) => (
        <Tag color={STATUS_COLOR[v as ClueStatus]} title={c.invalidReason ?? undefined}>
          {statusName(v)}
        </Tag>
      ),
    },
    source: {
      title: '来源',
      dataIndex: 'source',
      width: 100,
      render: (v: string) => sources.label(v),
    },
    followUser: textColumn('跟进人', 'followUserName', 100),
    contact: {
      title: '联系人',
      key: 'contact',
      width: 150,
      render: (_v, c) =>
        c.contactName || c.contactMobile || c.contactPhone ? (
          <div className="clue-two-line">
            <span>{c.contactName ?? '—'}</span>
            <span className="clue-muted">{c.contactMobile ?? c.contactPhone ?? ''}</span>
          </div>
        ) : (
          '—'
        ),
    },
    region: textColumn('地区', 'regionName', 160),
    industry: {
      title: '行业',
      dataIndex: 'industryName',
      width: 160,
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    nextFollowTime: {
      title: '下次跟进',
      dataIndex: 'nextFollowTime',
      key: 'nextFollowTime',
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf('nextFollowTime'),
      render: (v: number | null, c) => (
        <span className={c.due ? 'clue-due' : undefined}>{dateTime(v)}</span>
      ),
    },
    ...followTimeColumns<ClueView>(sortOrderOf),
  };

  const columns: ColumnsType<ClueView> = [
    nameColumn<ClueView>({
      title: '线索名称',
      width: 220,
      css: 'clue',
      sortOrder: sortOrderOf('name'),
      main: (c) => (
        <Button type="link" size="small" className="clue-name" onClick={() => setDetailId(c.id)}>
          {c.name}
        </Button>
      ),
    }),
    ...ALL_COLUMNS.filter((k) => shown.includes(k)).map((k) => optional[k]),
    rowActionsColumn<ClueView>({
      list,
      width: 190,
      can: { update: canUpdate, delete: canDelete },
      on: { restore, edit: form.openForm, delete: removeIds },
      before: (c) => (
        <Button type="link" size="small" onClick={() => setDetailId(c.id)}>
          跟进
        </Button>
      ),
      after: (c) =>
        canUpdate && c.status !== 2 ? (
          <Button
            type="link"
            size="small"
            onClick={() => setStatusTarget({ ids: [c.id], name: c.name })}
          >
            状态
          </Button>
        ) : null,
    }),
  ];

  const filtered = isFiltered(filters);
  const memberOptions = (members.data ?? []).map((m) => ({ label: m.nickname, value: m.id }));

  /** What the lead list declares to the CRM kit; the frame draws the rest. */
  const decl: CrmListDecl<Filters> = {
    css: 'clue',
    noun: '线索',
    unit: '条线索',
    pageUnit: '条',
    title: '线索管理',
    can: { create: canCreate, delete: canDelete, assign: canAssign },
    selectable: canUpdate || canDelete || canAssign || canExport,
    assign: { role: '跟进人', contract: updateFollowUser, field: 'followUserId' },
    empty: {
      noMatch: '没有符合条件的线索',
      start: '暂无线索，可从企业搜索加入或新建',
      elsewhere: <Button href="/companySearch">去搜索</Button>,
    },
    filters: [
      {
        kind: 'keyword',
        key: 'keyword',
        placeholder: '名称、信用代码、联系人或电话',
        label: '搜索线索',
        width: 260,
      },
      {
        kind: 'select',
        key: 'source',
        multiple: true,
        placeholder: '线索来源',
        label: '按来源筛选',
        width: 200,
        options: sources.options(),
      },
      memberFilter('followUserIds', '跟进人', 180, {
        options: memberOptions,
        loading: members.isLoading,
      }),
      {
        kind: 'custom',
        key: 'region',
        render: (value, onChange) => (
          <RegionCascader
            placeholder="地区"
            aria-label="按地区筛选"
            style={{ width: 200 }}
            value={value as string[]}
            onChange={(v) => onChange(v)}
          />
        ),
      },
      {
        kind: 'custom',
        key: 'industry',
        render: (value, onChange) => (
          <Cascader
            changeOnSelect
            showSearch
            placeholder="行业"
            aria-label="按行业筛选"
            style={{ width: 200 }}
            options={industryOptions()}
            value={value as string[]}
            onChange={(v) => onChange((v as string[] | undefined) ?? [])}
          />
        ),
      },
      {
        kind: 'range',
        key: 'createTime',
        label: '创建时间',
        placeholder: ['创建开始', '创建结束'],
      },
      {
        kind: 'range',
        key: 'nextFollowTime',
        label: '下次跟进时间',
        placeholder: ['下次跟进开始', '下次跟进结束'],
      },
    ],
  };

  return (
    <CrmListFrame<Filters, ClueView>
      decl={decl}
      list={list}
      page={page}
      members={memberOptions}
      remove={removeIds}
      onCreate={() => form.openForm(null)}
      filtered={filtered}
      narrowed={filtered || tab !== 'all'}
      headBefore={
        <>
          {/* 导入 / 导出: background jobs (components/clue-io); files land in 下载中心. */}
          {canImport && <ClueImportButton onDone={() => void refresh()} />}
          {canExport && <ClueExportButton filters={query} />}
        </>
      }
      above={
        <Tabs
          className="clue-tabs"
          activeKey={tab}
          onChange={(k) => {
            setTab(k as Tab);
            list.setPageNo(1);
          }}
          items={tabs.map((t) => ({ key: t.key, label: t.label }))}
        />
      }
      filterLead={
        <SavedViewPicker
          listKey="clue"
          activeId={viewId}
          allLabel="全部线索（不使用视图）"
          getState={() => toViewState({ tab, filters, sort, columns: shown, pageSize })}
          onSelect={(v) => chooseView(v)}
        />
      }
      filterTrail={
        <Popover
          trigger="click"
          placement="bottomRight"
          title="显示列"
          content={
            <Checkbox.Group
              className="clue-column-chooser"
              value={shown}
              onChange={(v) => setShown(v as ColumnKey[])}
              options={ALL_COLUMNS.map((k) => ({ label: COLUMN_LABELS[k], value: k }))}
            />
          }
        >
          <Button icon={<SettingOutlined />} aria-label="列设置" className="clue-column-btn">
            列设置
          </Button>
        </Popover>
      }
      bulkBefore={
        canUpdate && (
          <Button size="small" onClick={() => setStatusTarget({ ids: selected })}>
            修改状态
          </Button>
        )
      }
      bulkAfter={
        <>
          {canExport && <BatchCollectButton clueIds={selected} />}
          {canUpdate && <AddWeixinLeadsButton clueIds={selected} />}
        </>
      }
      table={{ loading: !viewsSettled, columns, scroll: { x: 1400 } }}
    >
      {formOpened ? (
        <ClueFormModal
          open={form.open}
          clue={form.editing}
          onClose={form.close}
          onDone={() => {
            form.close();
            void refresh();
          }}
        />
      ) : null}
      {detailOpened ? <ClueDetailDrawer id={detailId} onClose={closeDetail} /> : null}
      {statusOpened ? (
        <ClueStatusModal
          target={statusTarget}
          onClose={() => setStatusTarget(null)}
          onSubmit={(status, reason) => {
            const ids = statusTarget?.ids ?? [];
            setStatusTarget(null);
            return list.run(
              'status',
              async () => {
                await call(
                  updateClueStatus,
                  { body: { ids, status, invalidReason: reason || null } },
                  { silent: true },
                );
                return `已改为${statusName(status)}`;
              },
              ids.length > 1,
            );
          }}
        />
      ) : null}
    </CrmListFrame>
  );
}
