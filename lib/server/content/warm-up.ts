import 'server-only';
import type pg from 'pg';
import { getPool, partLogger } from '@/lib/server/platform';
import { INDUSTRY_CHAINS } from '@/lib/shared/industry/chains';
import { parseIndustryMapParams } from '@/lib/shared/industry/industry-map';
import { ensureFinanceFresh } from './finance/finance.service';
import { getChainGraph } from './industry/chain.service';
import { getIndustryMapStats } from './industry/industry-map.service';
import { listIndustryLists } from './industry/list.service';

export type WarmUpReport = { part: string; ms: number }[];

/**
 * The derived indexes of the open pages (finance, authoritative lists, chain statistics, the
 * default industry map) computed right after the server starts, one after another, so that the
 * first visitor reads stored rows instead of paying the computation (8-11 s for the finance index
 * at 1,000,000 companies). Each part follows its own refresh rule: a fresh index costs one read,
 * and a visitor who arrives mid-way joins the computation in flight rather than starting another.
 */
export async function warmContentIndexes(db: pg.Pool = getPool()): Promise<WarmUpReport> {
  const defaultMap = parseIndustryMapParams({});
  const parts: [string, () => Promise<unknown>][] = [
    ['finance', () => ensureFinanceFresh(db)],
    ['lists', () => listIndustryLists(db)],
    [
      'chains',
      async () => {
        for (const chain of INDUSTRY_CHAINS) await getChainGraph(chain.code, db);
      },
    ],
    ['industry-map', async () => defaultMap && getIndustryMapStats(defaultMap, db)],
  ];
  const report: WarmUpReport = [];
  for (const [part, warm] of parts) {
    const started = Date.now();
    try {
      await warm();
    } catch (err) {
      // One part failing (a table being migrated, a lost connection) leaves the others warm; that
      // part is computed by its first read as before.
      partLogger('warm-up').error({ err }, `warm-up of ${part} failed`);
    }
    report.push({ part, ms: Date.now() - started });
  }
  return report;
}
