import type { z } from 'zod';

/**
 * Turns one zod rule into an antd Form rule, so forms show exactly the API's messages:
 * `rules={[zodRule(mobileSchema)]}`.
 */
export function zodRule(schema: z.ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  };
}
