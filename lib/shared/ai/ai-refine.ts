import {
  MAX_CONDITIONS_PER_GROUP,
  MAX_GROUPS,
  type AdvancedCondition,
  type AdvancedSearchCondition,
  type ConditionField,
} from '@/lib/shared/search/advanced';

/*
 * Follow-up suggestions of a search reply that act on its conditions (issue 28 item 7). A
 * suggestion such as 去掉「成立年限：5年以上」 or 只看有电话的企业 is not a new request: sent as
 * text it was parsed on its own, the reply's region and age were lost and its words became a
 * keyword. A refinement carries the conditions it leads to (the reply's own with one removed or
 * one added); choosing it re-runs the search like editing a chip.
 */

/** One follow-up that changes the reply's conditions. */
export type AiRefinement = {
  /** Chinese label, also the text of the user message it sends. */
  label: string;
  kind: 'remove' | 'add';
  /** The conditions after the change. */
  condition: AdvancedSearchCondition;
  /** The keyword after the change (null: none). */
  keyword: string | null;
};

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
 * The conditions with one chip's condition replaced (`next`) or removed (`null`).
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

/** Whether any condition uses the field. */
export function usesField(condition: AdvancedSearchCondition, field: ConditionField): boolean {
  return condition.groups.some((g) => g.conditions.some((c) => c.field === field));
}

/**
 * The conditions AND one more, or null when the limits (groups, conditions per group) leave no
 * room. (A) AND c: appended to an AND group when the groups are ANDed, else to every group of an
 * OR of AND groups ((A or B) and c = (A and c) or (B and c)).
 */
export function addCondition(
  condition: AdvancedSearchCondition,
  c: AdvancedCondition,
): AdvancedSearchCondition | null {
  const groups = condition.groups.filter((g) => g.conditions.length > 0);
  if (groups.length === 0) return { logic: 'and', groups: [{ logic: 'and', conditions: [c] }] };
  const room = (g: { conditions: AdvancedCondition[] }) =>
    g.conditions.length < MAX_CONDITIONS_PER_GROUP;
  if (condition.logic === 'and' || groups.length === 1) {
    const i = groups.map((g) => g.logic === 'and' || g.conditions.length === 1).lastIndexOf(true);
    if (i >= 0 && room(groups[i]))
      return {
        logic: condition.logic,
        groups: groups.map((g, j) =>
          j === i ? { logic: 'and', conditions: [...g.conditions, c] } : g,
        ),
      };
    if (groups.length < MAX_GROUPS)
      return { logic: 'and', groups: [...groups, { logic: 'and', conditions: [c] }] };
    return null;
  }
  if (groups.every((g) => (g.logic === 'and' || g.conditions.length === 1) && room(g)))
    return {
      logic: 'or',
      groups: groups.map((g) => ({ logic: 'and', conditions: [...g.conditions, c] })),
    };
  return null;
}

type ChipLike = { key: string; label: string; condition: AdvancedCondition };

/** The keyword chip's key (ai.contract.ts: chip keys are 'gi-ci…' and 'keyword'). */
const KEYWORD_KEY = 'keyword';

/** Narrowing follow-ups: a field the reply does not use yet, and the condition it adds. */
const NARROWING: {
  field: ConditionField;
  label: string;
  condition: AdvancedCondition;
  big?: true;
}[] = [
  { field: 'hasPhone', label: '只看有电话的企业', condition: { field: 'hasPhone', op: 'is' } },
  {
    field: 'status',
    label: '只看存续、在业的企业',
    condition: { field: 'status', op: 'in', values: ['存续', '在业'] },
  },
  {
    field: 'establishBand',
    label: '再加上成立5年以上',
    condition: { field: 'establishBand', op: 'in', values: ['5-10', 'gte10'] },
    big: true,
  },
  {
    field: 'tag',
    label: '只看高新技术企业',
    condition: { field: 'tag', op: 'in', values: ['高新技术企业'] },
    big: true,
  },
];

/** Results above this count are offered the narrowing follow-ups marked `big` as well. */
export const REFINE_MANY = 1000;

/**
 * The follow-ups of a search reply that change its conditions: with no results, dropping one of
 * its conditions (the newest first, at most three; only when more than one is left to keep);
 * with results, narrowing by a field it does not use yet.
 */
export function refinementsFor(reply: {
  total: number;
  condition: AdvancedSearchCondition;
  keyword: string | null;
  chips: readonly ChipLike[];
}): AiRefinement[] {
  const { total, condition, keyword, chips } = reply;
  if (total === 0) {
    if (chips.length < 2) return [];
    return [...chips]
      .reverse()
      .slice(0, 3)
      .map((chip) =>
        chip.key === KEYWORD_KEY
          ? { label: `去掉「${chip.label}」`, kind: 'remove' as const, condition, keyword: null }
          : {
              label: `去掉「${chip.label}」`,
              kind: 'remove' as const,
              condition: changeChip(condition, chip.condition, null),
              keyword,
            },
      );
  }
  const out: AiRefinement[] = [];
  for (const n of NARROWING) {
    if (n.big && total <= REFINE_MANY) continue;
    if (usesField(condition, n.field)) continue;
    const next = addCondition(condition, n.condition);
    if (next) out.push({ label: n.label, kind: 'add', condition: next, keyword });
  }
  return out.slice(0, 3);
}
