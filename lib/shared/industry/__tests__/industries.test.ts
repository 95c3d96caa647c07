import { chainNodesForClass, getIndustryChain, INDUSTRY_CHAINS } from '../chains';
import {
  getIndustry,
  getIndustryChildren,
  getSections,
  industryLevels,
  industryName,
  industryPath,
  industryTree,
  INDUSTRIES,
} from '../industries';

describe('GB/T 4754-2017 industries', () => {
  it('has the 20 sections A-T and the 97 divisions 01-97', () => {
    expect(
      getSections()
        .map((s) => s.code)
        .join(''),
    ).toBe('ABCDEFGHIJKLMNOPQRST');
    const divisions = INDUSTRIES.filter((i) => i.level === 2).map((i) => i.code);
    expect(divisions).toEqual(Array.from({ length: 97 }, (_, k) => String(k + 1).padStart(2, '0')));
  });

  it('puts divisions under the right sections', () => {
    expect(getIndustry('01')?.parentCode).toBe('A');
    expect(getIndustry('13')?.parentCode).toBe('C');
    expect(getIndustry('43')?.parentCode).toBe('C');
    expect(getIndustry('65')?.parentCode).toBe('I');
    expect(getIndustry('70')?.parentCode).toBe('K');
    expect(getIndustry('83')?.parentCode).toBe('P');
    expect(getIndustry('97')?.parentCode).toBe('T');
    expect(getIndustryChildren('C')).toHaveLength(31);
  });

  it('has unique codes and groups/classes nested by code prefix', () => {
    expect(new Set(INDUSTRIES.map((i) => i.code)).size).toBe(INDUSTRIES.length);
    for (const i of INDUSTRIES.filter((x) => x.level >= 3)) {
      expect(i.code).toMatch(i.level === 3 ? /^\d{3}$/ : /^\d{4}$/);
      expect(i.parentCode).toBe(i.code.slice(0, -1));
      expect(getIndustry(i.parentCode)).toBeDefined();
    }
  });

  it('resolves names, paths and the four levels', () => {
    expect(industryName('65')).toBe('软件和信息技术服务业');
    expect(industryName('6513')).toBe('应用软件开发');
    expect(industryPath('6513').map((i) => i.code)).toEqual(['I', '65', '651', '6513']);
    expect(industryLevels('6513')).toEqual({
      section: 'I',
      division: '65',
      group: '651',
      class: '6513',
    });
    expect(industryLevels('65')).toEqual({
      section: 'I',
      division: '65',
      group: null,
      class: null,
    });
    expect(industryName('9999')).toBe('');
  });

  it('builds a cascader tree', () => {
    const tree = industryTree(2);
    expect(tree).toHaveLength(20);
    expect(tree.find((n) => n.value === 'I')?.children?.map((c) => c.value)).toEqual([
      '63',
      '64',
      '65',
    ]);
  });
});

describe('industry chains', () => {
  it('refer only to classes in the table, with unique chain codes', () => {
    expect(new Set(INDUSTRY_CHAINS.map((c) => c.code)).size).toBe(INDUSTRY_CHAINS.length);
    for (const chain of INDUSTRY_CHAINS) {
      for (const node of chain.nodes)
        for (const cls of node.classes) expect(getIndustry(cls)?.level).toBe(4);
    }
  });

  it('finds the chains of a class', () => {
    expect(getIndustryChain('CY006')?.name).toBe('软件和信息服务');
    const chains = chainNodesForClass('6513').map((x) => x.chain.code);
    expect(chains).toEqual(expect.arrayContaining(['CY003', 'CY006']));
  });
});
