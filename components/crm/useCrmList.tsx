'use client';

import { useState } from 'react';
import { Button, Input } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { DeleteOutlined } from '@ant-design/icons';
import type { TableProps } from 'antd';
import { call } from '@/lib/client/request';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { errorCode } from '@/components/employee/errors';
import { listTableProps, type ListSort } from './table';
import { useListActions } from './useListActions';

type DeleteContract = Parameters<typeof call>[0];

/**
 * The state every CRM list (线索, 客户) keeps the same way: recycle-bin switch, keyword box,
 * filters (a change goes back to page 1), sort, paging, the selection kept across pages, and the
 * row/bulk actions (`run`, see useListActions). `settle` refreshes what an action changed.
 */
export function useCrmList<F extends object, S extends string>({
  noFilters,
  defaultSort,
  settle,
}: {
  noFilters: F;
  defaultSort: ListSort<S>;
  settle: () => Promise<unknown>;
}) {
  const [deleted, setDeleted] = useState(false);
  const [keywordInput, setKeywordInput] = useState('');
  const [filters, setFilters] = useState<F>(noFilters);
  const [sort, setSort] = useState<ListSort<S>>(defaultSort);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selected, setSelected] = useState<number[]>([]);
  const { busy, run } = useListActions(settle, () => setSelected([]));

  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPageNo(1);
  };
  const clearFilters = () => {
    setFilters(noFilters);
    setKeywordInput('');
    setPageNo(1);
  };
  const toggleDeleted = () => {
    setDeleted((d) => !d);
    setSelected([]);
    setPageNo(1);
  };

  /** Delete (one or many, into the recycle bin) and restore, with this list's wording. */
  const softDelete = <Row extends { id: number }>(opts: {
    remove: DeleteContract;
    restore: DeleteContract;
    /** 「已删除 3 条线索」: the counted noun. */
    unit: string;
  }) => ({
    removeIds: (ids: number[]) =>
      run(ids.length === 1 ? `delete-${ids[0]}` : 'batch-delete', async () => {
        await call(
          opts.remove,
          { query: ids.length === 1 ? { id: ids[0] } : { ids: ids.join(',') } } as never,
          { silent: true },
        );
        setSelected((s) => s.filter((x) => !ids.includes(x)));
        return ids.length === 1 ? '已删除，可在回收站恢复' : `已删除 ${ids.length} ${opts.unit}`;
      }),
    restore: (row: Row) =>
      run(`restore-${row.id}`, async () => {
        await call(opts.restore, { query: { id: row.id } } as never, { silent: true });
        return '已恢复';
      }),
  });

  /** Selection, header sorting and paging of the list's table. */
  const tableProps = <T,>(opts: {
    selectable: boolean;
    total: number;
    unit: string;
  }): Pick<TableProps<T>, 'rowSelection' | 'onChange' | 'pagination'> =>
    listTableProps<T, S>({
      selected: opts.selectable ? selected : null,
      onSelect: setSelected,
      fallbackSort: defaultSort,
      onSort: (next) => {
        setSort(next);
        setPageNo(1);
      },
      paging: {
        pageNo,
        pageSize,
        total: opts.total,
        unit: opts.unit,
        onChange: (p, s) => {
          setPageNo(p);
          setPageSize(s);
        },
      },
    });

  return {
    deleted,
    setDeleted,
    toggleDeleted,
    keywordInput,
    setKeywordInput,
    filters,
    setFilters,
    setFilter,
    clearFilters,
    sort,
    setSort,
    pageNo,
    setPageNo,
    pageSize,
    setPageSize,
    selected,
    setSelected,
    busy,
    run,
    softDelete,
    tableProps,
  };
}

/** A list's 新建 / 编辑 dialog: open for a new record (null) or the row to edit. */
export function useRecordForm<Row>() {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  return {
    open,
    editing,
    openForm: (row: Row | null) => {
      setEditing(row);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}

/** What a list shows instead of itself when its first page was refused (401, 403); else null. */
export function listAccessGate(error: unknown, noun: string): React.ReactNode {
  const code = errorCode(error);
  if (code === 401) return <SignInRequired text={`登录后可管理${noun}`} />;
  if (code === 403)
    return (
      <StatusNotice
        status="403"
        title="当前操作没有权限"
        subTitle={`请联系企业管理员开通${noun}权限`}
      />
    );
  return null;
}

/** The keyword box of a list's filter bar: typed text applies on Enter, clearing applies at once. */
export function KeywordFilter({
  value,
  onType,
  onApply,
  placeholder,
  label,
  width = 220,
}: {
  value: string;
  onType: (text: string) => void;
  onApply: (keyword: string) => void;
  placeholder: string;
  label: string;
  width?: number;
}) {
  return (
    <Input.Search
      allowClear
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(e) => {
        onType(e.target.value);
        if (!e.target.value) onApply('');
      }}
      onSearch={(v) => onApply(v.trim())}
      style={{ width }}
    />
  );
}

/** 清空筛选, shown while any filter is set. */
export function ClearFiltersButton({ shown, onClear }: { shown: boolean; onClear: () => void }) {
  return shown ? (
    <Button type="link" onClick={onClear}>
      清空筛选
    </Button>
  ) : null;
}

/** 回收站 / 返回{list}: switches the list between live and deleted rows. */
export function RecycleBinToggle({
  deleted,
  onToggle,
  listName,
}: {
  deleted: boolean;
  onToggle: () => void;
  listName: string;
}) {
  return (
    <Button
      icon={<DeleteOutlined />}
      type={deleted ? 'primary' : 'default'}
      ghost={deleted}
      onClick={onToggle}
    >
      {deleted ? `返回${listName}` : '回收站'}
    </Button>
  );
}
