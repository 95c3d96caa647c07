import type { AdvancedCondition, AdvancedSearchCondition } from '@/lib/shared/search/advanced';

/** Same field, operator and values (the values' order ignored). */
export function sameCondition(a: AdvancedCondition, b: AdvancedCondition): boolean {
  const values = (c: AdvancedCondition) => [...(c.values ?? [])].sort().join('\u0001');
  return (
    a.field === b.field &&
    a.op === b.op &&
    (a.value ?? '') === (b.value ?? '') &&
    values(a) === values(b) &&
    a.min === b.min &&
    a.max === b.max
  );
}

/**
 * The understood conditions with one chip's condition replaced (`next`) or removed (`null`).
 * Only the first match changes; groups left empty are dropped.
 */
export function changeChip(
  condition: AdvancedSearchCondition,
  chip: AdvancedCondition,
  next: AdvancedCondition | null,
): AdvancedSearchCondition {
  let done = false;
  const groups = condition.groups
    .map((g) => ({
      ...g,
      conditions: g.conditions.flatMap((c) => {
        if (done || !sameCondition(c, chip)) return [c];
        done = true;
        return next ? [next] : [];
      }),
    }))
    .filter((g) => g.conditions.length > 0);
  return { ...condition, groups };
}

/** The key of a reply's keyword chip (ai.contract.ts: chip keys are 'gi-ci…' and 'keyword'). */
export const KEYWORD_CHIP_KEY = 'keyword';

/**
 * A reply's chips split into those of the condition tree and the keyword's label (null without a
 * keyword): removing a condition chip edits the tree, removing the keyword chip drops the keyword.
 */
export function splitChips<C extends { key: string; label: string }>(
  chips: readonly C[],
  keyword: string | null,
): { conditionChips: C[]; keywordLabel: string | null } {
  const kw = chips.find((c) => c.key === KEYWORD_CHIP_KEY);
  return {
    conditionChips: chips.filter((c) => c.key !== KEYWORD_CHIP_KEY),
    keywordLabel: kw ? kw.label : keyword ? `关键词：${keyword}` : null,
  };
}
