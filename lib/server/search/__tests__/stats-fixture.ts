import type { TermStats } from '../term-stats';

/** Term statistics of a 1,000,000-company corpus in which no bigram is known to be frequent. */
const empty = { freq: new Map<string, number>(), floor: 0.0001 };
export const MILLION_STATS: TermStats = {
  enterprises: 1_000_000,
  holders: 2_000_000,
  fields: { name: empty, text: empty, scope: empty, holder: empty },
  loadedAt: 0,
};
