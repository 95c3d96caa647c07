'use client';

import { useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { Button, Space, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { call } from '@/lib/client/request';
import { onDemand, useOpenedOnce } from '@/lib/client/on-demand';
import type { MemberOption } from '../AssignModal';
import { BulkBar, DeleteConfirm } from '../BulkBar';
import { CrmTable } from '../CrmTable';
import { activeFilters, FilterFoldButton, useFilterFold } from '../FilterFold';
import {
  ClearFiltersButton,
  RecycleBinToggle,
  listAccessGate,
  type useCrmList,
} from '../useCrmList';
import { FilterControls, type FilterControl } from './FilterControls';
import '../crm.css';

type Contract = Parameters<typeof call>[0];

// 分配 opens a dialog with a form: loaded when first opened, not with the list.
const loadAssign = onDemand(() => import('../AssignModal'));
const BulkAssignModal = dynamic(() => loadAssign().then((m) => m.BulkAssignModal), {
  ssr: false,
});

/** The parts of the list's state (useCrmList) the frame uses. */
type CrmList<F extends object> = Pick<
  ReturnType<typeof useCrmList<F, string>>,
  | 'deleted'
  | 'toggleDeleted'
  | 'selected'
  | 'setSelected'
  | 'busy'
  | 'run'
  | 'filters'
  | 'setFilter'
  | 'keywordInput'
  | 'setKeywordInput'
  | 'clearFilters'
  | 'tableProps'
>;

/**
 * What a CRM list declares (CRM kit, ADR 0196); the frame draws the rest the same way for every
 * list: the head with 回收站 and 新建, the folding filter bar, the bulk bar with 分配 and 删除,
 * the table with its empty states, and the 分配 dialog.
 */
export type CrmListDecl<F extends object> = {
  /** Prefix of the page's own classes and ids: 'clue' gives .clue-list, .clue-head, #clue-filters. */
  css: string;
  /** 线索, 客户: 筛选线索, 登录后可管理线索, 新建线索, 线索列表. */
  noun: string;
  /** What a selection counts, with its measure word: 条线索, 个客户. */
  unit: string;
  /** The measure word of the pager's total: 共 N 条. */
  pageUnit: string;
  /** The page's title: 线索管理 (the bin is 线索回收站). */
  title: string;
  filters: FilterControl<F>[];
  can: { create: boolean; delete: boolean; assign: boolean };
  /** Rows can be selected (some bulk action is allowed). */
  selectable: boolean;
  /** What the bulk 删除 adds to 删除后可在回收站恢复. */
  deleteNote?: string;
  /** 分配跟进人 / 分配负责人: the role, and the contract that gives it (`{ids, [field]: userId}`). */
  assign: { role: string; contract: Contract; field: 'followUserId' | 'ownerUserId' };
  empty: { noMatch: string; start: string; elsewhere: ReactNode };
};

export function CrmListFrame<F extends object, T extends { id: number }>({
  decl,
  list,
  page,
  members,
  remove,
  onCreate,
  filtered,
  narrowed = filtered,
  headBefore,
  headAfter,
  above,
  filterLead,
  filterTrail,
  bulkBefore,
  bulkAfter,
  table,
  children,
}: {
  decl: CrmListDecl<F>;
  list: CrmList<F>;
  page: UseQueryResult<{ list: T[]; total: number }>;
  members: MemberOption[];
  /** Deletes rows into the bin (useCrmList softDelete). */
  remove: (ids: number[]) => void;
  onCreate: () => void;
  /** A filter is set: 清空筛选 shows. */
  filtered: boolean;
  /** The list is narrowed (filters, a tab): an empty page says no match. Default: `filtered`. */
  narrowed?: boolean;
  /** Head buttons before 回收站 (导入, 导出) and after it (从线索转化). */
  headBefore?: ReactNode;
  headAfter?: ReactNode;
  /** Between the head and the filters (the status tabs). */
  above?: ReactNode;
  /** First and last in the filter bar (saved views; column settings). */
  filterLead?: ReactNode;
  filterTrail?: ReactNode;
  /** Bulk actions before 删除 (修改状态) and after it (批量采集). */
  bulkBefore?: ReactNode;
  bulkAfter?: ReactNode;
  /** The table's own props: columns, scroll, rows, loading. */
  table: Omit<TableProps<T>, 'dataSource' | 'locale' | 'rowSelection' | 'pagination'>;
  /** The list's dialogs (form, detail, ...). */
  children?: ReactNode;
}) {
  const fold = useFilterFold(`${decl.css}-filters`);
  const [assignOpen, setAssignOpen] = useState(false);
  const assignOpened = useOpenedOnce(assignOpen);
  const { deleted, selected, setSelected, busy } = list;

  const refused = listAccessGate(page.error, decl.noun);
  if (refused) return refused;

  const bulk = !deleted && decl.selectable;
  const createButton = decl.can.create ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
      新建{decl.noun}
    </Button>
  ) : null;

  return (
    <div className={`crm-list ${decl.css}-list`}>
      <div className={`crm-head ${decl.css}-head`}>
        <h1 className={`ent-page-title crm-title ${decl.css}-title`}>
          {deleted ? `${decl.noun}回收站` : decl.title}
        </h1>
        <Space size={8} wrap>
          {!deleted && headBefore}
          <RecycleBinToggle
            deleted={deleted}
            onToggle={list.toggleDeleted}
            listName={`${decl.noun}列表`}
          />
          {!deleted && headAfter}
          {!deleted && createButton}
        </Space>
      </div>

      {!deleted && above}

      <FilterFoldButton
        fold={fold}
        active={activeFilters(list.filters as Record<string, unknown>)}
      />
      <div
        {...fold.bar(`crm-filters ${decl.css}-filters`)}
        role="search"
        aria-label={`筛选${decl.noun}`}
      >
        {!deleted && filterLead}
        <FilterControls
          controls={decl.filters}
          filters={list.filters}
          setFilter={list.setFilter}
          keywordInput={list.keywordInput}
          setKeywordInput={list.setKeywordInput}
        />
        <ClearFiltersButton shown={filtered} onClear={list.clearFilters} />
        {filterTrail}
      </div>

      {bulk && selected.length > 0 && (
        <BulkBar count={selected.length} unit={decl.unit} onClear={() => setSelected([])}>
          {decl.can.assign && (
            <Button
              size="small"
              onPointerEnter={() => void loadAssign()}
              onFocus={() => void loadAssign()}
              onClick={() => setAssignOpen(true)}
            >
              分配{decl.assign.role}
            </Button>
          )}
          {bulkBefore}
          {decl.can.delete && (
            <DeleteConfirm
              title={`确定删除选中的 ${selected.length} ${decl.unit}吗？`}
              description={`删除后可在回收站恢复${decl.deleteNote ? `；${decl.deleteNote}` : ''}`}
              loading={busy === 'batch-delete'}
              onConfirm={() => remove(selected)}
            />
          )}
          {bulkAfter}
        </BulkBar>
      )}

      <CrmTable<T>
        page={page}
        failTitle={`${decl.noun}加载失败`}
        rowKey="id"
        className={`${decl.css}-table`}
        {...table}
        {...list.tableProps<T>({
          selectable: bulk,
          total: page.data?.total ?? 0,
          unit: decl.pageUnit,
        })}
        empty={{
          deleted,
          filtered: narrowed,
          noMatch: decl.empty.noMatch,
          start: decl.empty.start,
          actions: (
            <>
              {decl.empty.elsewhere}
              {createButton}
            </>
          ),
        }}
      />

      {children}
      {assignOpened ? (
        <BulkAssignModal
          role={decl.assign.role}
          what={`${selected.length} ${decl.unit}`}
          open={assignOpen}
          options={members}
          busy={busy}
          onClose={() => setAssignOpen(false)}
          run={list.run}
          assign={(userId) =>
            call(
              decl.assign.contract,
              { body: { ids: selected, [decl.assign.field]: userId } } as never,
              { silent: true },
            )
          }
        />
      ) : null}
    </div>
  );
}
