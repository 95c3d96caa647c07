'use client';

import { useId, useState } from 'react';
import { compareRows, entryKey, removeEntry, toggleShown } from '@/lib/client/compare/compare-list';
import { useCompareList } from '@/lib/client/compare/useCompareList';

/**
 * The comparison list (spec 3: policies and indicators, `showYDBList`): a button with the count at
 * the bottom corner, opening the side-by-side table. Columns can be hidden (`showYDB`), removed,
 * or all cleared.
 */
export function CompareDock() {
  const [list, update, ready] = useCompareList();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (!ready || list.length === 0) return null;
  const shown = list.filter((e) => e.showYDB);
  const hidden = list.filter((e) => !e.showYDB);
  const rows = compareRows(list);

  return (
    <div className="ct-dock" data-testid="compare-dock">
      {open ? (
        <section className="ct-dock-panel" role="dialog" aria-labelledby={titleId}>
          <header className="ct-dock-head">
            <h2 id={titleId}>对比列表（{list.length}）</h2>
            <button
              type="button"
              className="ct-link-btn"
              data-testid="compare-clear"
              onClick={() => {
                update(() => []);
                setOpen(false);
              }}
            >
              清空
            </button>
            <button
              type="button"
              className="ct-link-btn"
              aria-label="收起对比列表"
              onClick={() => setOpen(false)}
            >
              收起
            </button>
          </header>
          {shown.length > 0 ? (
            <div className="ct-table-wrap">
              <table className="ct-compare-table" data-testid="compare-table">
                <thead>
                  <tr>
                    <th scope="col">项目</th>
                    {shown.map((e) => (
                      <th key={entryKey(e)} scope="col">
                        <span className="ct-kind">{e.kind === 'policy' ? '政策' : '指标'}</span>
                        {e.href ? <a href={e.href}>{e.title}</a> : e.title}
                        <span className="ct-col-actions">
                          <button
                            type="button"
                            className="ct-link-btn"
                            onClick={() => update((l) => toggleShown(l, entryKey(e)))}
                          >
                            隐藏
                          </button>
                          <button
                            type="button"
                            className="ct-link-btn"
                            data-testid="compare-remove"
                            onClick={() => update((l) => removeEntry(l, entryKey(e)))}
                          >
                            移除
                          </button>
                        </span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.label}>
                      <th scope="row">{r.label}</th>
                      {r.values.map((v, i) => (
                        <td key={i}>{v}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ent-empty">所有条目都已隐藏。</p>
          )}
          {hidden.length > 0 ? (
            <p className="ct-hidden-list">
              已隐藏：
              {hidden.map((e) => (
                <button
                  key={entryKey(e)}
                  type="button"
                  className="ct-chip"
                  onClick={() => update((l) => toggleShown(l, entryKey(e)))}
                >
                  显示「{e.title}」
                </button>
              ))}
            </p>
          ) : null}
        </section>
      ) : null}
      <button
        type="button"
        className="ct-dock-btn"
        aria-expanded={open}
        data-testid="compare-open"
        onClick={() => setOpen((v) => !v)}
      >
        对比 <span className="ct-dock-count">{list.length}</span>
      </button>
    </div>
  );
}
