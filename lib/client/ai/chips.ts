// One definition with the server's follow-ups (lib/shared/ai/ai-refine.ts).
export { changeChip, sameCondition } from '@/lib/shared/ai/ai-refine';

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
