'use client';

import { useQuery } from '@tanstack/react-query';
import { call, contractKey } from '@/lib/client/request';
import { listCodeGroups } from '@/lib/shared/code-group/code-group.endpoints';
import type { CodeValue } from '@/lib/shared/code-group/code-group.contract';
import { codeGroupDef, type CodeGroupKey } from '@/lib/shared/code-group/code-group.constants';

/** Query key of the tenant's code groups: the code-group page invalidates it after an edit. */
export const CODE_GROUPS_KEY = contractKey(listCodeGroups);

export function useCodeGroups() {
  return useQuery({
    queryKey: CODE_GROUPS_KEY,
    queryFn: () => call(listCodeGroups, undefined, { silent: true }),
    staleTime: 5 * 60_000,
    retry: 0,
  });
}

export type CodeGroupOptions = {
  values: CodeValue[];
  /** Options of a form or filter: the enabled values, plus `keep` (a record's current value). */
  options: (keep?: string | null) => { label: string; value: string }[];
  /** The label of a stored code; a code no longer in the group shows as it is. */
  label: (code: string | null | undefined) => string;
};

/**
 * One of the tenant's dictionaries (ADR 0183) for forms, filters and list labels. Until the groups
 * load (or when they cannot), the platform defaults stand in.
 */
export function useCodeGroup(key: CodeGroupKey): CodeGroupOptions {
  const groups = useCodeGroups();
  const values: CodeValue[] =
    groups.data?.find((g) => g.key === key)?.values ??
    codeGroupDef(key).defaults.map((d, i) => ({
      ...d,
      sort: i + 1,
      enabled: true,
      builtIn: true,
    }));
  return {
    values,
    options: (keep) =>
      values
        .filter((v) => v.enabled || v.code === keep)
        .map((v) => ({ value: v.code, label: v.enabled ? v.label : `${v.label}（已停用）` })),
    label: (code) => (code ? (values.find((v) => v.code === code)?.label ?? code) : ''),
  };
}
