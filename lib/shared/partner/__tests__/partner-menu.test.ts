import type { MenuItem } from '@/lib/shared/menu/menu-types';
import { withPartnerPages } from '../partner-menu';

const item = (id: number, path: string, children: MenuItem[] = [], visible = true): MenuItem => ({
  id,
  parentId: 0,
  name: `菜单${id}`,
  path,
  icon: '',
  component: '',
  componentName: '',
  visible,
  clickable: true,
  keepAlive: false,
  platform: 0,
  badge: null,
  children,
});

const tree = [
  item(1, '', [item(405, '/factoryAndBuilding/:src', [], false), item(406, '/atlas')]),
  item(960, '/common/:src', [], false),
];

describe('withPartnerPages', () => {
  it('adds nothing while no partner page is configured', () => {
    expect(withPartnerPages(tree, [])).toEqual(tree);
  });

  it("puts each page beside its section's hidden entry, visible, under the same parents", () => {
    const out = withPartnerPages(tree, [
      { section: 'factoryAndBuilding', src: 'plants', title: '厂房楼宇', path: '/p' },
      { section: 'common', src: 'report', title: '报告', path: '/r' },
      { section: 'industryAnalysis', src: 'overview', title: '分析', path: '/o' },
    ]);
    expect(out[0].children.map((c) => [c.path, c.name, c.visible])).toEqual([
      ['/factoryAndBuilding/:src', '菜单405', false],
      ['/factoryAndBuilding/plants', '厂房楼宇', true],
      ['/atlas', '菜单406', true],
    ]);
    expect(out.map((c) => c.path)).toEqual(['', '/common/:src', '/common/report']);
    // A section the member's roles do not see gets no entry (industryAnalysis is not in the tree).
    expect(JSON.stringify(out)).not.toContain('/industryAnalysis/overview');
    const ids = [out[0].children[1].id, out[2].id];
    expect(new Set(ids).size).toBe(2);
    expect(Math.min(...ids)).toBeGreaterThan(900_000);
  });
});
