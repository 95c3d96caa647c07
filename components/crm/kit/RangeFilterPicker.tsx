'use client';

import { DatePicker } from 'antd';
import type { RangeFilterProps } from './RangeFilter';

/** antd's day range picker of a list's filter bar: loaded when first wanted (RangeFilter). */
export function RangeFilterPicker({
  label,
  placeholder,
  width,
  value,
  onChange,
  opened,
}: RangeFilterProps & { opened: boolean }) {
  return (
    <DatePicker.RangePicker
      aria-label={label}
      placeholder={placeholder}
      allowEmpty={[true, true]}
      style={width === undefined ? undefined : { width }}
      value={value}
      onChange={(v) => onChange(v as RangeFilterProps['value'])}
      // Asked for by a click or a key on the stand-in: open as that click would have.
      autoFocus={opened}
      defaultOpen={opened}
    />
  );
}
