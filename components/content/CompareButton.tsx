'use client';

import {
  addEntry,
  entryKey,
  hasEntry,
  removeEntry,
  type CompareEntry,
} from '@/lib/client/compare/compare-list';
import { useCompareList } from '@/lib/client/compare/useCompareList';

/**
 * 加入对比 / 移出对比 for one policy or indicator. Without JavaScript the comparison cannot be
 * kept (it lives in local storage), so the button only appears once the island runs.
 */
export function CompareButton({
  entry,
  label = '加入对比',
}: {
  entry: Omit<CompareEntry, 'showYDB'>;
  label?: string;
}) {
  const [list, update, ready] = useCompareList();
  if (!ready) return null;
  const key = entryKey(entry);
  const added = hasEntry(list, key);
  return (
    <button
      type="button"
      className={added ? 'ct-compare-btn is-added' : 'ct-compare-btn'}
      aria-pressed={added}
      data-testid="compare-toggle"
      onClick={() =>
        update((l) => (added ? removeEntry(l, key) : addEntry(l, { ...entry, showYDB: true })))
      }
    >
      {added ? '已加入对比' : label}
    </button>
  );
}
