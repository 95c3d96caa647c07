import type { MenuItem } from '@/lib/shared/menu/menu-types';
import {
  breadcrumbTitles,
  findRoute,
  flatRoutes,
  menuPathMatches,
  menuTrailIds,
  sanitiseMenuTree,
  sideMenuTree,
  type MenuProblem,
} from '../menu/menu-model';

function item(
  id: number,
  name: string,
  path: string,
  children: MenuItem[] = [],
  extra: Partial<MenuItem> = {},
): MenuItem {
  return {
    id,
    parentId: 0,
    name,
    path,
    icon: '',
    component: '',
    componentName: '',
    visible: true,
    clickable: true,
    keepAlive: false,
    platform: 0,
    badge: null,
    children,
    ...extra,
  };
}

const tree: MenuItem[] = [
  item(100, '我的工作台', '/workbench'),
  item(300, '企业查询', '', [
    item(303, '高级搜索', '/advancedSearch'),
    item(310, '榜单专辑', '/industryAlbum/authoritativeList/:album', [], {
      visible: false,
      keepAlive: true,
    }),
  ]),
  item(800, '我的', '', [
    item(801, '已解锁企业', '/unLockListPage'),
    item(802, '我的收藏', '/favoritesPage', [], { clickable: false }),
  ]),
  item(900, '线索', '', [item(901, '线索池', '/clue/pool')]),
];

describe('side menu tree', () => {
  it('shows visible entries whose page exists and the directories holding them', () => {
    const shown = sideMenuTree(tree);
    // /clue/pool is not built: no menu entry may lead to a 404 (/workbench is, issue 29).
    expect(shown.map((m) => m.name)).toEqual(['我的工作台', '企业查询', '我的']);
    expect(shown[1].children.map((m) => m.name)).toEqual(['高级搜索']);
    expect(shown[2].children.map((m) => m.name)).toEqual(['已解锁企业', '我的收藏']);
  });
});

describe('sanitiseMenuTree (bad server data renders what it can)', () => {
  it('drops a cycle and an entry without a path, reporting both', () => {
    const looped = item(1, '循环', '', []);
    looped.children = [item(2, '子', '/unLockListPage', [looped])];
    const problems: MenuProblem[] = [];
    const clean = sanitiseMenuTree([looped, item(3, '无路径', '')], (p) => problems.push(p));
    expect(clean).toHaveLength(1);
    expect(clean[0].children[0].children).toEqual([]);
    expect(problems.map((p) => p.id)).toEqual([1, 3]);
  });

  it('treats a missing children list as none', () => {
    const odd = {
      ...item(5, '奇怪', '/favoritesPage'),
      children: undefined,
    } as unknown as MenuItem;
    expect(sanitiseMenuTree([odd])[0].children).toEqual([]);
  });
});

describe('flat route record and trail', () => {
  const routes = flatRoutes(tree);

  it('lists every entry with a path, hidden ones included, with its parents', () => {
    expect(routes.map((r) => r.id)).toEqual([100, 303, 310, 801, 802, 901]);
    expect(findRoute(routes, '/favoritesPage')).toMatchObject({
      name: '我的收藏',
      clickable: false,
      parentNames: ['我的'],
    });
  });

  it('matches parameterised paths and keeps their keepAlive flag', () => {
    expect(
      menuPathMatches(
        '/industryAlbum/authoritativeList/:album',
        '/industryAlbum/authoritativeList/abc',
      ),
    ).toBe(true);
    expect(
      menuPathMatches(
        '/industryAlbum/authoritativeList/:album',
        '/industryAlbum/authoritativeList',
      ),
    ).toBe(false);
    expect(findRoute(routes, '/industryAlbum/authoritativeList/abc')?.keepAlive).toBe(true);
  });

  it('finds the ids from the top entry down to the page', () => {
    expect(menuTrailIds(tree, '/unLockListPage')).toEqual([800, 801]);
    expect(menuTrailIds(tree, '/nowhere')).toEqual([]);
  });

  it('builds the breadcrumb from 首页 and the matched titles', () => {
    expect(breadcrumbTitles(findRoute(routes, '/unLockListPage'), '')).toEqual([
      '首页',
      '我的',
      '已解锁企业',
    ]);
    expect(breadcrumbTitles(undefined, '高级搜索')).toEqual(['首页', '高级搜索']);
    expect(breadcrumbTitles(undefined, '')).toEqual(['首页']);
  });
});
