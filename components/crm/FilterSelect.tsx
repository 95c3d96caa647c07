'use client';

import { Select } from 'antd';

/**
 * A clearable drop-down of a filter bar: the placeholder names "all" (全部状态), the label is the
 * filter's accessible name (按状态筛选); `searchable` lets the member type to narrow long lists.
 */
export function FilterSelect<V extends string | number>({
  label,
  placeholder,
  width,
  value,
  onChange,
  options,
  loading,
  searchable = false,
}: {
  label: string;
  placeholder: string;
  width: number;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  options: { label: string; value: V }[];
  loading?: boolean;
  searchable?: boolean;
}) {
  return (
    <Select<V>
      allowClear
      showSearch={searchable}
      optionFilterProp={searchable ? 'label' : undefined}
      placeholder={placeholder}
      aria-label={label}
      style={{ width }}
      value={value}
      onChange={(v) => onChange(v)}
      loading={loading}
      options={options}
    />
  );
}
