'use client';

import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { Select } from 'antd';
import { KeywordFilter } from '../useCrmList';
import type { Range } from './list-query';
import { RangeFilter } from './RangeFilter';

type Option<V> = { label: string; value: V };

/**
 * One control of a CRM list's filter bar, declared by the entity (CRM kit, ADR 0196): the
 * keyword box, a choice of one or many, a day range, or the entity's own control.
 */
export type FilterControl<F> =
  | {
      kind: 'keyword';
      key: keyof F & string;
      placeholder: string;
      label: string;
      width?: number;
    }
  | {
      kind: 'select';
      key: keyof F & string;
      multiple?: boolean;
      placeholder: string;
      label: string;
      width: number;
      options: Option<string | number>[];
      loading?: boolean;
      /** Typing filters the options by their label. */
      searchLabel?: boolean;
      /** Typing filters the options (by value). */
      search?: boolean;
    }
  | {
      kind: 'range';
      key: keyof F & string;
      label: string;
      placeholder: [string, string];
      width?: number;
    }
  | {
      kind: 'custom';
      key: keyof F & string;
      render: (value: F[keyof F], onChange: (v: F[keyof F]) => void) => ReactNode;
    };

/** The 跟进人 / 负责人 filter: any of the tenant's members, found by typing a name. */
export function memberFilter<F>(
  key: keyof F & string,
  role: string,
  width: number,
  members: { options: Option<number>[]; loading: boolean },
): FilterControl<F> {
  return {
    kind: 'select',
    key,
    multiple: true,
    placeholder: role,
    label: `按${role}筛选`,
    searchLabel: true,
    width,
    loading: members.loading,
    options: members.options,
  };
}

/** The declared controls over the list's filters; a change applies at once (the keyword on Enter). */
export function FilterControls<F extends object>({
  controls,
  filters,
  setFilter,
  keywordInput,
  setKeywordInput,
}: {
  controls: FilterControl<F>[];
  filters: F;
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
  keywordInput: string;
  setKeywordInput: (text: string) => void;
}) {
  const set = (key: keyof F) => (v: unknown) => setFilter(key, v as F[keyof F]);
  const width = (w: number | undefined): CSSProperties | undefined =>
    w === undefined ? undefined : { width: w };
  return (
    <>
      {controls.map((c) => {
        switch (c.kind) {
          case 'keyword':
            return (
              <KeywordFilter
                key={c.key}
                placeholder={c.placeholder}
                label={c.label}
                width={c.width}
                value={keywordInput}
                onType={setKeywordInput}
                onApply={set(c.key)}
              />
            );
          case 'select':
            return (
              <Select<unknown>
                key={c.key}
                mode={c.multiple ? 'multiple' : undefined}
                allowClear
                maxTagCount={c.multiple ? 'responsive' : undefined}
                showSearch={c.searchLabel ? { optionFilterProp: 'label' } : c.search}
                placeholder={c.placeholder}
                aria-label={c.label}
                style={width(c.width)}
                value={filters[c.key] ?? undefined}
                onChange={(v) => set(c.key)(c.multiple ? v : (v ?? null))}
                loading={c.loading}
                options={c.options}
              />
            );
          case 'range':
            return (
              <RangeFilter
                key={c.key}
                label={c.label}
                placeholder={c.placeholder}
                width={c.width}
                value={filters[c.key] as Range}
                onChange={(v) => set(c.key)(v)}
              />
            );
          default:
            return <Fragment key={c.key}>{c.render(filters[c.key], set(c.key))}</Fragment>;
        }
      })}
    </>
  );
}
