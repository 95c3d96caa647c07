import { z } from 'zod';
import { WYW_SINGLE_KIND, WYW_TEXT } from '@/lib/shared/wyw/wyw.constants';
import { defineJobKind } from '@/lib/server/platform';
import { getContactSource } from '../contact-source';
import { collectAll, companyRefs, storeFound } from './collect';

export const wywSingleParamsSchema = z.object({ entId: z.number().int().positive() });
export type WywSingleParams = z.infer<typeof wywSingleParamsSchema>;

/** The job's result: what collecting the company came to. */
export type WywSingleResult = { entId: number; foundCount: number; newCount: number };

/**
 * 挖一挖 for one company as a small job: the page waits for it, but a request that times out or a
 * server that stops mid-way does not lose the collection — the runner finishes it, once (the
 * store is one step with its checkpoint).
 */
export const wywSingleJob = defineJobKind<WywSingleParams, { done: true; result: WywSingleResult }>(
  {
    kind: WYW_SINGLE_KIND,
    params: wywSingleParamsSchema,
    // Several members collecting at once must not wait behind each other.
    concurrency: 4,
    retentionDays: 1,
    async run(ctx) {
      if (ctx.checkpoint?.done) return { result: ctx.checkpoint.result };
      const { entId } = ctx.params;
      const refs = await companyRefs([entId]);
      if (refs.length === 0) throw new Error(WYW_TEXT.companyGone);
      const found = await collectAll(refs, getContactSource());
      if (found.get(entId) === null) throw new Error(WYW_TEXT.sourceUnavailable);
      const result = await ctx.step(async (tx) => {
        const stored = (await storeFound(tx, found)).get(entId) ?? { found: 0, new: 0 };
        const value: WywSingleResult = { entId, foundCount: stored.found, newCount: stored.new };
        return { checkpoint: { done: true, result: value }, processed: 1, total: 1, value };
      });
      return { result };
    },
  },
);
