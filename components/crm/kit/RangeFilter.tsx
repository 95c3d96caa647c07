'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { CalendarOutlined } from '@ant-design/icons';
import { onDemand } from '@/lib/client/on-demand';
import type { Range } from './list-query';

export type RangeFilterProps = {
  label: string;
  placeholder: [string, string];
  width?: number;
  value: Range;
  onChange: (value: Range) => void;
};

/*
 * The date picker (rc-picker, its locale and dayjs adapter: about 31 KB gzipped) is not part of a
 * list's first load (issue 38 item 3): a stand-in of the same size shows the placeholders and
 * loads the picker when the pointer comes near, and swaps it in on a click, Enter or Space —
 * opened, as the click asked. A filter that already has a value (from the address or a saved
 * view) shows the real picker at once.
 */
const loadPicker = onDemand(() => import('./RangeFilterPicker'));
const RangeFilterPicker = dynamic(() => loadPicker().then((m) => m.RangeFilterPicker), {
  ssr: false,
  loading: () => <span className="crm-range-standin" aria-hidden />,
});

export function RangeFilter(props: RangeFilterProps) {
  const [opened, setOpened] = useState(false);
  const hasValue = Boolean(props.value && (props.value[0] || props.value[1]));
  if (opened || hasValue) return <RangeFilterPicker {...props} opened={opened} />;
  const open = () => setOpened(true);
  return (
    <button
      type="button"
      className="crm-range-standin"
      aria-label={props.label}
      aria-haspopup="dialog"
      style={props.width === undefined ? undefined : { width: props.width }}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      onClick={open}
    >
      <span>{props.placeholder[0]}</span>
      <span aria-hidden className="crm-range-sep">
        →
      </span>
      <span>{props.placeholder[1]}</span>
      <CalendarOutlined aria-hidden className="crm-range-icon" />
    </button>
  );
}
