import { validateUncid } from '@/lib/shared/enterprise/uncid';
import { FIELD_RULES } from '@/components/clue/field-rules';

/** 统一社会信用代码: optional; when typed, a valid 18-character code (either case). */
export function creditCodeRule(message: string) {
  return {
    validator: async (_r: unknown, value: unknown) => {
      const s = typeof value === 'string' ? value.trim().toUpperCase() : '';
      if (s && !validateUncid(s)) throw new Error(message);
    },
  };
}

/** A contact's 邮箱: optional, a valid address of at most 100 characters. */
export const EMAIL_RULES = [FIELD_RULES.email, { max: 100, message: '邮箱最多 100 个字符' }];
