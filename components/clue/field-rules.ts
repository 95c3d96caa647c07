import type { z } from 'zod';
import { CLUE_MESSAGES, LANDLINE_PATTERN } from '@/lib/shared/clue/clue.constants';
import { emailSchema, linkSchema, mobileSchema } from '@/lib/shared/validation/rules';

// The lead and customer forms' rules (zod): in the forms' chunks, which load on first open, not in
// the lists' first load (issue 38).

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
