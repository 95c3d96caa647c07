/**
 * The access rule shared by the permission component/hook and the API: a single permission, an
 * array (all required) or {type: 'some' | 'every', value}.
 */
export type PermissionRequirement = string | string[] | { type: 'some' | 'every'; value: string[] };

/** Holders of this permission pass every check (super administrators). */
export const ALL_PERMISSIONS = '*:*:*';

export function hasPermission(
  granted: ReadonlySet<string> | readonly string[],
  required: PermissionRequirement,
): boolean {
  const set = granted instanceof Set ? granted : new Set(granted as readonly string[]);
  if (set.has(ALL_PERMISSIONS)) return true;
  if (typeof required === 'string') return set.has(required);
  if (Array.isArray(required)) return required.every((p) => set.has(p));
  const { type, value } = required as { type: 'some' | 'every'; value: string[] };
  return type === 'some' ? value.some((p) => set.has(p)) : value.every((p) => set.has(p));
}

/** Role codes of spec section 6; these four are built in and cannot be edited. */
export const BUILT_IN_ROLES = {
  employee: { code: 'employee', name: '普通员工' },
  admin: { code: 'admin', name: '超级管理员' },
  tenantAdmin: { code: 'tenant_admin', name: '租户管理员' },
  superAdmin: { code: 'super_admin', name: '平台超级管理员' },
} as const;

export const DEFAULT_ROLE = 'ROLE_DEFAULT';
