/**
 * The data-scope rule without the database (docs/adr/0080-member-limit-and-data-scope.md): the
 * union of the scopes of every role the caller holds in the tenant; 1 (全部) wins; no role rows
 * means 仅本人. Callers always see their own rows.
 */

/** roles.data_scope: 1 全部, 2 指定部门, 3 本部门, 4 本部门及以下, 5 仅本人. */
export const DATA_SCOPE = { all: 1, depts: 2, ownDept: 3, ownDeptAndBelow: 4, self: 5 } as const;

export type OwnerScope =
  | { kind: 'all' }
  /** Rows owned by `self` or by a member of the tenant placed in one of `deptIds`. */
  | { kind: 'members'; tenantId: number; self: number; deptIds: number[] };

export type ScopeRole = { dataScope: number; deptIds: readonly number[] };
export type DeptNode = { id: number; parentId: number };

/** `root` and every department below it (a tenant has at most 200, walked in memory). */
export function subtreeIds(root: number, depts: readonly DeptNode[]): number[] {
  const children = new Map<number, number[]>();
  for (const d of depts) {
    const list = children.get(d.parentId) ?? [];
    list.push(d.id);
    children.set(d.parentId, list);
  }
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

export function unionScopes(
  actor: { userId: number; tenantId: number; deptId: number | null },
  roles: readonly ScopeRole[],
  depts: readonly DeptNode[],
): OwnerScope {
  if (roles.some((r) => r.dataScope === DATA_SCOPE.all)) return { kind: 'all' };
  const known = new Set(depts.map((d) => d.id));
  const ids = new Set<number>();
  for (const r of roles) {
    if (r.dataScope === DATA_SCOPE.depts) {
      for (const id of r.deptIds) if (known.has(id)) ids.add(id);
    } else if (r.dataScope === DATA_SCOPE.ownDept) {
      if (actor.deptId !== null && known.has(actor.deptId)) ids.add(actor.deptId);
    } else if (r.dataScope === DATA_SCOPE.ownDeptAndBelow) {
      if (actor.deptId !== null && known.has(actor.deptId))
        for (const id of subtreeIds(actor.deptId, depts)) ids.add(id);
    }
    // 5 (仅本人) and unknown values add nothing beyond self.
  }
  return {
    kind: 'members',
    tenantId: actor.tenantId,
    self: actor.userId,
    deptIds: [...ids].sort((a, b) => a - b),
  };
}
