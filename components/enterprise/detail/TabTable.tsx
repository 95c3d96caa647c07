'use client';

import { useState } from 'react';
import type { PageResult } from '@/lib/shared/api/envelope';
import type { TabKind, TabRows } from './tab-table-view';

/** Rows per page of every tab (tab-table-view's TAB_PAGE_SIZE; that module loads on demand). */
const TAB_PAGE_SIZE = 10;

type View = typeof import('./tab-table-view').TabTableView;

/** Page numbers around the current one, with the first and last. */
function pageList(current: number, last: number): number[] {
  const set = new Set([1, last, current - 1, current, current + 1]);
  return [...set].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b);
}

/**
 * Paging of one tab: the first page is server-rendered HTML (children), passed in as it is, so
 * its rows are not sent a second time as props; other pages load from the API on demand.
 */
export function TabPager<K extends TabKind>({
  kind,
  entId,
  total,
  children,
}: {
  kind: K;
  entId: number;
  total: number;
  children: React.ReactNode;
}) {
  const [shown, setShown] = useState<{
    no: number;
    data: PageResult<TabRows[K]> | null;
    View: View | null;
  }>({ no: 1, data: null, View: null });
  const [busy, setBusy] = useState(false);
  const last = Math.ceil(total / TAB_PAGE_SIZE);

  async function go(no: number) {
    if (no === shown.no || no < 1 || no > last) return;
    if (no === 1) return setShown({ no: 1, data: null, View: null });
    setBusy(true);
    try {
      // The table code and the API calls load with the first page change.
      const [api, view] = await Promise.all([import('./detail-api'), import('./tab-table-view')]);
      const data = (await api.TAB_PAGES[kind]({
        entId,
        pageNo: no,
        pageSize: TAB_PAGE_SIZE,
      })) as PageResult<TabRows[K]>;
      setShown({ no, data, View: view.TabTableView });
    } catch {
      // The page stays as it was; the buttons can be pressed again.
    } finally {
      setBusy(false);
    }
  }

  const pages = pageList(shown.no, last);
  return (
    <>
      {shown.data && shown.View ? (
        <shown.View kind={kind} page={shown.data} pageNo={shown.no} busy={busy} />
      ) : (
        <div aria-busy={busy || undefined} style={busy ? { opacity: 0.55 } : undefined}>
          {children}
        </div>
      )}
      <nav className="ent-pager" aria-label="分页">
        <span className="ent-pager-total">共 {total} 条</span>
        <button
          type="button"
          className="pub-btn"
          disabled={shown.no <= 1 || busy}
          onClick={() => void go(shown.no - 1)}
          aria-label="上一页"
        >
          ‹
        </button>
        {pages.map((n, i) => {
          const gap = i > 0 && n - pages[i - 1] > 1;
          return (
            <span key={n} style={{ display: 'contents' }}>
              {gap ? <span aria-hidden>…</span> : null}
              <button
                type="button"
                className="pub-btn"
                aria-current={n === shown.no ? 'page' : undefined}
                disabled={busy}
                onClick={() => void go(n)}
              >
                {n}
              </button>
            </span>
          );
        })}
        <button
          type="button"
          className="pub-btn"
          disabled={shown.no >= last || busy}
          onClick={() => void go(shown.no + 1)}
          aria-label="下一页"
        >
          ›
        </button>
      </nav>
    </>
  );
}
