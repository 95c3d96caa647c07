import type { ConditionField } from '@/lib/shared/search/advanced';
import type { StaticConfig, TreeOption } from '@/lib/shared/search/search.contract';

/** Label of an option key of a field, from the static config (codes fall back to themselves). */
export function optionLabeler(config: StaticConfig | undefined) {
  const labels = new Map<string, string>();
  const walk = (nodes: TreeOption[] | undefined) =>
    nodes?.forEach((n) => {
      labels.set(n.value, n.label);
      walk(n.children);
    });
  walk(config?.regions);
  walk(config?.industries);
  for (const list of [
    config?.capitalBands,
    config?.establishBands,
    config?.orgTypes,
    config?.staffSizes,
  ])
    list?.forEach((o) => labels.set(o.key, o.label));
  return (_field: ConditionField, key: string) => labels.get(key) ?? key;
}
