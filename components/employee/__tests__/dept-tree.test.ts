import {
  buildDeptTree,
  deptDepth,
  deptPath,
  leafCheckedKeys,
  selfAndDescendantIds,
  subtreeMemberCount,
  withAncestors,
} from '../dept-tree';
import type { DeptView } from '@/lib/shared/dept/dept.contract';

const dept = (id: number, name: string, parentId: number, memberCount = 0): DeptView => ({
  id,
  name,
  parentId,
  sort: 0,
  memberCount,
  createTime: 0,
});

// 研发部(1) > 前端组(2) > 组件小组(4); 研发部 > 后端组(3); 销售部(5); 孤儿(7, parent 99 gone)
const DEPTS = [
  dept(1, '研发部', 0, 2),
  dept(2, '前端组', 1, 3),
  dept(3, '后端组', 1, 1),
  dept(4, '组件小组', 2, 4),
  dept(5, '销售部', 0, 5),
  dept(7, '孤儿', 99),
];

describe('department tree helpers', () => {
  it('nests departments under their parents and keeps orphans at the top', () => {
    const tree = buildDeptTree(DEPTS);
    expect(tree.map((n) => n.id)).toEqual([1, 5, 7]);
    expect(tree[0].children.map((n) => n.id)).toEqual([2, 3]);
    expect(tree[0].children[0].children.map((n) => n.id)).toEqual([4]);
  });

  it('counts the members of a whole branch', () => {
    const [rd] = buildDeptTree(DEPTS);
    expect(subtreeMemberCount(rd)).toBe(10);
    expect(subtreeMemberCount(rd.children[1])).toBe(1);
  });

  it('lists a department and everything below it, and nothing beside it', () => {
    expect([...selfAndDescendantIds(DEPTS, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...selfAndDescendantIds(DEPTS, 2)].sort()).toEqual([2, 4]);
    expect([...selfAndDescendantIds(DEPTS, 5)]).toEqual([5]);
  });

  it('gives levels and paths', () => {
    expect(deptDepth(DEPTS, 4)).toBe(3);
    expect(deptDepth(DEPTS, 5)).toBe(1);
    expect(deptPath(DEPTS, 4)).toBe('研发部 / 前端组 / 组件小组');
    expect(deptPath(DEPTS, null)).toBe('');
    expect(deptPath(DEPTS, 42)).toBe('');
  });

  it('survives a parent cycle in bad data', () => {
    const cyclic = [dept(1, 'A', 2), dept(2, 'B', 1)];
    expect(deptDepth(cyclic, 1)).toBe(2);
    expect(deptPath(cyclic, 1)).toBe('B / A');
  });

  it('restores a menu selection from its leaves only', () => {
    const menus = [
      { id: 10, parentId: 0 },
      { id: 11, parentId: 10 },
      { id: 12, parentId: 10 },
      { id: 20, parentId: 0 },
    ];
    // 10 was saved as a half-checked parent of 11: showing it checked would check 12 too.
    expect(leafCheckedKeys(menus, [10, 11, 20, 999])).toEqual([11, 20]);
  });

  it('saves checked menus with all their ancestors, once each', () => {
    const menus = [
      { id: 10, parentId: 0 },
      { id: 11, parentId: 10 },
      { id: 111, parentId: 11 },
      { id: 12, parentId: 10 },
      { id: 20, parentId: 0 },
    ];
    expect(withAncestors(menus, [111, 12])).toEqual([10, 11, 12, 111]);
    expect(withAncestors(menus, [20])).toEqual([20]);
    expect(withAncestors(menus, [])).toEqual([]);
  });
});
