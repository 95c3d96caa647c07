'use client';

import { Select } from 'antd';
import { useMembers } from '@/components/clue/shared';

/**
 * A form field choosing one member of the enterprise (负责人, 跟进人), searchable by name and
 * clearable; empty means the `placeholder`'s default (自己, the lead's 跟进人).
 */
export function MemberSelect({
  id,
  value,
  onChange,
  placeholder,
}: {
  /** Given by Form.Item, so that its label points at the field. */
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
  placeholder: string;
}) {
  const members = useMembers();
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      loading={members.isLoading}
      options={(members.data ?? []).map((m) => ({ label: m.nickname, value: m.id }))}
      value={value}
      onChange={(v) => onChange?.(v)}
    />
  );
}
