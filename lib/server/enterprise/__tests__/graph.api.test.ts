import { eq } from 'drizzle-orm';
import { callApi } from '@/test/helpers/api';
import { getDb } from '@/lib/server/platform/db';
import { enterpriseShareholders } from '@/db/schema';
import type { ActualController, EquityTreeNode, GraphData } from '@/lib/shared/enterprise/types';
import { GRAPH_CATEGORIES } from '@/lib/shared/enterprise/types';
import { seedFamily, type Family } from './fixtures';

let f: Family;
const base = '/shuzhituoke/enterprise-relationship-map';

beforeAll(async () => {
  f = await seedFamily();
});

function category(g: GraphData, id: string): string {
  return GRAPH_CATEGORIES[g.nodes.find((n) => n.id === id)!.category];
}

function assertConsistent(g: GraphData): void {
  const ids = new Set(g.nodes.map((n) => n.id));
  expect(ids.size).toBe(g.nodes.length);
  expect(ids.has(g.centerId)).toBe(true);
  for (const l of g.links) {
    expect(ids.has(l.source)).toBe(true);
    expect(ids.has(l.target)).toBe(true);
  }
  expect(g.categories.map((c) => c.name)).toEqual([...GRAPH_CATEGORIES]);
}

describe('enterprise graphs', () => {
  it('ent-map: centre with legal person, shareholders, people, investments and branches', async () => {
    for (const q of [
      `keyword=${encodeURIComponent(f.mainName)}`,
      `keyword=${f.mainUncid}`,
      `id=${f.mainId}`,
    ]) {
      const r = await callApi<GraphData>('GET', `${base}/ent-map?${q}`);
      expect(r.code).toBe(200);
      const g = r.data;
      assertConsistent(g);
      expect(g.centerId).toBe(`e:${f.mainId}`);
      expect(category(g, 'p:王建国')).toBe('法定代表人');
      expect(category(g, `e:${f.holdingId}`)).toBe('股东');
      expect(category(g, `e:${f.childId}`)).toBe('对外投资');
      expect(category(g, 'n:某某合伙企业（有限合伙）')).toBe('对外投资');
      expect(category(g, 'p:赵敏')).toBe('主要人员');
      expect(g.nodes.some((n) => GRAPH_CATEGORIES[n.category] === '分支机构')).toBe(true);
      const wang = g.links.find((l) => l.source === 'p:王建国' && l.target === g.centerId)!;
      expect(wang.label).toBe('法定代表人 / 持股 40% / 执行董事、总经理');
      const holding = g.links.find((l) => l.source === `e:${f.holdingId}`)!;
      expect(holding).toMatchObject({ target: g.centerId, value: 60 });
      expect(g.nodes.find((n) => n.id === `e:${f.childId}`)?.expandable).toBe(true);
    }
  });

  it('relationship-map reaches the second ring', async () => {
    const r = await callApi<GraphData>('GET', `${base}/relationship-map?id=${f.mainId}`);
    const g = r.data;
    assertConsistent(g);
    // Holding's own shareholders, the child's other shareholder, and 王建国's other Xiamen company.
    expect(g.nodes.map((n) => n.id)).toEqual(
      expect.arrayContaining(['p:陈大明', 'p:李小红', 'p:孙七', `e:${f.logisticsId}`]),
    );
    expect(g.nodes.some((n) => n.id === `e:${f.shanghaiId}`)).toBe(false);
  });

  it('next-ent and next-main-person expand a node', async () => {
    const ent = await callApi<GraphData>('GET', `${base}/next-ent?id=${f.childId}`);
    assertConsistent(ent.data);
    expect(ent.data.centerId).toBe(`e:${f.childId}`);
    expect(ent.data.nodes.map((n) => n.id)).toEqual(
      expect.arrayContaining([`e:${f.mainId}`, 'p:孙七']),
    );

    const person = await callApi<GraphData>(
      'GET',
      `${base}/next-main-person?personName=${encodeURIComponent('王建国')}&id=${f.mainId}`,
    );
    assertConsistent(person.data);
    expect(person.data.centerId).toBe('p:王建国');
    const ids = person.data.nodes.map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining([`e:${f.mainId}`, `e:${f.logisticsId}`]));
    expect(ids).not.toContain(`e:${f.shanghaiId}`);
    const toLogistics = person.data.links.find((l) => l.target === `e:${f.logisticsId}`)!;
    expect(toLogistics.label).toContain('持股 100%');
    const missing = await callApi('GET', `${base}/next-main-person?id=${f.mainId}`);
    expect(missing.code).toBe(400);
  });

  it('equity penetration upward and downward', async () => {
    const up = await callApi<EquityTreeNode>(
      'GET',
      `${base}/equity-penetration?id=${f.childId}&direction=parent&depth=3`,
    );
    expect(up.code).toBe(200);
    const root = up.data;
    expect(root.entId).toBe(f.childId);
    expect(root.children.map((c) => [c.name, c.ratio])).toEqual([
      [f.mainName, 70],
      ['孙七', 30],
    ]);
    const main = root.children[0];
    expect(main.children.map((c) => c.entId ?? c.name)).toEqual([f.holdingId, '王建国']);
    expect(main.children[0].children.map((c) => c.name)).toEqual(['陈大明', '李小红']);

    const shallow = await callApi<EquityTreeNode>(
      'GET',
      `${base}/equity-penetration?id=${f.childId}&direction=parent&depth=1`,
    );
    expect(shallow.data.children[0].hasMore).toBe(true);
    expect(shallow.data.children[0].children).toEqual([]);

    const down = await callApi<EquityTreeNode>(
      'GET',
      `${base}/equity-penetration?keyword=${f.mainUncid}&direction=children`,
    );
    expect(down.data.children.map((c) => [c.entId, c.ratio])).toEqual([
      [f.childId, 70],
      [null, 10],
    ]);
    const bad = await callApi(
      'GET',
      `${base}/equity-penetration?id=${f.mainId}&direction=sideways`,
    );
    expect(bad.code).toBe(400);
  });

  it('equity penetration survives a cross-holding cycle', async () => {
    // The child also holds 1% of the main company: main → child → main ...
    await getDb().insert(enterpriseShareholders).values({
      enterpriseId: f.mainId,
      holderType: 'company',
      holderName: 'child',
      holderEnterpriseId: f.childId,
      ratio: 1,
    });
    const up = await callApi<EquityTreeNode>(
      'GET',
      `${base}/equity-penetration?id=${f.mainId}&direction=parent&depth=5`,
    );
    expect(up.code).toBe(200);
    const count = (n: EquityTreeNode): number => 1 + n.children.reduce((s, c) => s + count(c), 0);
    expect(count(up.data)).toBeLessThan(20);
    await getDb()
      .delete(enterpriseShareholders)
      .where(eq(enterpriseShareholders.holderName, 'child'));
  });

  it('actual controller follows the largest shareholder to a person', async () => {
    const r = await callApi<ActualController>('GET', `${base}/actual-person-map?id=${f.childId}`);
    expect(r.code).toBe(200);
    expect(r.data.controller).toEqual({ name: '陈大明', kind: 'person', entId: null });
    // 70% × 60% × 80%
    expect(r.data.cumulativeRatio).toBeCloseTo(33.6, 4);
    expect(r.data.path.map((p) => p.name)).toEqual([
      f.mainName,
      expect.stringContaining('控股集团'),
      '陈大明',
    ]);
    assertConsistent(r.data.graph);
    expect(category(r.data.graph, 'p:陈大明')).toBe('实际控制人');

    const none = await callApi<ActualController>(
      'GET',
      `${base}/actual-person-map?id=${f.shanghaiId}`,
    );
    expect(none.data).toMatchObject({ controller: null, cumulativeRatio: null, path: [] });
  });
});
