import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { menus, roleDepts, roleMenus, roles, userRoles, users } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { ALL_PERMISSIONS, BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import type {
  MenuSimple,
  RoleBody,
  RoleDataScope,
  RoleSimple,
  RoleView,
} from '@/lib/shared/role/role.contract';
import {
  ApiError,
  apiError,
  type ClientInfo,
  type TenantAuthContext,
  getDb,
  audit,
} from '@/lib/server/platform';
import { requireDepts } from '../dept/dept.service';
import { loadUserAccess } from '../permission/permission.service';
import type { DbOrTx } from '../user/user.repository';

export type {
  RoleBody,
  RoleDataScope,
  RoleSimple,
  RoleView,
} from '@/lib/shared/role/role.contract';

type RoleRow = typeof roles.$inferSelect;

/** The caller as role management needs it: who, in which tenant, holding which roles. */
export type RoleActor = Pick<TenantAuthContext, 'userId' | 'tenantId' | 'roles' | 'permissions'>;

const BUILT_IN_CODES: readonly string[] = Object.values(BUILT_IN_ROLES).map((r) => r.code);

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** super_admin is shown only to callers who hold it. */
function seesRole(row: Pick<RoleRow, 'code'>, callerRoles: readonly string[]): boolean {
  return (
    row.code !== BUILT_IN_ROLES.superAdmin.code ||
    callerRoles.includes(BUILT_IN_ROLES.superAdmin.code)
  );
}

/** A role the caller's tenant can see: the built-ins (never super_admin for tenants) and its own. */
async function visibleRole(
  id: number,
  tenantId: number,
  callerRoles: readonly string[],
): Promise<RoleRow> {
  const [row] = await getDb()
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))))
    .limit(1);
  if (!row) throw apiError('ROLE_NOT_EXISTS');
  if (!seesRole(row, callerRoles)) throw apiError('ROLE_NOT_EXISTS');
  return row;
}

/** Built-in roles (spec 6: the four named in setup) cannot be edited or deleted. */
async function editableRole(
  id: number,
  tenantId: number,
  callerRoles: readonly string[],
): Promise<RoleRow> {
  const row = await visibleRole(id, tenantId, callerRoles);
  if (row.builtIn || row.tenantId === null || BUILT_IN_CODES.includes(row.code))
    throw apiError('ROLE_BUILT_IN_CANNOT_EDIT');
  return row;
}

async function assertUnique(
  db: DbOrTx,
  tenantId: number,
  name: string,
  code: string,
  exceptId?: number,
): Promise<void> {
  if (BUILT_IN_CODES.includes(code)) throw apiError('ROLE_CODE_DUPLICATE', { code });
  const rows = await db
    .select({ id: roles.id, name: roles.name, code: roles.code })
    .from(roles)
    .where(
      and(
        or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)),
        or(eq(roles.name, name), eq(roles.code, code)),
      ),
    );
  for (const r of rows) {
    if (r.id === exceptId) continue;
    if (r.name === name) throw apiError('ROLE_NAME_DUPLICATE', { name });
    throw apiError('ROLE_CODE_DUPLICATE', { code });
  }
}

/**
 * Checks a role's name and code and writes it while the tenant's other role writes wait: parallel
 * creates or renames are checked one after another, so the second of two duplicates is told
 * 「已经存在…的角色」 instead of slipping in (names have no unique index) or failing on the index.
 */
async function writeUniqueRole<T>(
  tenantId: number,
  role: { name: string; code: string; exceptId?: number },
  write: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return writeRoles(tenantId, async (tx) => {
    await assertUnique(tx, tenantId, role.name, role.code, role.exceptId);
    return write(tx);
  });
}

/**
 * A write to the tenant's roles and their holders, one at a time per tenant (an assignment and a
 * delete of the same role cannot cross: the delete sees the new holder or the assignment 404s).
 */
export async function writeRoles<T>(
  tenantId: number,
  write: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roles'), ${tenantId}::int)`);
    return write(tx);
  });
}

/** Data-scope departments and member counts of roles, as seen by one tenant. */
async function roleExtras(
  tenantId: number,
  ids: number[],
): Promise<{ depts: Map<number, number[]>; members: Map<number, number> }> {
  const depts = new Map<number, number[]>();
  const members = new Map<number, number>();
  if (ids.length === 0) return { depts, members };
  const db = getDb();
  const [deptRows, memberRows] = await Promise.all([
    db
      .select({ roleId: roleDepts.roleId, deptId: roleDepts.deptId })
      .from(roleDepts)
      .where(inArray(roleDepts.roleId, ids))
      .orderBy(asc(roleDepts.deptId)),
    db
      .select({ roleId: userRoles.roleId, n: count() })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(
        and(inArray(userRoles.roleId, ids), eq(users.tenantId, tenantId), isNull(users.deletedAt)),
      )
      .groupBy(userRoles.roleId),
  ]);
  for (const d of deptRows) depts.set(d.roleId, [...(depts.get(d.roleId) ?? []), d.deptId]);
  for (const m of memberRows) members.set(m.roleId, Number(m.n));
  return { depts, members };
}

async function views(tenantId: number, rows: RoleRow[]): Promise<RoleView[]> {
  const extras = await roleExtras(
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => view(r, extras.depts.get(r.id) ?? [], extras.members.get(r.id) ?? 0));
}

function view(r: RoleRow, dataScopeDeptIds: number[], memberCount: number): RoleView {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    builtIn: r.builtIn || r.tenantId === null,
    dataScope: r.dataScope,
    sort: r.sort,
    remark: r.remark ?? '',
    status: 0,
    type: r.tenantId === null ? 1 : 2,
    dataScopeDeptIds: r.dataScope === 2 ? dataScopeDeptIds : [],
    memberCount,
    createTime: r.createdAt.getTime(),
  };
}

/** The built-in roles and the tenant's own, those the caller may see, by sort then id. */
async function visibleRoles(actor: RoleActor, name?: string): Promise<RoleRow[]> {
  const conditions = [or(isNull(roles.tenantId), eq(roles.tenantId, actor.tenantId))!];
  if (name) conditions.push(ilike(roles.name, `%${escapeLike(name)}%`));
  const rows = await getDb()
    .select()
    .from(roles)
    .where(and(...conditions))
    .orderBy(asc(roles.sort), asc(roles.id));
  return rows.filter((r) => seesRole(r, actor.roles));
}

/** 角色分页: paged in memory (a tenant has few roles). */
export async function rolePage(
  actor: RoleActor,
  query: { pageNo: number; pageSize: number; name?: string },
): Promise<{ list: RoleView[]; total: number }> {
  const visible = await visibleRoles(actor, query.name);
  const start = (query.pageNo - 1) * query.pageSize;
  return {
    total: visible.length,
    list: await views(actor.tenantId, visible.slice(start, start + query.pageSize)),
  };
}

/** Roles that can be assigned to members. */
export async function listSimpleRoles(actor: RoleActor): Promise<RoleSimple[]> {
  const rows = await visibleRoles(actor);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    code: r.code,
    builtIn: r.builtIn || r.tenantId === null,
  }));
}

export async function getRoleView(actor: RoleActor, id: number): Promise<RoleView> {
  const [v] = await views(actor.tenantId, [await visibleRole(id, actor.tenantId, actor.roles)]);
  return v;
}

/** roles.data_scope 5: 仅本人 (RoleDataScopeModal). */
const DATA_SCOPE_SELF = 5;
/** A code for a role created without one: role_ and six base-36 characters. */
function generatedRoleCode(): string {
  return `role_${randomBytes(4).readUInt32BE(0).toString(36).padStart(6, '0').slice(-6)}`;
}

/**
 * Creates a custom role of the caller's tenant; returns its id. Without a code one is generated;
 * a new role sees only its holder's own data (仅本人, 5) until an administrator widens it
 * (issue 28 item 7: it used to start with 全部数据).
 */
export async function createRole(
  actor: RoleActor,
  input: RoleBody,
  client: ClientInfo,
): Promise<number> {
  const body = { ...input, code: input.code ?? generatedRoleCode() };
  const [row] = await writeUniqueRole(actor.tenantId, body, (tx) =>
    tx
      .insert(roles)
      .values({
        tenantId: actor.tenantId,
        name: body.name,
        code: body.code,
        sort: body.sort,
        remark: body.remark ?? null,
        builtIn: false,
        dataScope: DATA_SCOPE_SELF,
      })
      .returning({ id: roles.id }),
  );
  await audit('role_created', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(row.id),
    client,
  });
  return row.id;
}

export async function updateRole(
  actor: RoleActor,
  input: RoleBody & { id: number },
  client: ClientInfo,
): Promise<true> {
  const row = await editableRole(input.id, actor.tenantId, actor.roles);
  // No code given: the role keeps its own.
  const body = { ...input, code: input.code ?? row.code };
  await writeUniqueRole(actor.tenantId, { ...body, exceptId: body.id }, (tx) =>
    tx
      .update(roles)
      .set({ name: body.name, code: body.code, sort: body.sort, remark: body.remark ?? null })
      .where(eq(roles.id, body.id)),
  );
  await audit('role_updated', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(body.id),
    client,
  });
  return true;
}

/**
 * Deletes a custom role no member holds (refused with the number of holders otherwise). Rows of
 * accounts that left or were deleted go with it; they signed in again already.
 */
export async function deleteRole(actor: RoleActor, id: number, client: ClientInfo): Promise<true> {
  await editableRole(id, actor.tenantId, actor.roles);
  await writeRoles(actor.tenantId, async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.roleId, id), isNull(users.deletedAt)));
    const n = Number(held?.n ?? 0);
    if (n > 0) throw new ApiError(ERRORS.BAD_REQUEST.code, `该角色仍有 ${n} 名成员使用，无法删除`);
    await tx.delete(userRoles).where(eq(userRoles.roleId, id));
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, id));
    await tx.delete(roleDepts).where(eq(roleDepts.roleId, id));
    await tx.delete(roles).where(eq(roles.id, id));
  });
  await audit('role_deleted', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(id),
    client,
  });
  return true;
}

export async function listRoleMenuIds(actor: RoleActor, roleId: number): Promise<number[]> {
  await visibleRole(roleId, actor.tenantId, actor.roles);
  const rows = await getDb()
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(eq(roleMenus.roleId, roleId));
  return rows.map((r) => r.menuId);
}

/**
 * Replaces the menus and buttons of a custom role. Unless the caller holds every permission, it
 * may only hand out menus its own roles have.
 */
export async function assignRoleMenus(
  actor: RoleActor,
  body: { roleId: number; menuIds: number[] },
  client: ClientInfo,
): Promise<true> {
  await editableRole(body.roleId, actor.tenantId, actor.roles);
  const db = getDb();
  const menuIds = [...new Set(body.menuIds)];
  if (!actor.permissions.has(ALL_PERMISSIONS) && menuIds.length > 0) {
    const access = await loadUserAccess(actor.userId, actor.tenantId);
    const own = await db
      .selectDistinct({ menuId: roleMenus.menuId })
      .from(roleMenus)
      .where(inArray(roleMenus.roleId, access.roleIds.length ? access.roleIds : [-1]));
    const ownSet = new Set(own.map((r) => r.menuId));
    if (menuIds.some((id) => !ownSet.has(id))) throw apiError('FORBIDDEN');
  }
  if (menuIds.length > 0) {
    const [{ n }] = await db.select({ n: count() }).from(menus).where(inArray(menus.id, menuIds));
    if (Number(n) !== menuIds.length) throw apiError('NOT_FOUND');
  }
  await db.transaction(async (tx) => {
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, body.roleId));
    if (menuIds.length > 0)
      await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: body.roleId, menuId })));
  });
  await audit('role_menus_assigned', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(body.roleId),
    client,
  });
  return true;
}

/** Spec 6: only the super administrator (admin) or super_admin may change a role's data scope. */
export async function assignRoleDataScope(
  actor: RoleActor,
  body: { roleId: number; dataScope: number; dataScopeDeptIds?: number[] },
): Promise<true> {
  if (
    !actor.roles.includes(BUILT_IN_ROLES.admin.code) &&
    !actor.roles.includes(BUILT_IN_ROLES.superAdmin.code)
  )
    throw apiError('FORBIDDEN');
  await editableRole(body.roleId, actor.tenantId, actor.roles);
  const deptIds = body.dataScope === 2 ? [...new Set(body.dataScopeDeptIds ?? [])] : [];
  if (body.dataScope === 2 && deptIds.length === 0)
    throw new ApiError(ERRORS.BAD_REQUEST.code, '请选择指定部门');
  await writeRoles(actor.tenantId, async (tx) => {
    await requireDepts(actor.tenantId, deptIds, tx);
    await tx.update(roles).set({ dataScope: body.dataScope }).where(eq(roles.id, body.roleId));
    await tx.delete(roleDepts).where(eq(roleDepts.roleId, body.roleId));
    if (deptIds.length > 0)
      await tx.insert(roleDepts).values(deptIds.map((deptId) => ({ roleId: body.roleId, deptId })));
  });
  return true;
}

/**
 * Menus, pages and buttons the caller may hand out to a role: every one when it holds every
 * permission, otherwise those its own roles have.
 */
export async function listAssignableMenus(actor: RoleActor): Promise<MenuSimple[]> {
  const db = getDb();
  const columns = {
    id: menus.id,
    parentId: menus.parentId,
    name: menus.name,
    type: menus.type,
    permission: menus.permission,
  };
  let rows: {
    id: number;
    parentId: number;
    name: string;
    type: number;
    permission: string | null;
  }[];
  if (actor.permissions.has(ALL_PERMISSIONS)) {
    rows = await db
      .select(columns)
      .from(menus)
      .orderBy(asc(menus.parentId), asc(menus.sort), asc(menus.id));
  } else {
    const access = await loadUserAccess(actor.userId, actor.tenantId);
    rows = access.roleIds.length
      ? await db
          .selectDistinct({ ...columns, sort: menus.sort })
          .from(menus)
          .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
          .where(inArray(roleMenus.roleId, access.roleIds))
          .orderBy(asc(menus.parentId), asc(menus.sort), asc(menus.id))
      : [];
  }
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    type: r.type,
    ...(r.permission ? { permission: r.permission } : {}),
  }));
}

/**
 * The caller's data scope: the widest (lowest) of its roles in this tenant. Administrators see
 * all; ordinary employees without a role row see only their own data.
 */
export async function roleDataScope(actor: RoleActor): Promise<RoleDataScope> {
  const rows = await getDb()
    .select({ code: roles.code, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(userRoles.userId, actor.userId),
        or(isNull(roles.tenantId), eq(roles.tenantId, actor.tenantId)),
      ),
    );
  const scope = rows.length === 0 ? 5 : Math.min(...rows.map((r) => r.dataScope));
  return { dataScope: scope, roles: rows };
}
