'use client';

import { createContext, useContext, useMemo, useState } from 'react';
import { Button, Checkbox, Space, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { goToLogin } from '@/lib/client/session';
import { useBulkActions, type BulkAction } from '@/components/enterprise/actions/useBulkActions';

export type SelectedRow = { id: number; name: string; uncid: string };

/** Spec 3 "table state" of a result list. */
export type SearchTableState = {
  total: number;
  selectedRows: SelectedRow[];
  selectedRowKeys: number[];
  params: Record<string, string>;
  /** 'default' (enterprise name search) or 'park'. */
  searchType: string;
};

type Ctx = SearchTableState & {
  signedIn: boolean;
  pageRows: SelectedRow[];
  toggle: (row: SelectedRow, on: boolean) => void;
  setPageSelected: (on: boolean) => void;
  clear: () => void;
};

const TableStateContext = createContext<Ctx | null>(null);

function useTableState(): Ctx {
  const ctx = useContext(TableStateContext);
  if (!ctx) throw new Error('SearchTableProvider is missing');
  return ctx;
}

/** Holds the selection of a server-rendered result page; the rows stay plain HTML. */
export function SearchTableProvider({
  total,
  params,
  searchType,
  signedIn,
  pageRows,
  children,
}: {
  total: number;
  params: Record<string, string>;
  searchType: string;
  signedIn: boolean;
  pageRows: SelectedRow[];
  children: React.ReactNode;
}) {
  const [selectedRows, setSelectedRows] = useState<SelectedRow[]>([]);
  const value = useMemo<Ctx>(
    () => ({
      total,
      params,
      searchType,
      signedIn,
      pageRows,
      selectedRows,
      selectedRowKeys: selectedRows.map((r) => r.id),
      toggle: (row, on) =>
        setSelectedRows((rows) =>
          on
            ? rows.some((r) => r.id === row.id)
              ? rows
              : [...rows, row]
            : rows.filter((r) => r.id !== row.id),
        ),
      setPageSelected: (on) =>
        setSelectedRows((rows) =>
          on
            ? [...rows, ...pageRows.filter((p) => !rows.some((r) => r.id === p.id))]
            : rows.filter((r) => !pageRows.some((p) => p.id === r.id)),
        ),
      clear: () => setSelectedRows([]),
    }),
    [total, params, searchType, signedIn, pageRows, selectedRows],
  );
  return <TableStateContext.Provider value={value}>{children}</TableStateContext.Provider>;
}

export function RowCheckbox({ row }: { row: SelectedRow }) {
  const { selectedRowKeys, toggle } = useTableState();
  return (
    <Checkbox
      checked={selectedRowKeys.includes(row.id)}
      onChange={(e) => toggle(row, e.target.checked)}
      aria-label={`选择 ${row.name}`}
      data-testid="row-select"
    />
  );
}

/** 全选本页, 加入线索 and 导出 for the selected companies (selection survives paging). */
export function BulkBar() {
  const { selectedRows, selectedRowKeys, pageRows, setPageSelected, clear, signedIn } =
    useTableState();
  const bulk = useBulkActions('企业查询');
  const busy = bulk.busy;
  const onPage = pageRows.filter((r) => selectedRowKeys.includes(r.id)).length;
  const allOnPage = pageRows.length > 0 && onPage === pageRows.length;

  function run(kind: BulkAction) {
    if (!signedIn) return goToLogin();
    return bulk.run(kind, selectedRowKeys);
  }

  return (
    <div className="sr-bulk" data-testid="bulk-bar">
      <Checkbox
        checked={allOnPage}
        indeterminate={onPage > 0 && !allOnPage}
        onChange={(e) => setPageSelected(e.target.checked)}
        data-testid="select-page"
      >
        全选本页
      </Checkbox>
      <Typography.Text type="secondary" data-testid="selected-count">
        已选 {selectedRows.length} 家
      </Typography.Text>
      <Space size={8} wrap>
        <Button
          size="small"
          icon={<PlusOutlined />}
          loading={busy === 'crm'}
          onClick={() => run('crm')}
          data-testid="bulk-to-crm"
        >
          批量加入线索
        </Button>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={busy === 'export'}
          onClick={() => run('export')}
          data-testid="bulk-export"
        >
          导出所选
        </Button>
        {selectedRows.length > 0 ? (
          <Button size="small" type="link" onClick={clear}>
            清空
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
