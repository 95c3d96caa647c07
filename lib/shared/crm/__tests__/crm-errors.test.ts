import { ERRORS, findError } from '@/lib/shared/api/error-codes';
import { CLUE_ERRORS } from '@/lib/shared/clue/clue.errors';
import { CUSTOMER_ERRORS } from '@/lib/shared/customer/customer.errors';
import { OPPORTUNITY_ERRORS } from '@/lib/shared/opportunity/opportunity.errors';
import { SAVED_VIEW_ERRORS } from '@/lib/shared/saved-view/saved-view.errors';

describe('CRM error codes in the one catalogue', () => {
  it('gives every code of the catalogue once', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each([
    ['CLUE', CLUE_ERRORS],
    ['CUSTOMER', CUSTOMER_ERRORS],
    ['OPPORTUNITY', OPPORTUNITY_ERRORS],
    ['SAVED_VIEW', SAVED_VIEW_ERRORS],
  ] as const)('finds each %s short name under its catalogue key and code', (prefix, map) => {
    for (const [key, def] of Object.entries(map)) {
      expect(ERRORS[`${prefix}_${key}` as keyof typeof ERRORS]).toBe(def);
      expect(findError(def.code)).toBe(def);
      expect(def.reaction).toBe('notify');
    }
  });
});
