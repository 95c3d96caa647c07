import { z } from 'zod';
import { searchParamsFromQuery } from '@/lib/shared/search/query';
import type { ChainStage } from './chains';

/**
 * Industry chain graphs and the atlas (issue 31 item 2, ADR 0192): what the browser and the
 * server share. Node statistics are precomputed per chain (industry_chain_stats).
 */

export const CHAIN_STAGES: readonly ChainStage[] = ['上游', '中游', '下游'];
/** A chain's statistics older than this are recomputed in the background on the next read. */
export const CHAIN_STATS_STALE_MS = 6 * 60 * 60 * 1000;
export const CHAIN_LEADERS = 5;
export const CHAIN_REGIONS = 5;

export const chainHref = {
  atlas: '/atlas',
  chain: (code: string) => `/industryInsights/industryTP/${code}`,
};

export const chainCodeSchema = z
  .string()
  .trim()
  .regex(/^CY\d{3}$/, '产业链不存在');

/** The company search of a node (its GB/T 4754 classes), optionally in one province. */
export function nodeSearchHref(classes: readonly string[], province?: string): string {
  const p = searchParamsFromQuery({
    filters: { industries: [...classes], ...(province ? { regions: [province] } : {}) },
  });
  return `/companySearch?${p.toString()}`;
}

const leaderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uncid: z.string(),
  regCapital: z.number().nullable(),
  regionName: z.string(),
});
const regionCountSchema = z.object({ code: z.string(), name: z.string(), count: z.number().int() });

export const chainNodeStatsSchema = z.object({
  name: z.string(),
  stage: z.enum(['上游', '中游', '下游']),
  classes: z.array(z.object({ code: z.string(), name: z.string() })),
  companies: z.number().int(),
  leaders: z.array(leaderSchema),
  regions: z.array(regionCountSchema),
});
export type ChainNodeStats = z.infer<typeof chainNodeStatsSchema>;

export const chainGraphSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Companies on any node of the chain (a company on two nodes counts once). */
  total: z.number().int(),
  nodes: z.array(chainNodeStatsSchema),
  refreshedAt: z.string(),
});
export type ChainGraph = z.infer<typeof chainGraphSchema>;

export const chainSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  total: z.number().int(),
  stages: z.array(z.object({ stage: z.string(), nodes: z.array(z.string()) })),
});
export type ChainSummary = z.infer<typeof chainSummarySchema>;
