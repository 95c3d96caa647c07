import { getPool } from '@/lib/server/platform/db';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { INDUSTRY_CHAINS } from '@/lib/shared/industry';
import { nodeSearchHref } from '@/lib/shared/industry/chain-graph';
import { industryChainGet, industryChainList } from '@/lib/shared/industry/industry.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { getChainGraph, pendingChainStats } from '../chain.service';

let member: TestUser;
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

beforeAll(async () => {
  member = await createTestUser();
});

describe('industry chain graph', () => {
  it('gives every node of a chain its companies, leaders and regions', async () => {
    const r = await callContract(industryChainGet, { query: { code: 'CY006' } }, as(member));
    expect(r.code).toBe(200);
    const chain = INDUSTRY_CHAINS.find((c) => c.code === 'CY006')!;
    expect(r.data.nodes.map((n) => n.name).sort()).toEqual(chain.nodes.map((n) => n.name).sort());
    // Upstream first, then midstream, then downstream.
    const order = r.data.nodes.map((n) => ['上游', '中游', '下游'].indexOf(n.stage));
    expect(order).toEqual([...order].sort());
    for (const node of r.data.nodes) {
      const { rows } = await getPool().query<{ n: number }>(
        'select count(*)::int n from enterprises where industry_class = any($1::text[])',
        [node.classes.map((c) => c.code)],
      );
      expect(node.companies).toBe(rows[0].n);
      expect(node.leaders.length).toBe(Math.min(5, node.companies));
      expect(node.regions.reduce((s, x) => s + x.count, 0)).toBeLessThanOrEqual(node.companies);
    }
    expect(r.data.nodes.some((n) => n.companies > 0)).toBe(true);
  });

  it('answers 404 for an unknown chain and refuses visitors', async () => {
    const unknown = await callContract(industryChainGet, { query: { code: 'CY999' } }, as(member));
    expect(unknown.code).toBe(ERRORS.NOT_FOUND.code);
    const malformed = await callContract(industryChainGet, { query: { code: 'x' } }, as(member));
    expect(malformed.code).not.toBe(200);
    const anon = await callContract(industryChainGet, { query: { code: 'CY001' } });
    expect(anon.code).toBe(ERRORS.UNAUTHORIZED.code);
  });

  it('serves stored statistics and recomputes them in the background after 6 hours', async () => {
    const pool = getPool();
    await getChainGraph('CY009');
    await pool.query(
      `update industry_chain_stats set total = -1, refreshed_at = now() - interval '7 hours'
       where chain_code = 'CY009'`,
    );
    const stale = await getChainGraph('CY009');
    expect(stale!.total).toBe(-1);
    await pendingChainStats('CY009');
    const fresh = await getChainGraph('CY009');
    expect(fresh!.total).toBeGreaterThanOrEqual(0);
    expect(pendingChainStats('CY009')).toBeUndefined();
  });

  it('links a node to the company search of its classes', () => {
    expect(nodeSearchHref(['6511', '6513'])).toBe('/companySearch?industry=6511%2C6513');
    expect(nodeSearchHref(['6511'], '440000')).toBe('/companySearch?region=440000&industry=6511');
  });
});

describe('atlas', () => {
  it('lists every chain, and searches chain and node names', async () => {
    const all = await callContract(industryChainList, { query: {} }, as(member));
    expect(all.code).toBe(200);
    expect(all.data.chains.map((c) => c.code)).toEqual(INDUSTRY_CHAINS.map((c) => c.code));
    const found = await callContract(industryChainList, { query: { keyword: '快递' } }, as(member));
    expect(found.data.chains.map((c) => c.name)).toEqual(['现代物流']);
    const none = await callContract(
      industryChainList,
      { query: { keyword: '不存在' } },
      as(member),
    );
    expect(none.data.chains).toEqual([]);
  });
});
