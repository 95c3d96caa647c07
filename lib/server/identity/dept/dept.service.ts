import 'server-only';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { departments, users } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  DEPT_MAX_COUNT,
  DEPT_MAX_DEPTH,
  type DeptCreateBody,
  type DeptUpdateBody,
  type DeptView,
} from '@/lib/shared/dept/dept.contract';
import { ApiError, apiError, type ClientInfo, getDb, audit } from '@/lib/server/platform';
import { subtreeIds } from '../data-scope/scope-union';
import type { DbOrTx } from '../user/user.repository';

export type { DeptView };

/** A member of the tenant managing its departments. */
export type DeptActor = { tenantId: number; userId: number };

type DeptRow = typeof departments.$inferSelect;

function refuse(msg: string): ApiError {
  return new ApiError(ERRORS.BAD_REQUEST.code, msg);
}

async function tenantDepts(db: DbOrTx, tenantId: number): Promise<DeptRow[]> {
  return db
    .select()
    .from(departments)
    .where(eq(departments.tenantId, tenantId))
    .orderBy(asc(departments.sort), asc(departments.id));
}

/** Levels from `id` up to the top (a top department is level 1). */
function depthOf(id: number, byId: Map<number, DeptRow>): number {
  let depth = 0;
  let cur = byId.get(id);
  while (cur && depth <= DEPT_MAX_COUNT) {
    depth += 1;
    cur = cur.parentId === 0 ? undefined : byId.get(cur.parentId);
  }
  return depth;
}

/** Levels of the subtree under `id`, itself included (a leaf is 1). */
function heightOf(id: number, rows: readonly DeptRow[]): number {
  const kids = rows.filter((r) => r.parentId === id);
  return 1 + (kids.length ? Math.max(...kids.map((k) => heightOf(k.id, rows))) : 0);
}

/**
 * The tenant's department writes run one after another (a transaction-level advisory lock per
 * tenant), so two parallel creates of one name or two crossing moves cannot both pass the checks.
 */
async function writeDepts<T>(tenantId: number, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('departments'), ${tenantId}::int)`);
    return write(tx);
  });
}

function assertSiblingNameFree(
  rows: readonly DeptRow[],
  parentId: number,
  name: string,
  exceptId?: number,
) {
  if (rows.some((r) => r.parentId === parentId && r.name === name && r.id !== exceptId))
    throw refuse(`同级部门中已存在【${name}】`);
}

/** The department tree of the tenant, flat, with direct member counts. */
export async function listDepts(tenantId: number): Promise<DeptView[]> {
  const db = getDb();
  const [rows, counts] = await Promise.all([
    tenantDepts(db, tenantId),
    db
      .select({ deptId: users.deptId, n: count() })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt)))
      .groupBy(users.deptId),
  ]);
  const byDept = new Map(counts.map((c) => [c.deptId, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    parentId: r.parentId,
    sort: r.sort,
    memberCount: byDept.get(r.id) ?? 0,
    createTime: r.createdAt.getTime(),
  }));
}

/** A department of the tenant or 404 (ids of another tenant are unknown here). */
export async function requireDept(tenantId: number, id: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.id, id), eq(departments.tenantId, tenantId)))
    .limit(1);
  if (!row) throw apiError('NOT_FOUND');
  return row;
}

/** Department ids of the tenant among `ids`; 404 when any is not one. */
export async function requireDepts(
  tenantId: number,
  ids: readonly number[],
  db: DbOrTx = getDb(),
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), inArray(departments.id, unique)));
  if (rows.length !== unique.length) throw apiError('NOT_FOUND');
  return unique;
}

/** `id` and the departments below it, when it is a department of the tenant (else 404). */
export async function deptWithChildren(
  tenantId: number,
  id: number,
  includeChildren: boolean,
): Promise<number[]> {
  const rows = await getDb()
    .select({ id: departments.id, parentId: departments.parentId })
    .from(departments)
    .where(eq(departments.tenantId, tenantId));
  if (!rows.some((r) => r.id === id)) throw apiError('NOT_FOUND');
  return includeChildren ? subtreeIds(id, rows) : [id];
}

export async function createDept(
  actor: DeptActor,
  body: DeptCreateBody,
  client: ClientInfo,
): Promise<number> {
  const id = await writeDepts(actor.tenantId, async (tx) => {
    const rows = await tenantDepts(tx, actor.tenantId);
    if (rows.length >= DEPT_MAX_COUNT) throw refuse(`部门数量已达上限（${DEPT_MAX_COUNT} 个）`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (body.parentId !== 0) {
      if (!byId.has(body.parentId)) throw apiError('NOT_FOUND');
      if (depthOf(body.parentId, byId) + 1 > DEPT_MAX_DEPTH)
        throw refuse(`部门层级最多 ${DEPT_MAX_DEPTH} 级`);
    }
    assertSiblingNameFree(rows, body.parentId, body.name);
    const [row] = await tx
      .insert(departments)
      .values({
        tenantId: actor.tenantId,
        parentId: body.parentId,
        name: body.name,
        sort: body.sort,
      })
      .returning({ id: departments.id });
    return row.id;
  });
  await audit('dept_created', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(id),
    client,
  });
  return id;
}

/** Renames, moves and re-sorts a department; never under itself or one of its descendants. */
export async function updateDept(
  actor: DeptActor,
  body: DeptUpdateBody,
  client: ClientInfo,
): Promise<true> {
  await writeDepts(actor.tenantId, async (tx) => {
    const rows = await tenantDepts(tx, actor.tenantId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (!byId.has(body.id)) throw apiError('NOT_FOUND');
    if (body.parentId !== 0) {
      if (!byId.has(body.parentId)) throw apiError('NOT_FOUND');
      if (subtreeIds(body.id, rows).includes(body.parentId))
        throw refuse('不能将部门移动到其自身或下级部门之下');
      if (depthOf(body.parentId, byId) + heightOf(body.id, rows) > DEPT_MAX_DEPTH)
        throw refuse(`部门层级最多 ${DEPT_MAX_DEPTH} 级`);
    }
    assertSiblingNameFree(rows, body.parentId, body.name, body.id);
    await tx
      .update(departments)
      .set({ name: body.name, parentId: body.parentId, sort: body.sort, updatedAt: sql`now()` })
      .where(and(eq(departments.id, body.id), eq(departments.tenantId, actor.tenantId)));
  });
  await audit('dept_updated', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(body.id),
    client,
  });
  return true;
}

/** Deletes an empty department (no members, no child departments). */
export async function deleteDept(actor: DeptActor, id: number, client: ClientInfo): Promise<true> {
  await writeDepts(actor.tenantId, async (tx) => {
    await requireDept(actor.tenantId, id, tx);
    const [kids] = await tx
      .select({ n: count() })
      .from(departments)
      .where(and(eq(departments.tenantId, actor.tenantId), eq(departments.parentId, id)));
    if (Number(kids?.n ?? 0) > 0) throw refuse('请先删除下级部门');
    const [members] = await tx
      .select({ n: count() })
      .from(users)
      .where(
        and(eq(users.tenantId, actor.tenantId), eq(users.deptId, id), isNull(users.deletedAt)),
      );
    if (Number(members?.n ?? 0) > 0) throw refuse('部门下还有成员，无法删除');
    // Members who left the tenant keep no department of it.
    await tx.update(users).set({ deptId: null }).where(eq(users.deptId, id));
    await tx.delete(departments).where(eq(departments.id, id));
  });
  await audit('dept_deleted', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(id),
    client,
  });
  return true;
}
