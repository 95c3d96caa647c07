import 'server-only';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  customers,
  deletedOpportunities,
  opportunities,
  opportunityStages,
  users,
} from '@/db/schema';
import { getDb, apiError } from '@/lib/server/platform';
import { type DbOrTx, ownerScope, type OwnerScope } from '@/lib/server/identity';
import { assertActiveOwner, customerError, customersInScope } from '../customer/customer.service';
import { anyOf, idIn, nullsLast } from '../crm-query';
import { crmEntity } from '../kit/crm-entity';
import type { OpportunityStatus, StageType } from '@/lib/shared/opportunity/opportunity.constants';
import type {
  FunnelItem,
  OpportunityCreate,
  OpportunityFields,
  OpportunityFilter,
  OpportunityPageQuery,
  OpportunityUpdate,
  OpportunityView,
  Pipeline,
} from '@/lib/shared/opportunity/opportunity.contract';
import {
  ensureStages,
  opportunityError,
  stageOf,
  toStageView,
  type OpportunityActor,
} from './stage.service';

type OppRow = typeof opportunities.$inferSelect;

const o = opportunities;

/** Reads opportunities with their customer, stage and owner names; in the order of `where`. */
async function readViews(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[] = [desc(o.updatedAt), desc(o.id)],
  limit?: number,
  offset?: number,
): Promise<OpportunityView[]> {
  const q = db
    .select({
      o,
      customerName: customers.name,
      stageName: opportunityStages.name,
      owner: users.nickname,
    })
    .from(o)
    .innerJoin(customers, eq(customers.id, o.customerId))
    .innerJoin(opportunityStages, eq(opportunityStages.id, o.stageId))
    .leftJoin(users, eq(users.id, o.ownerUserId))
    .where(where)
    .orderBy(...order);
  const rows = await (limit !== undefined ? q.limit(limit).offset(offset ?? 0) : q);
  return rows.map((r) => toView(r.o, r.customerName, r.stageName, r.owner));
}

function toView(
  r: OppRow,
  customerName: string,
  stageName: string,
  owner: string | null,
): OpportunityView {
  return {
    id: r.id,
    customerId: r.customerId,
    customerName,
    name: r.name,
    amount: Number(r.amount),
    stageId: r.stageId,
    stageName,
    status: r.status as OpportunityStatus,
    probability: r.probability,
    expectedCloseDate: r.expectedCloseDate,
    lostReason: r.lostReason,
    remark: r.remark,
    ownerUserId: r.ownerUserId,
    ownerUserName: owner,
    creatorUserId: r.creatorUserId,
    closeTime: r.closedAt?.getTime() ?? null,
    createTime: r.createdAt.getTime(),
    updateTime: r.updatedAt.getTime(),
  };
}

/** The opportunity filters (the kit adds tenant and data scope; no recycle bin in place). */
function opportunityFilters(
  f: Partial<OpportunityFilter & Pick<OpportunityPageQuery, 'stageIds' | 'status'>>,
): (SQL | undefined)[] {
  const parts: (SQL | undefined)[] = [];
  if (f.customerId) parts.push(eq(o.customerId, f.customerId));
  if (f.ownerUserIds?.length) parts.push(anyOf(o.ownerUserId, f.ownerUserIds, 'bigint'));
  if (f.stageIds?.length) parts.push(anyOf(o.stageId, f.stageIds, 'bigint'));
  if (f.status?.length) parts.push(anyOf(o.status, f.status, 'text'));
  const [from, to] = f.expectedCloseDate ?? [];
  if (from) parts.push(sql`${o.expectedCloseDate} >= ${from}::date`);
  if (to) parts.push(sql`${o.expectedCloseDate} <= ${to}::date`);
  if (f.keyword) {
    const kw = f.keyword.toLowerCase();
    parts.push(
      sql`(strpos(lower(${o.name}), ${kw}) > 0 or exists (select 1 from ${customers} c where c.id = ${o.customerId} and strpos(lower(c.name), ${kw}) > 0))`,
    );
  }
  return parts;
}

function pageOrder(q: Pick<OpportunityPageQuery, 'sortField' | 'sortOrder'>): SQL[] {
  const dir = q.sortOrder === 'asc' ? asc : desc;
  switch (q.sortField) {
    case 'amount':
      return [dir(o.amount), dir(o.id)];
    case 'name':
      return [dir(o.name), dir(o.id)];
    case 'updateTime':
      return [dir(o.updatedAt), dir(o.id)];
    case 'expectedCloseDate':
      return [nullsLast(o.expectedCloseDate, q.sortOrder), dir(o.id)];
    default:
      return [dir(o.createdAt), dir(o.id)];
  }
}

/**
 * The opportunity's service skeleton (CRM kit, ADR 0196): tenant and data scope (负责人); a page
 * reads customer, stage and owner names in one query; a delete moves the row to its recycle bin.
 */
type OppQuery = OpportunityPageQuery & OpportunityFilter;

const kit = crmEntity<typeof o, OppQuery, OpportunityView>({
  table: o,
  filters: opportunityFilters,
  order: pageOrder,
  views: async (rows: OppRow[], db: DbOrTx) =>
    rows.length
      ? readViews(
          db,
          idIn(
            o.id,
            rows.map((r) => r.id),
          ),
        )
      : [],
  readPage: async (db, where, order, q) => {
    const [list, [{ total }]] = await Promise.all([
      readViews(db, where, order, q.pageSize, (q.pageNo - 1) * q.pageSize),
      db.select({ total: count() }).from(o).where(where),
    ]);
    return { list, total };
  },
  ownerInvalid: () => customerError('OWNER_INVALID'),
  discard: (tx, rows, userId) => removeOpportunities(tx, rows, userId),
});

/** Tenant, the caller's data scope (owner = 负责人), then each filter given. */
export const opportunityWhere = kit.where;
export const pageOpportunities = kit.page;

/** One opportunity of the tenant in the caller's scope (locked for a change), else 404. */
async function oppInScope(
  actor: OpportunityActor,
  scope: OwnerScope,
  id: number,
  db: DbOrTx,
  lock = false,
): Promise<OppRow> {
  const [row] = await kit.inScope(actor, scope, [id], { db, lock });
  return row;
}

async function viewOf(id: number, db: DbOrTx): Promise<OpportunityView> {
  const [view] = await readViews(db, eq(o.id, id));
  return view;
}

export async function getOpportunity(
  actor: OpportunityActor,
  id: number,
): Promise<OpportunityView> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  await oppInScope(actor, scope, id, db);
  return viewOf(id, db);
}

/**
 * Inserts an opportunity of a customer already checked to be in scope (create and
 * convert-from-clue share it, the latter inside its transaction).
 */
export async function insertOpportunity(
  actor: OpportunityActor,
  customerId: number,
  ownerUserId: number,
  body: OpportunityFields,
  db: DbOrTx,
): Promise<number> {
  const stages = await ensureStages(actor.tenantId, db);
  const stage = body.stageId
    ? stages.find((s) => s.id === body.stageId)
    : stages.find((s) => s.type === 'open');
  if (!stage) throw apiError('NOT_FOUND');
  if (stage.type !== 'open') throw opportunityError('STAGE_NOT_OPEN');
  const [row] = await db
    .insert(o)
    .values({
      tenantId: actor.tenantId,
      customerId,
      name: body.name,
      amount: body.amount,
      stageId: stage.id,
      status: 'open',
      probability: body.probability ?? stage.probability,
      expectedCloseDate: body.expectedCloseDate ?? null,
      remark: body.remark ?? null,
      ownerUserId,
      creatorUserId: actor.userId,
    })
    .returning({ id: o.id });
  return row.id;
}

export async function createOpportunity(
  actor: OpportunityActor,
  body: OpportunityCreate,
): Promise<number> {
  const db = getDb();
  const ownerUserId = body.ownerUserId ?? actor.userId;
  await assertActiveOwner(actor.tenantId, ownerUserId, db);
  const scope = await ownerScope(actor, db);
  await customersInScope(actor, scope, [body.customerId], { db });
  return insertOpportunity(actor, body.customerId, ownerUserId, body, db);
}

export async function updateOpportunity(
  actor: OpportunityActor,
  body: OpportunityUpdate,
): Promise<boolean> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  const current = await oppInScope(actor, scope, body.id, db);
  if (body.ownerUserId) await assertActiveOwner(actor.tenantId, body.ownerUserId, db);
  await db
    .update(o)
    .set({
      name: body.name,
      amount: body.amount,
      expectedCloseDate:
        body.expectedCloseDate === undefined ? current.expectedCloseDate : body.expectedCloseDate,
      probability: body.probability ?? current.probability,
      remark: body.remark === undefined ? current.remark : body.remark,
      ownerUserId: body.ownerUserId ?? current.ownerUserId,
      updatedAt: new Date(),
    })
    .where(eq(o.id, current.id));
  return true;
}

/** Deletes the rows and keeps each as it was in the recycle bin (deleted_opportunities, ADR 0183). */
export async function removeOpportunities(
  tx: DbOrTx,
  rows: OppRow[],
  userId: number,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(deletedOpportunities).values(
    rows.map((r) => ({
      id: r.id,
      tenantId: r.tenantId,
      customerId: r.customerId,
      name: r.name,
      row: r as unknown as Record<string, unknown>,
      deletedByUserId: userId,
    })),
  );
  await tx.delete(o).where(sql`${o.id} = any(${sql.param(rows.map((r) => r.id))}::bigint[])`);
}

export const deleteOpportunity = (actor: OpportunityActor, id: number) => kit.remove(actor, [id]);

/**
 * Moves an opportunity to a stage in one request: status follows the stage's type, probability
 * becomes the stage's, 输单 needs a reason, an open stage reopens a closed opportunity.
 */
export async function moveStage(
  actor: OpportunityActor,
  body: { id: number; stageId: number; lostReason?: string | null },
): Promise<OpportunityView> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  return db.transaction(async (tx) => {
    const row = await oppInScope(actor, scope, body.id, tx, true);
    const stage = await stageOf(actor.tenantId, body.stageId, tx);
    const type = stage.type as StageType;
    if (type === 'lost' && !body.lostReason) throw opportunityError('LOST_REASON_REQUIRED');
    const changed = row.stageId !== stage.id || row.status !== type;
    if (changed || (type === 'lost' && body.lostReason !== row.lostReason)) {
      await tx
        .update(o)
        .set({
          stageId: stage.id,
          status: type,
          probability: changed ? stage.probability : row.probability,
          lostReason: type === 'lost' ? body.lostReason! : null,
          closedAt: type === 'open' ? null : changed ? new Date() : row.closedAt,
          updatedAt: new Date(),
        })
        .where(eq(o.id, row.id));
    }
    return viewOf(row.id, tx);
  });
}

async function terminalStage(actor: OpportunityActor, type: 'won' | 'lost') {
  const stages = await ensureStages(actor.tenantId);
  return stages.find((s) => s.type === type)!;
}

export async function win(actor: OpportunityActor, id: number): Promise<OpportunityView> {
  const stage = await terminalStage(actor, 'won');
  return moveStage(actor, { id, stageId: stage.id });
}

export async function lose(
  actor: OpportunityActor,
  id: number,
  lostReason: string,
): Promise<OpportunityView> {
  const stage = await terminalStage(actor, 'lost');
  return moveStage(actor, { id, stageId: stage.id, lostReason });
}

/** Per stage count and amount under the filters and scope (one grouped, index-only scan). */
async function stageTotals(
  db: DbOrTx,
  where: SQL | undefined,
): Promise<Map<number, { count: number; amount: number }>> {
  const rows = await db
    .select({
      stageId: o.stageId,
      n: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${o.amount}), 0)::text`,
    })
    .from(o)
    .where(where)
    .groupBy(o.stageId);
  return new Map(rows.map((r) => [r.stageId, { count: r.n, amount: Number(r.amount) }]));
}

/**
 * The kanban: every stage in order with its count and amount total and its first `cardLimit`
 * cards (most recently updated first), in three queries whatever the number of stages.
 */
export async function pipeline(
  actor: OpportunityActor,
  q: OpportunityFilter & { cardLimit: number },
): Promise<Pipeline> {
  const db = getDb();
  const [scope, stages] = await Promise.all([
    ownerScope(actor, db),
    ensureStages(actor.tenantId, db),
  ]);
  const where = opportunityWhere(actor.tenantId, scope, q);
  const stageIds = stages.map((s) => s.id);
  const [totals, firstIds] = await Promise.all([
    stageTotals(db, where),
    db.execute<{ id: string }>(sql`
      select l.id from unnest(${sql.param(stageIds)}::bigint[]) as s(stage_id)
      cross join lateral (
        select ${o.id} as id from ${o}
        where ${where} and ${o.stageId} = s.stage_id
        order by ${o.updatedAt} desc, ${o.id} desc
        limit ${q.cardLimit}
      ) l`),
  ]);
  const ids = firstIds.rows.map((r) => Number(r.id));
  const cards = ids.length
    ? await readViews(db, sql`${o.id} = any(${sql.param(ids)}::bigint[])`)
    : [];
  const columns = stages.map((s) => ({
    stage: toStageView(s),
    count: totals.get(s.id)?.count ?? 0,
    amount: totals.get(s.id)?.amount ?? 0,
    cards: cards.filter((c) => c.stageId === s.id),
  }));
  return {
    columns,
    totalCount: columns.reduce((n, c) => n + c.count, 0),
    totalAmount: columns.reduce((n, c) => n + c.amount, 0),
  };
}

/** More cards of one pipeline column, in the pipeline's order. */
export async function pipelineStagePage(
  actor: OpportunityActor,
  q: OpportunityFilter & { stageId: number; pageNo: number; pageSize: number },
): Promise<{ list: OpportunityView[]; total: number }> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  await stageOf(actor.tenantId, q.stageId, db);
  const where = and(opportunityWhere(actor.tenantId, scope, q), eq(o.stageId, q.stageId));
  const [list, [{ total }]] = await Promise.all([
    readViews(db, where, [desc(o.updatedAt), desc(o.id)], q.pageSize, (q.pageNo - 1) * q.pageSize),
    db.select({ total: count() }).from(o).where(where),
  ]);
  return { list, total };
}

/** Count and amount of every stage in pipeline order (赢单 and 输单 last), for the funnel chart. */
export async function funnel(actor: OpportunityActor, q: OpportunityFilter): Promise<FunnelItem[]> {
  const db = getDb();
  const [scope, stages] = await Promise.all([
    ownerScope(actor, db),
    ensureStages(actor.tenantId, db),
  ]);
  const totals = await stageTotals(db, opportunityWhere(actor.tenantId, scope, q));
  return stages.map((s) => ({
    stageId: s.id,
    name: s.name,
    type: s.type as StageType,
    count: totals.get(s.id)?.count ?? 0,
    amount: totals.get(s.id)?.amount ?? 0,
  }));
}
