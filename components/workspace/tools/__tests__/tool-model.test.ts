import type {
  FeatureNavGroup,
  FeatureNavItem,
} from '@/lib/shared/feature-nav/feature-nav.contract';
import { filterToolGroups, toolAction } from '../tool-model';

const tool = (over: Partial<FeatureNavItem>): FeatureNavItem => ({
  id: 1,
  name: 'companySearch',
  label: '企业查询',
  path: '/companySearch',
  icon: 'SearchOutlined',
  external: false,
  ...over,
});

const park = (path: string) =>
  tool({ id: 206, name: 'parkQuery', label: '园区查询', path, external: true });

describe('toolAction', () => {
  it('navigates inside the app for an internal tool', () => {
    expect(toolAction(tool({}), true)).toEqual({ kind: 'internal', path: '/companySearch' });
  });

  it('opens an external tool in a new tab, only when it is a web address', () => {
    const ext = tool({ name: 'x', path: 'https://x.example.com/a', external: true });
    expect(toolAction(ext, false)).toEqual({ kind: 'external', url: 'https://x.example.com/a' });
    expect(toolAction({ ...ext, path: 'javascript:alert(1)' }, true)).toEqual({
      kind: 'unconfigured',
    });
  });

  it('hands a signed-in user to the park site with an entry code, a visitor without', () => {
    expect(toolAction(park('https://park.example.com/'), true)).toEqual({ kind: 'park-entry' });
    expect(toolAction(park('https://park.example.com/'), false)).toEqual({
      kind: 'external',
      url: 'https://park.example.com/',
    });
  });

  it('reports the park site as not set up when its address is empty', () => {
    expect(toolAction(park(''), true)).toEqual({ kind: 'unconfigured' });
    expect(toolAction(park(''), false)).toEqual({ kind: 'unconfigured' });
  });
});

describe('filterToolGroups', () => {
  const groups: FeatureNavGroup[] = [
    {
      id: 1,
      name: '常用功能',
      subFeatureNavs: [tool({}), tool({ id: 2, label: '高级搜索', path: '/advancedSearch' })],
    },
    { id: 2, name: '招商线索', subFeatureNavs: [park('')] },
    { id: 3, name: 'CRM', subFeatureNavs: [tool({ id: 3, label: 'AI 助手', path: '/ai' })] },
  ];

  it('keeps every group for an empty or blank keyword', () => {
    expect(filterToolGroups(groups, '  ')).toEqual(groups);
  });

  it('keeps matching tools across groups and drops groups left empty', () => {
    const found = filterToolGroups(groups, '查询');
    expect(found.map((g) => g.name)).toEqual(['常用功能', '招商线索']);
    expect(found.flatMap((g) => g.subFeatureNavs.map((t) => t.label))).toEqual([
      '企业查询',
      '园区查询',
    ]);
  });

  it('matches letters case-insensitively and finds nothing for an unknown word', () => {
    expect(filterToolGroups(groups, 'ai').flatMap((g) => g.subFeatureNavs)).toHaveLength(1);
    expect(filterToolGroups(groups, '不存在的工具')).toEqual([]);
  });
});
