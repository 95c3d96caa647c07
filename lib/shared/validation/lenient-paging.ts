import { z } from 'zod';

/**
 * Paging parameters of open pages, read leniently: whatever a crawler or an old link sends, the
 * page answers with a sensible page instead of an error.
 */
const wholeNumber = (v: unknown) => Math.floor(Number(v));

/** Page 1 for anything that is not a positive whole number; at most `max`. */
export const lenientPageNo = (max = 10_000) =>
  z
    .unknown()
    .optional()
    .transform((v) => {
      const n = wholeNumber(v);
      return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : 1;
    });

/** One of `allowed`, else `fallback`. */
export const lenientPageSize = (allowed: readonly number[], fallback: number) =>
  z
    .unknown()
    .optional()
    .transform((v) => {
      const n = wholeNumber(v);
      return allowed.includes(n) ? n : fallback;
    });
