import 'server-only';
import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import { savedListViews, users } from '@/db/schema';
import { getDb, ApiError, apiError } from '@/lib/server/platform';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  SAVED_VIEW_LIMIT,
  type SavedViewListKey,
} from '@/lib/shared/saved-view/saved-view.constants';
import { parseViewState } from '@/lib/shared/saved-view/saved-view.state';
import type { SavedViewErrorKey } from '@/lib/shared/saved-view/saved-view.errors';
import type {
  SavedView,
  SavedViewCreate,
  SavedViewUpdate,
} from '@/lib/shared/saved-view/saved-view.contract';

/** A member of a tenant acting on their views. */
export type ViewActor = { userId: number; tenantId: number };

type Row = typeof savedListViews.$inferSelect;

function viewError(key: SavedViewErrorKey, params?: Record<string, string | number>): ApiError {
  return apiError(`SAVED_VIEW_${key}`, params);
}

function validState(listKey: string, state: unknown): unknown {
  const r = parseViewState(listKey as SavedViewListKey, state);
  if (!r.ok) throw new ApiError(ERRORS.BAD_REQUEST.code, r.message);
  return r.state;
}

function isUniqueViolation(err: unknown, index: string): boolean {
  const e = err as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && constraint === index;
}

/** Own views and colleagues' shared views of one list: own first (default first), then by name. */
export async function listViews(actor: ViewActor, listKey: SavedViewListKey): Promise<SavedView[]> {
  const rows = await getDb()
    .select({ v: savedListViews, ownerName: users.nickname })
    .from(savedListViews)
    .leftJoin(users, eq(users.id, savedListViews.userId))
    .where(
      and(
        eq(savedListViews.tenantId, actor.tenantId),
        eq(savedListViews.listKey, listKey),
        or(eq(savedListViews.userId, actor.userId), eq(savedListViews.shared, true)),
      ),
    )
    .orderBy(
      desc(sql`${savedListViews.userId} = ${actor.userId}`),
      desc(savedListViews.isDefault),
      asc(savedListViews.name),
      asc(savedListViews.id),
    );
  return rows.map(({ v, ownerName }) => toView(v, ownerName, actor));
}

function toView(v: Row, ownerName: string | null, actor: ViewActor): SavedView {
  const mine = v.userId === actor.userId;
  return {
    id: v.id,
    listKey: v.listKey,
    name: v.name,
    state: v.state,
    shared: v.shared,
    // Another member's default is theirs, not the caller's.
    isDefault: mine && v.isDefault,
    mine,
    ownerName,
    createTime: v.createdAt.getTime(),
    updateTime: v.updatedAt.getTime(),
  };
}

/**
 * A view the caller may change: in the tenant and their own. A colleague's shared view is
 * refused with NOT_OWNER; anything else (other tenant, not shared, no such id) is 404.
 */
async function ownView(actor: ViewActor, id: number): Promise<Row> {
  const [row] = await getDb()
    .select()
    .from(savedListViews)
    .where(and(eq(savedListViews.id, id), eq(savedListViews.tenantId, actor.tenantId)))
    .limit(1);
  if (!row || (row.userId !== actor.userId && !row.shared)) throw apiError('NOT_FOUND');
  if (row.userId !== actor.userId) throw viewError('NOT_OWNER');
  return row;
}

/**
 * Saves a view. The count (at most SAVED_VIEW_LIMIT per member and list) is checked under a
 * transaction-scoped advisory lock of the member and list, so two saves at once cannot pass it.
 */
export async function createView(actor: ViewActor, body: SavedViewCreate): Promise<number> {
  const state = validState(body.listKey, body.state);
  const db = getDb();
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`saved_list_views:${actor.userId}:${body.listKey}`}))`,
      );
      const mine = and(
        eq(savedListViews.tenantId, actor.tenantId),
        eq(savedListViews.userId, actor.userId),
        eq(savedListViews.listKey, body.listKey),
      );
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(savedListViews)
        .where(mine);
      if (n >= SAVED_VIEW_LIMIT) throw viewError('LIMIT', { max: SAVED_VIEW_LIMIT });
      if (body.isDefault)
        await tx
          .update(savedListViews)
          .set({ isDefault: false })
          .where(and(mine, eq(savedListViews.isDefault, true)));
      const [row] = await tx
        .insert(savedListViews)
        .values({
          tenantId: actor.tenantId,
          userId: actor.userId,
          listKey: body.listKey,
          name: body.name,
          state,
          shared: body.shared,
          isDefault: body.isDefault,
        })
        .returning({ id: savedListViews.id });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'saved_list_views_name_uq'))
      throw viewError('NAME_EXISTS', { name: body.name });
    throw err;
  }
}

/** Rename, overwrite the state, share or unshare one of the caller's views. */
export async function updateView(actor: ViewActor, body: SavedViewUpdate): Promise<boolean> {
  const row = await ownView(actor, body.id);
  const set: Partial<typeof savedListViews.$inferInsert> = { updatedAt: new Date() };
  if (body.name !== undefined) set.name = body.name;
  if (body.state !== undefined) set.state = validState(row.listKey, body.state);
  if (body.shared !== undefined) set.shared = body.shared;
  try {
    await getDb().update(savedListViews).set(set).where(eq(savedListViews.id, row.id));
  } catch (err) {
    if (isUniqueViolation(err, 'saved_list_views_name_uq'))
      throw viewError('NAME_EXISTS', { name: body.name ?? row.name });
    throw err;
  }
  return true;
}

export async function deleteView(actor: ViewActor, id: number): Promise<boolean> {
  const row = await ownView(actor, id);
  await getDb().delete(savedListViews).where(eq(savedListViews.id, row.id));
  return true;
}

/** Makes one of the caller's views their default of its list (the previous one stops being it). */
export async function setDefaultView(
  actor: ViewActor,
  listKey: SavedViewListKey,
  id: number | null,
): Promise<boolean> {
  const row = id === null ? null : await ownView(actor, id);
  if (row && row.listKey !== listKey) throw apiError('NOT_FOUND');
  const mine = and(
    eq(savedListViews.tenantId, actor.tenantId),
    eq(savedListViews.userId, actor.userId),
    eq(savedListViews.listKey, listKey),
  );
  await getDb().transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`saved_list_views:${actor.userId}:${listKey}`}))`,
    );
    await tx
      .update(savedListViews)
      .set({ isDefault: false })
      .where(
        and(
          mine,
          eq(savedListViews.isDefault, true),
          row ? ne(savedListViews.id, row.id) : undefined,
        ),
      );
    if (row)
      await tx.update(savedListViews).set({ isDefault: true }).where(eq(savedListViews.id, row.id));
  });
  return true;
}
