'use client';

import { useState, type CSSProperties } from 'react';
import { Cascader } from 'antd';
import { useRegionOptions } from './options';

/**
 * 省 / 市 / 区 picker whose options load on demand: when it is hovered, focused or opened, when it
 * already holds a value, or when `eager` (an open form). Works as a Form.Item child.
 */
export function RegionCascader({
  value,
  onChange,
  eager = false,
  placeholder = '省 / 市 / 区',
  style,
  ...rest
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  eager?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}) {
  const [wanted, setWanted] = useState(false);
  const { options, loading } = useRegionOptions(eager || wanted || !!value?.length);
  const want = () => {
    if (!wanted) setWanted(true);
  };
  return (
    <Cascader
      {...rest}
      changeOnSelect
      showSearch
      placeholder={placeholder}
      style={style}
      options={options ?? []}
      value={value}
      loading={loading}
      notFoundContent={loading ? '正在加载地区…' : undefined}
      onMouseEnter={want}
      onFocus={want}
      onOpenChange={(open) => open && want()}
      onChange={(v) => onChange?.((v as string[] | undefined) ?? [])}
    />
  );
}
