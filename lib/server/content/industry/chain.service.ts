import 'server-only';
import type pg from 'pg';
import { getPool, partLogger } from '@/lib/server/platform';
import { regionName } from '@/lib/shared/geo';
import {
  CHAIN_LEADERS,
  CHAIN_REGIONS,
  CHAIN_STAGES,
  CHAIN_STATS_STALE_MS,
  type ChainGraph,
  type ChainNodeStats,
  type ChainSummary,
} from '@/lib/shared/industry/chain-graph';
import {
  getIndustryChain,
  INDUSTRY_CHAINS,
  industryName,
  type IndustryChain,
} from '@/lib/shared/industry';

/** Statistics of one node: its companies counted, the leaders by weight, the top provinces. */
async function nodeStats(
  db: pg.Pool,
  node: IndustryChain['nodes'][number],
): Promise<ChainNodeStats> {
  const classes = [...node.classes];
  const [count, leaders, regions] = await Promise.all([
    db.query<{ n: number }>(
      'select count(*)::int as n from enterprises where industry_class = any($1::text[])',
      [classes],
    ),
    db.query<{
      id: number;
      name: string;
      uncid: string;
      reg_capital: number | null;
      province_code: string | null;
      city_code: string | null;
    }>(
      `select id::int as id, name, uncid, reg_capital, province_code, city_code from enterprises
       where industry_class = any($1::text[]) order by weight desc, id limit ${CHAIN_LEADERS}`,
      [classes],
    ),
    db.query<{ code: string; n: number }>(
      `select province_code as code, count(*)::int as n from enterprises
       where industry_class = any($1::text[]) and province_code is not null
       group by 1 order by 2 desc, 1 limit ${CHAIN_REGIONS}`,
      [classes],
    ),
  ]);
  return {
    name: node.name,
    stage: node.stage,
    classes: classes.map((code) => ({ code, name: industryName(code) || code })),
    companies: count.rows[0]?.n ?? 0,
    leaders: leaders.rows.map((r) => ({
      id: r.id,
      name: r.name,
      uncid: r.uncid,
      regCapital: r.reg_capital === null ? null : Number(r.reg_capital),
      regionName: [regionName(r.province_code), regionName(r.city_code)]
        .filter((x, i, a) => x && a.indexOf(x) === i)
        .join(' '),
    })),
    regions: regions.rows.map((r) => ({
      code: r.code,
      name: regionName(r.code) || r.code,
      count: r.n,
    })),
  };
}

/** Computes a chain's statistics and stores them (one row per chain). */
export async function computeChainStats(
  chain: IndustryChain,
  db: pg.Pool = getPool(),
): Promise<ChainGraph> {
  const nodes: ChainNodeStats[] = [];
  // One node at a time: a cold chain must not take the whole pool.
  for (const stage of CHAIN_STAGES)
    for (const node of chain.nodes.filter((n) => n.stage === stage))
      nodes.push(await nodeStats(db, node));
  const classes = [...new Set(chain.nodes.flatMap((n) => n.classes))];
  const { rows } = await db.query<{ n: number; at: Date }>(
    `insert into industry_chain_stats (chain_code, nodes, total, refreshed_at)
     values ($1, $2, (select count(*)::int from enterprises where industry_class = any($3::text[])), now())
     on conflict (chain_code) do update set nodes = excluded.nodes, total = excluded.total,
       refreshed_at = excluded.refreshed_at
     returning total as n, refreshed_at as at`,
    [chain.code, JSON.stringify(nodes), classes],
  );
  return {
    code: chain.code,
    name: chain.name,
    total: rows[0].n,
    nodes,
    refreshedAt: rows[0].at.toISOString(),
  };
}

const computing = new Map<string, Promise<ChainGraph>>();

/** The computation of a chain in flight in this process, if any (tests wait on it). */
export function pendingChainStats(code: string): Promise<ChainGraph> | undefined {
  return computing.get(code);
}

function refreshChain(chain: IndustryChain, db: pg.Pool): Promise<ChainGraph> {
  const running = computing.get(chain.code);
  if (running) return running;
  const job = computeChainStats(chain, db).finally(() => computing.delete(chain.code));
  computing.set(chain.code, job);
  return job;
}

/**
 * A chain graph with its node statistics, or null for an unknown chain. The refresh rule (ADR
 * 0192): the stored row is served; none yet → computed now; older than CHAIN_STATS_STALE_MS →
 * served and recomputed in the background.
 */
export async function getChainGraph(
  code: string,
  db: pg.Pool = getPool(),
  now = Date.now(),
): Promise<ChainGraph | null> {
  const chain = getIndustryChain(code);
  if (!chain) return null;
  const { rows } = await db.query<{ nodes: ChainNodeStats[]; total: number; refreshed_at: Date }>(
    'select nodes, total, refreshed_at from industry_chain_stats where chain_code = $1',
    [code],
  );
  const row = rows[0];
  if (!row) return refreshChain(chain, db);
  if (now - row.refreshed_at.getTime() > CHAIN_STATS_STALE_MS)
    void refreshChain(chain, db).catch((err: unknown) =>
      partLogger('industry-chain').error({ err }, `refresh of ${code} failed`),
    );
  return {
    code: chain.code,
    name: chain.name,
    total: row.total,
    nodes: row.nodes,
    refreshedAt: row.refreshed_at.toISOString(),
  };
}

/** The atlas: every chain (or those whose name or a node's name holds the keyword), with totals. */
export async function listChains(keyword = '', db: pg.Pool = getPool()): Promise<ChainSummary[]> {
  const k = keyword.trim().toLowerCase();
  const chains = INDUSTRY_CHAINS.filter(
    (c) =>
      !k ||
      c.name.toLowerCase().includes(k) ||
      c.nodes.some((n) => n.name.toLowerCase().includes(k)),
  );
  const out: ChainSummary[] = [];
  for (const chain of chains) {
    const graph = await getChainGraph(chain.code, db);
    out.push({
      code: chain.code,
      name: chain.name,
      total: graph?.total ?? 0,
      stages: CHAIN_STAGES.map((stage) => ({
        stage,
        nodes: chain.nodes.filter((n) => n.stage === stage).map((n) => n.name),
      })),
    });
  }
  return out;
}
