import 'server-only';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { opportunities, opportunityStages } from '@/db/schema';
import { getDb, ApiError, apiError } from '@/lib/server/platform';
import { isUniqueViolation } from '../crm-query';
import { type DbOrTx } from '@/lib/server/identity';
import {
  DEFAULT_STAGES,
  LOST_STAGE,
  STAGES_MAX,
  WON_STAGE,
  type StageType,
} from '@/lib/shared/opportunity/opportunity.constants';
import { type OpportunityErrorKey } from '@/lib/shared/opportunity/opportunity.errors';
import type { StageView } from '@/lib/shared/opportunity/opportunity.contract';

/** A member of a tenant acting on opportunities. */
export type OpportunityActor = { userId: number; tenantId: number };

type StageRow = typeof opportunityStages.$inferSelect;

export function opportunityError(
  key: OpportunityErrorKey,
  params?: Record<string, string | number>,
): ApiError {
  return apiError(`OPPORTUNITY_${key}`, params);
}

/** Terminal stages sort after every open one. */
const TERMINAL_SORT: Record<Exclude<StageType, 'open'>, number> = { won: 10_000, lost: 10_001 };

export function toStageView(r: StageRow): StageView {
  return {
    id: r.id,
    name: r.name,
    type: r.type as StageType,
    probability: r.probability,
    sort: r.sort,
  };
}

async function readStages(tenantId: number, db: DbOrTx): Promise<StageRow[]> {
  return db
    .select()
    .from(opportunityStages)
    .where(eq(opportunityStages.tenantId, tenantId))
    .orderBy(asc(opportunityStages.sort), asc(opportunityStages.id));
}

/**
 * The tenant's stages in order, created with the default pipeline (four open stages, 赢单, 输单) on
 * first use. Two first calls at once serialise on a per-tenant advisory lock.
 */
export async function ensureStages(tenantId: number, db: DbOrTx = getDb()): Promise<StageRow[]> {
  const rows = await readStages(tenantId, db);
  if (rows.length > 0) return rows;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('opportunity_stages'), ${tenantId})`,
    );
    const again = await readStages(tenantId, tx);
    if (again.length > 0) return again;
    await tx.insert(opportunityStages).values([
      ...DEFAULT_STAGES.map((s, i) => ({
        tenantId,
        name: s.name,
        type: 'open',
        probability: s.probability,
        sort: i + 1,
      })),
      { tenantId, name: WON_STAGE.name, type: 'won', probability: 100, sort: TERMINAL_SORT.won },
      { tenantId, name: LOST_STAGE.name, type: 'lost', probability: 0, sort: TERMINAL_SORT.lost },
    ]);
    return readStages(tenantId, tx);
  });
}

export async function listStages(actor: OpportunityActor): Promise<StageView[]> {
  return (await ensureStages(actor.tenantId)).map(toStageView);
}

/** A stage of the tenant, or 404. */
export async function stageOf(
  tenantId: number,
  id: number,
  db: DbOrTx = getDb(),
): Promise<StageRow> {
  const [row] = await db
    .select()
    .from(opportunityStages)
    .where(and(eq(opportunityStages.tenantId, tenantId), eq(opportunityStages.id, id)));
  if (!row) throw apiError('NOT_FOUND');
  return row;
}

async function assertNameFree(tenantId: number, name: string, db: DbOrTx, exceptId?: number) {
  const [row] = await db
    .select({ id: opportunityStages.id })
    .from(opportunityStages)
    .where(
      and(
        eq(opportunityStages.tenantId, tenantId),
        eq(opportunityStages.name, name),
        exceptId ? sql`${opportunityStages.id} <> ${exceptId}` : undefined,
      ),
    );
  if (row) throw opportunityError('STAGE_NAME_EXISTS', { name });
}

/** A new open stage, after the last open one. */
export async function createStage(
  actor: OpportunityActor,
  body: { name: string; probability: number },
): Promise<number> {
  const db = getDb();
  const stages = await ensureStages(actor.tenantId, db);
  const open = stages.filter((s) => s.type === 'open');
  if (open.length >= STAGES_MAX) throw opportunityError('STAGES_TOO_MANY', { max: STAGES_MAX });
  await assertNameFree(actor.tenantId, body.name, db);
  try {
    const [row] = await db
      .insert(opportunityStages)
      .values({
        tenantId: actor.tenantId,
        name: body.name,
        type: 'open',
        probability: body.probability,
        sort: Math.max(0, ...open.map((s) => s.sort)) + 1,
      })
      .returning({ id: opportunityStages.id });
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw opportunityError('STAGE_NAME_EXISTS', { name: body.name });
    throw err;
  }
}

/** Rename (and for open stages change the default probability). */
export async function updateStage(
  actor: OpportunityActor,
  body: { id: number; name: string; probability?: number | null },
): Promise<boolean> {
  const db = getDb();
  const stage = await stageOf(actor.tenantId, body.id, db);
  await assertNameFree(actor.tenantId, body.name, db, stage.id);
  try {
    await db
      .update(opportunityStages)
      .set({
        name: body.name,
        probability:
          stage.type === 'open' && body.probability != null ? body.probability : stage.probability,
        updatedAt: new Date(),
      })
      .where(eq(opportunityStages.id, stage.id));
  } catch (err) {
    if (isUniqueViolation(err)) throw opportunityError('STAGE_NAME_EXISTS', { name: body.name });
    throw err;
  }
  return true;
}

/** `ids`: every open stage of the tenant, in the new order (terminal stages stay last). */
export async function reorderStages(actor: OpportunityActor, ids: number[]): Promise<StageView[]> {
  const db = getDb();
  await ensureStages(actor.tenantId, db);
  return db.transaction(async (tx) => {
    const stages = await tx
      .select()
      .from(opportunityStages)
      .where(eq(opportunityStages.tenantId, actor.tenantId))
      .for('update');
    const byId = new Map(stages.map((s) => [s.id, s]));
    if (ids.some((id) => !byId.has(id))) throw apiError('NOT_FOUND');
    if (ids.some((id) => byId.get(id)!.type !== 'open')) throw opportunityError('STAGE_TERMINAL');
    const open = stages.filter((s) => s.type === 'open');
    if (new Set(ids).size !== ids.length || ids.length !== open.length)
      throw opportunityError('STAGE_ORDER_MISMATCH');
    await tx.execute(sql`
      update ${opportunityStages} s set sort = o.ord, updated_at = now()
      from unnest(${sql.param(ids)}::bigint[]) with ordinality as o(id, ord)
      where s.id = o.id and s.tenant_id = ${actor.tenantId}`);
    return (await readStages(actor.tenantId, tx)).map(toStageView);
  });
}

/** Delete an open stage: refused while it holds opportunities, or when it is the last open one. */
export async function deleteStage(actor: OpportunityActor, id: number): Promise<boolean> {
  const db = getDb();
  return db.transaction(async (tx) => {
    const stages = await tx
      .select()
      .from(opportunityStages)
      .where(eq(opportunityStages.tenantId, actor.tenantId))
      .for('update');
    const stage = stages.find((s) => s.id === id);
    if (!stage) throw apiError('NOT_FOUND');
    if (stage.type !== 'open') throw opportunityError('STAGE_TERMINAL');
    if (stages.filter((s) => s.type === 'open').length <= 1) throw opportunityError('STAGE_LAST');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(opportunities)
      .where(and(eq(opportunities.tenantId, actor.tenantId), eq(opportunities.stageId, id)));
    if (n > 0) throw opportunityError('STAGE_IN_USE', { name: stage.name, n });
    // A card moved in meanwhile holds the stage through its foreign key: the delete fails (23503).
    await tx.delete(opportunityStages).where(eq(opportunityStages.id, id));
    return true;
  });
}
