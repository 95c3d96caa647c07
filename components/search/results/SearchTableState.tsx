'use client';

import { createContext, useContext, useMemo, useState } from 'react';
import { requestRuntime, sendToLogin } from '@/components/providers/runtime-loader';

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

/** A native checkbox (no antd on this page) with a 24 px touch target. */
export function RowCheckbox({ row }: { row: SelectedRow }) {
  const { selectedRowKeys, toggle } = useTableState();
  return (
    <input
      type="checkbox"
      className="sr-check"
      checked={selectedRowKeys.includes(row.id)}
      onChange={(e) => toggle(row, e.target.checked)}
      aria-label={`选择 ${row.name}`}
      data-testid="row-select"
    />
  );
}

type BulkAction = 'crm' | 'export';

/**
 * 全选本页, 加入线索 and 导出 for the selected companies (selection survives paging until the page
 * is left). The API calls and the feedback (messages, quota dialog, sign-in) load on first use.
 */
export function BulkBar() {
  const { selectedRows, selectedRowKeys, pageRows, setPageSelected, clear, signedIn } =
    useTableState();
  const [busy, setBusy] = useState<BulkAction | null>(null);
  const [note, setNote] = useState('');
  const onPage = pageRows.filter((r) => selectedRowKeys.includes(r.id)).length;
  const allOnPage = pageRows.length > 0 && onPage === pageRows.length;

  async function run(kind: BulkAction) {
    if (busy) return;
    if (!signedIn) return sendToLogin();
    if (selectedRowKeys.length === 0) return setNote('请先勾选企业');
    setNote('');
    setBusy(kind);
    const entIds = [...selectedRowKeys];
    try {
      const [api, rt] = await Promise.all([import('./search-actions'), requestRuntime()]);
      try {
        if (kind === 'export') {
          await api.exportSelected(entIds);
          rt.success(`已导出 ${entIds.length} 家企业`);
        } else {
          const r = await api.addToCrm(entIds);
          rt.success(`已加入线索 ${r.created} 家${r.existed ? `，${r.existed} 家已在线索中` : ''}`);
        }
      } catch (err) {
        rt.reportError(err);
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="sr-bulk" data-testid="bulk-bar">
      <label className="sr-check-label">
        <input
          type="checkbox"
          className="sr-check"
          checked={allOnPage}
          ref={(el) => {
            if (el) el.indeterminate = onPage > 0 && !allOnPage;
          }}
          onChange={(e) => setPageSelected(e.target.checked)}
          data-testid="select-page"
        />
        全选本页
      </label>
      <span className="sr-selected" data-testid="selected-count">
        已选 {selectedRows.length} 家
      </span>
      <span className="sr-bulk-actions">
        <button
          type="button"
          className="pub-btn pub-btn-sm"
          aria-busy={busy === 'crm' || undefined}
          onClick={() => void run('crm')}
          data-testid="bulk-to-crm"
        >
          <span aria-hidden>+</span>批量加入线索
        </button>
        <button
          type="button"
          className="pub-btn pub-btn-sm"
          aria-busy={busy === 'export' || undefined}
          onClick={() => void run('export')}
          data-testid="bulk-export"
        >
          <span aria-hidden>↓</span>导出所选
        </button>
        {selectedRows.length > 0 ? (
          <button
            type="button"
            className="sr-link-btn"
            onClick={() => {
              clear();
              setNote('');
            }}
          >
            清空
          </button>
        ) : null}
      </span>
      <span className="sr-bulk-note" role="status">
        {note}
      </span>
    </div>
  );
}
