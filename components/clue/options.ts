import { regionTree, type RegionTreeNode } from '@/lib/shared/geo';
import { industryTree, type IndustryTreeNode } from '@/lib/shared/industry/industries';
import { LANDLINE_PATTERN } from '@/lib/shared/clue/clue.constants';
import { CLUE_MESSAGES } from '@/lib/shared/clue/clue.constants';
import { emailSchema, linkSchema, mobileSchema } from '@/lib/shared/validation/rules';
import type { z } from 'zod';

let regions: RegionTreeNode[] | null = null;
let industries: IndustryTreeNode[] | null = null;

/** 省 / 市 / 区 cascader options, built once. */
export function regionOptions(): RegionTreeNode[] {
  regions ??= regionTree(3);
  return regions;
}

/** Industry cascader options (门类 → 大类 → 中类), built once. */
export function industryOptions(): IndustryTreeNode[] {
  industries ??= industryTree(3);
  return industries;
}

/** The cascader path of a code: each level's code from the top down to `code`. */
export function pathTo(tree: { value: string; children?: unknown[] }[], code: string | null) {
  if (!code) return undefined;
  type Node = { value: string; children?: Node[] };
  const find = (nodes: Node[], trail: string[]): string[] | null => {
    for (const n of nodes) {
      if (n.value === code) return [...trail, n.value];
      const hit = n.children ? find(n.children, [...trail, n.value]) : null;
      if (hit) return hit;
    }
    return null;
  };
  return find(tree as Node[], []) ?? undefined;
}

/** A form rule for an optional field: empty passes, anything else must pass `schema`. */
export function optionalRule(schema: z.ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === undefined || value === null || String(value).trim() === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  };
}

/** Spec 5 rules as the contract applies them (lib/shared/clue/clue.contract.ts). */
export const FIELD_RULES = {
  mobile: optionalRule(mobileSchema),
  email: optionalRule(emailSchema),
  link: optionalRule(linkSchema),
  landline: {
    validator: async (_rule: unknown, value: unknown) => {
      const v = typeof value === 'string' ? value.trim() : '';
      if (v && (v.length > 30 || !LANDLINE_PATTERN.test(v)))
        throw new Error(CLUE_MESSAGES.landlineInvalid);
    },
  },
};
