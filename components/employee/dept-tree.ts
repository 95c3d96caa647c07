import type { DeptView } from '@/lib/shared/dept/dept.contract';

/** A department with its children, in the server's order (sort, then id). */
export type DeptNode = DeptView & { children: DeptNode[] };

/**
 * Builds the tree from the flat list of GET /system/dept/list. A department whose parent is not
 * in the list (deleted meanwhile) is shown at the top rather than lost.
 */
export function buildDeptTree(depts: readonly DeptView[]): DeptNode[] {
  const nodes = new Map<number, DeptNode>();
  for (const d of depts) nodes.set(d.id, { ...d, children: [] });
  const roots: DeptNode[] = [];
  for (const d of depts) {
    const node = nodes.get(d.id)!;
    const parent = d.parentId ? nodes.get(d.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The department and every department below it (a move may go under none of them). */
export function selfAndDescendantIds(depts: readonly DeptView[], id: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const d of depts) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  const out = new Set<number>([id]);
  const queue = [id];
  while (queue.length) {
    for (const c of children.get(queue.shift()!) ?? []) {
      if (!out.has(c)) {
        out.add(c);
        queue.push(c);
      }
    }
  }
  return out;
}

/** Level of a department (a top department is 1). */
export function deptDepth(depts: readonly DeptView[], id: number): number {
  const byId = new Map(depts.map((d) => [d.id, d]));
  let depth = 0;
  const seen = new Set<number>();
  for (let cur = byId.get(id); cur && !seen.has(cur.id); cur = byId.get(cur.parentId)) {
    seen.add(cur.id);
    depth += 1;
  }
  return depth;
}

/** 「研发部 / 前端组」: the path of a department for pickers and the table. */
export function deptPath(depts: readonly DeptView[], id: number | null | undefined): string {
  if (!id) return '';
  const byId = new Map(depts.map((d) => [d.id, d]));
  const names: string[] = [];
  const seen = new Set<number>();
  for (let cur = byId.get(id); cur && !seen.has(cur.id); cur = byId.get(cur.parentId)) {
    seen.add(cur.id);
    names.unshift(cur.name);
  }
  return names.join(' / ');
}

/** Members of a department and all departments below it (the tree shows this beside the name). */
export function subtreeMemberCount(node: DeptNode): number {
  return node.children.reduce((n, c) => n + subtreeMemberCount(c), node.memberCount);
}

/**
 * yudao's menu assignment sends the checked ids and the half-checked parents; a checked tree
 * restored from those ids must leave out parents whose children are not all selected, or antd
 * (check-strictly off) would show every child checked.
 */
export function leafCheckedKeys<T extends { id: number; parentId: number }>(
  items: readonly T[],
  selected: readonly number[],
): number[] {
  const hasChildren = new Set(items.map((i) => i.parentId));
  const known = new Set(items.map((i) => i.id));
  return selected.filter((id) => known.has(id) && !hasChildren.has(id));
}

/**
 * The ids to save for a checked menu tree: the checked keys and every ancestor of them (the
 * half-checked parents yudao sends too, so a page's directory stays reachable).
 */
export function withAncestors<T extends { id: number; parentId: number }>(
  items: readonly T[],
  checked: readonly number[],
): number[] {
  const parentOf = new Map(items.map((i) => [i.id, i.parentId]));
  const out = new Set<number>();
  for (const id of checked) {
    for (let cur: number | undefined = id; cur && !out.has(cur); cur = parentOf.get(cur)) {
      out.add(cur);
    }
  }
  return [...out].sort((a, b) => a - b);
}
