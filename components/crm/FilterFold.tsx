'use client';

import { useState } from 'react';
import { Button } from 'antd';
import { FilterOutlined } from '@ant-design/icons';

/**
 * Phones (issue 28 item 7): a list page's filter bar folds behind a 筛选 button that shows how
 * many filters are set, so the first rows are on the first screen. From 576 px up the button is
 * hidden and the bar always shows (CSS: workspace.css `.ws-fold`), so nothing changes at the
 * first paint on any screen.
 */
export function useFilterFold(id: string) {
  const [open, setOpen] = useState(false);
  return {
    open,
    toggle: () => setOpen((o) => !o),
    /** The filter bar's props: its id and the fold class. */
    bar: (className: string) => ({
      id,
      className: `${className} ws-fold${open ? ' is-open' : ''}`,
    }),
  };
}

/** How many of a list's filters are set (empty strings, arrays and ranges do not count). */
export function activeFilters(filters: Record<string, unknown>): number {
  return Object.values(filters).filter((v) => {
    if (v === null || v === undefined || v === '') return false;
    if (Array.isArray(v)) return v.some((x) => x !== null && x !== undefined && x !== '');
    return true;
  }).length;
}

export function FilterFoldButton({
  fold,
  active,
}: {
  fold: ReturnType<typeof useFilterFold>;
  active: number;
}) {
  const id = fold.bar('').id;
  return (
    <Button
      className="ws-fold-button"
      icon={<FilterOutlined />}
      aria-expanded={fold.open}
      aria-controls={id}
      onClick={fold.toggle}
      data-testid="filter-fold"
    >
      筛选{active > 0 ? `（已选 ${active} 项）` : ''}
    </Button>
  );
}
