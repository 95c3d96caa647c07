import 'server-only';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  clueFollowUps,
  clues,
  customerFollowUps,
  customers,
  deletedOpportunities,
  opportunities,
  opportunityStages,
  tenantDataSettings,
} from '@/db/schema';
import { apiError, getDb, type Periodic, startPeriodic } from '@/lib/server/platform';
import type { DbOrTx } from '@/lib/server/identity';
import { formatMessage } from '@/lib/shared/api/error-codes';
import {
  DATA_MESSAGES as M,
  RETENTION_DAYS_DEFAULT,
  type DataEntity,
} from '@/lib/shared/data-management/data-management.constants';
import type {
  BulkResult,
  DataOverview,
  DataRecord,
  DataRecordsQuery,
} from '@/lib/shared/data-management/data-management.contract';
import { isUniqueViolation, liveRecordOfEnterprise, softDelete, userNames } from '../crm-query';
import { removeOpportunities } from '../opportunity/opportunity.service';

/** A tenant administrator acting on the tenant's data (the whole tenant, not a data scope). */
export type DataActor = { userId: number; tenantId: number };

const DAY = 86_400_000;
const ms = (d: Date | null) => (d ? d.getTime() : null);
const idIn = (col: AnyPgColumn, ids: number[]) => sql`${col} = any(${sql.param(ids)}::bigint[])`;

export async function retentionDays(tenantId: number, db: DbOrTx = getDb()): Promise<number> {
  const [row] = await db
    .select({ days: tenantDataSettings.recycleRetentionDays })
    .from(tenantDataSettings)
    .where(eq(tenantDataSettings.tenantId, tenantId));
  return row?.days ?? RETENTION_DAYS_DEFAULT;
}

export async function setRetentionDays(actor: DataActor, days: number): Promise<boolean> {
  await getDb()
    .insert(tenantDataSettings)
    .values({ tenantId: actor.tenantId, recycleRetentionDays: days })
    .onConflictDoUpdate({
      target: tenantDataSettings.tenantId,
      set: { recycleRetentionDays: days, updatedAt: new Date() },
    });
  return true;
}

export async function overview(actor: DataActor): Promise<DataOverview> {
  const db = getDb();
  const t = actor.tenantId;
  const split = async (table: typeof clues | typeof customers) => {
    const [r] = await db
      .select({
        live: sql<number>`count(*) filter (where ${table.deletedAt} is null)::int`,
        deleted: sql<number>`count(*) filter (where ${table.deletedAt} is not null)::int`,
      })
      .from(table)
      .where(eq(table.tenantId, t));
    return { live: r?.live ?? 0, deleted: r?.deleted ?? 0 };
  };
  const [[opp], [binOpp], [f1], [f2]] = await Promise.all([
    db.select({ n: count() }).from(opportunities).where(eq(opportunities.tenantId, t)),
    db
      .select({ n: count() })
      .from(deletedOpportunities)
      .where(eq(deletedOpportunities.tenantId, t)),
    db.select({ n: count() }).from(clueFollowUps).where(eq(clueFollowUps.tenantId, t)),
    db.select({ n: count() }).from(customerFollowUps).where(eq(customerFollowUps.tenantId, t)),
  ]);
  return {
    clue: await split(clues),
    customer: await split(customers),
    opportunity: { live: opp.n, deleted: binOpp.n },
    followUps: f1.n + f2.n,
    retentionDays: await retentionDays(t, db),
  };
}

/** Live records or the recycle bin of one entity, newest (or last deleted) first. */
export async function recordPage(
  actor: DataActor,
  q: DataRecordsQuery,
): Promise<{ list: DataRecord[]; total: number }> {
  const db = getDb();
  const days = await retentionDays(actor.tenantId, db);
  const offset = (q.pageNo - 1) * q.pageSize;
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  type Raw = {
    id: number;
    name: string;
    ownerUserId: number | null;
    createdAt: Date;
    deletedAt: Date | null;
    deletedByUserId: number | null;
  };
  let rows: Raw[];
  let total: number;
  if (q.entity === 'opportunity') {
    if (q.deleted) {
      const d = deletedOpportunities;
      const where = and(
        eq(d.tenantId, actor.tenantId),
        like ? sql`${d.name} ilike ${like}` : undefined,
      );
      [{ n: total }] = await db.select({ n: count() }).from(d).where(where);
      const got = await db
        .select()
        .from(d)
        .where(where)
        .orderBy(desc(d.deletedAt), desc(d.id))
        .limit(q.pageSize)
        .offset(offset);
      rows = got.map((r) => ({
        id: r.id,
        name: r.name,
        ownerUserId: Number(r.row.ownerUserId) || null,
        createdAt: new Date(String(r.row.createdAt)),
        deletedAt: r.deletedAt,
        deletedByUserId: r.deletedByUserId,
      }));
    } else {
      const o = opportunities;
      const where = and(
        eq(o.tenantId, actor.tenantId),
        like ? sql`${o.name} ilike ${like}` : undefined,
      );
      [{ n: total }] = await db.select({ n: count() }).from(o).where(where);
      const got = await db
        .select()
        .from(o)
        .where(where)
        .orderBy(desc(o.createdAt), desc(o.id))
        .limit(q.pageSize)
        .offset(offset);
      rows = got.map((r) => ({ ...r, deletedAt: null, deletedByUserId: null }));
    }
  } else {
    const table = q.entity === 'clue' ? clues : customers;
    const where = and(
      eq(table.tenantId, actor.tenantId),
      q.deleted ? isNotNull(table.deletedAt) : isNull(table.deletedAt),
      like ? sql`${table.name} ilike ${like}` : undefined,
    );
    [{ n: total }] = await db.select({ n: count() }).from(table).where(where);
    rows = await db
      .select({
        id: table.id,
        name: table.name,
        ownerUserId: table.ownerUserId,
        createdAt: table.createdAt,
        deletedAt: table.deletedAt,
        deletedByUserId: table.deletedByUserId,
      })
      .from(table)
      .where(where)
      .orderBy(q.deleted ? desc(table.deletedAt) : desc(table.createdAt), desc(table.id))
      .limit(q.pageSize)
      .offset(offset);
  }
  const names = await userNames(
    rows.flatMap((r) => [r.ownerUserId ?? 0, r.deletedByUserId ?? 0]).filter((x) => x > 0),
    db,
  );
  return {
    total,
    list: rows.map((r) => ({
      entity: q.entity,
      id: r.id,
      name: r.name,
      ownerName: r.ownerUserId ? (names.get(r.ownerUserId) ?? null) : null,
      createTime: r.createdAt.getTime(),
      deleteTime: ms(r.deletedAt),
      deletedByName: r.deletedByUserId ? (names.get(r.deletedByUserId) ?? null) : null,
      purgeTime: r.deletedAt ? r.deletedAt.getTime() + days * DAY : null,
    })),
  };
}

/** Moves live records of the tenant to the recycle bin: all of them, or none (404 / a reason). */
export async function bulkDelete(
  actor: DataActor,
  entity: DataEntity,
  ids: number[],
): Promise<BulkResult> {
  const db = getDb();
  return db.transaction(async (tx) => {
    if (entity === 'opportunity') {
      const rows = await tx
        .select()
        .from(opportunities)
        .where(and(eq(opportunities.tenantId, actor.tenantId), idIn(opportunities.id, ids)))
        .for('update');
      if (rows.length !== new Set(ids).size) throw apiError('NOT_FOUND');
      await removeOpportunities(tx, rows, actor.userId);
      return { done: rows.length, failed: [] };
    }
    const table = entity === 'clue' ? clues : customers;
    const rows = await tx
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(eq(table.tenantId, actor.tenantId), isNull(table.deletedAt), idIn(table.id, ids)))
      .for('update');
    if (rows.length !== new Set(ids).size) throw apiError('NOT_FOUND');
    if (entity === 'customer') {
      // As on the customer list: a customer with opportunities is refused (delete those first).
      const [held] = await tx
        .select({ customerId: opportunities.customerId, n: count() })
        .from(opportunities)
        .where(and(eq(opportunities.tenantId, actor.tenantId), idIn(opportunities.customerId, ids)))
        .groupBy(opportunities.customerId)
        .limit(1);
      if (held) {
        const name = rows.find((r) => r.id === held.customerId)?.name ?? '';
        throw apiError('CUSTOMER_HAS_OPPORTUNITIES', { name, n: held.n });
      }
    }
    await softDelete(
      tx,
      table,
      rows.map((r) => r.id),
      actor.userId,
    );
    return { done: rows.length, failed: [] };
  });
}

/** Why one record cannot come back, or null; then brings it back. */
async function restoreOne(
  actor: DataActor,
  entity: DataEntity,
  id: number,
): Promise<{ name: string; reason: string | null }> {
  const db = getDb();
  if (entity === 'opportunity') {
    return db.transaction(async (tx) => {
      const [bin] = await tx
        .select()
        .from(deletedOpportunities)
        .where(
          and(eq(deletedOpportunities.tenantId, actor.tenantId), eq(deletedOpportunities.id, id)),
        )
        .for('update');
      if (!bin) return { name: String(id), reason: M.notInBin };
      const [customer] = await tx
        .select({ name: customers.name, deletedAt: customers.deletedAt })
        .from(customers)
        .where(and(eq(customers.tenantId, actor.tenantId), eq(customers.id, bin.customerId)));
      if (!customer || customer.deletedAt)
        return {
          name: bin.name,
          reason: formatMessage(M.customerGone, { name: customer?.name ?? '' }),
        };
      const r = bin.row;
      const [stage] = await tx
        .select({ id: opportunityStages.id })
        .from(opportunityStages)
        .where(
          and(
            eq(opportunityStages.tenantId, actor.tenantId),
            eq(opportunityStages.id, Number(r.stageId)),
          ),
        );
      if (!stage) return { name: bin.name, reason: M.stageGone };
      const date = (v: unknown) => (v ? new Date(String(v)) : null);
      await tx.insert(opportunities).values({
        ...(r as unknown as typeof opportunities.$inferInsert),
        closedAt: date(r.closedAt),
        createdAt: date(r.createdAt) ?? new Date(),
        updatedAt: new Date(),
      });
      await tx.delete(deletedOpportunities).where(eq(deletedOpportunities.id, bin.id));
      return { name: bin.name, reason: null };
    });
  }
  const table = entity === 'clue' ? clues : customers;
  const [row] = await db
    .select({ id: table.id, name: table.name, enterpriseId: table.enterpriseId })
    .from(table)
    .where(and(eq(table.tenantId, actor.tenantId), eq(table.id, id), isNotNull(table.deletedAt)));
  if (!row) return { name: String(id), reason: M.notInBin };
  const conflict = async () =>
    row.enterpriseId
      ? liveRecordOfEnterprise(table, actor.tenantId, row.enterpriseId, db)
      : Promise.resolve(null);
  const taken = await conflict();
  const refusal = (name: string) =>
    apiError(entity === 'clue' ? 'CLUE_RESTORE_CONFLICT' : 'CUSTOMER_RESTORE_CONFLICT', {
      name,
    }).message;
  if (taken) return { name: row.name, reason: refusal(taken.name) };
  try {
    await db
      .update(table)
      .set({ deletedAt: null, deletedByUserId: null, updatedAt: new Date() })
      .where(and(eq(table.id, row.id), isNotNull(table.deletedAt)));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return { name: row.name, reason: refusal((await conflict())?.name ?? '') };
  }
  return { name: row.name, reason: null };
}

/** Restores each record it can; the others come back with their reason. */
export async function bulkRestore(
  actor: DataActor,
  entity: DataEntity,
  ids: number[],
): Promise<BulkResult> {
  const result: BulkResult = { done: 0, failed: [] };
  for (const id of [...new Set(ids)]) {
    const r = await restoreOne(actor, entity, id);
    if (r.reason) result.failed.push({ id, name: r.name, reason: r.reason });
    else result.done += 1;
  }
  return result;
}

/** Removes records of the recycle bin for good. */
export async function purge(
  actor: DataActor,
  entity: DataEntity,
  ids: number[],
): Promise<BulkResult> {
  const db = getDb();
  if (entity === 'opportunity') {
    const gone = await db
      .delete(deletedOpportunities)
      .where(
        and(eq(deletedOpportunities.tenantId, actor.tenantId), idIn(deletedOpportunities.id, ids)),
      )
      .returning({ id: deletedOpportunities.id });
    return { done: gone.length, failed: [] };
  }
  const table = entity === 'clue' ? clues : customers;
  const gone = await db
    .delete(table)
    .where(and(eq(table.tenantId, actor.tenantId), isNotNull(table.deletedAt), idIn(table.id, ids)))
    .returning({ id: table.id });
  return { done: gone.length, failed: [] };
}

/**
 * The purge job: records deleted longer ago than their tenant's retention go for good (follow-ups
 * with them). Returns how many rows went.
 */
export async function purgeExpired(now = new Date()): Promise<number> {
  const db = getDb();
  let n = 0;
  for (const t of ['clues', 'customers', 'deleted_opportunities']) {
    const r = await db.execute(
      sql`delete from ${sql.identifier(t)} x where x.deleted_at is not null and x.deleted_at < ${now.toISOString()}::timestamptz - make_interval(days => coalesce((select s.recycle_retention_days from tenant_data_settings s where s.tenant_id = x.tenant_id), ${RETENTION_DAYS_DEFAULT}))`,
    );
    n += r.rowCount ?? 0;
  }
  return n;
}

/** For server.ts: purges the recycle bins once an hour (safe on many instances). */
export function startRecyclePurgeSchedule(opts: { everyMs?: number } = {}): Periodic {
  return startPeriodic({
    part: 'data-management',
    what: 'recycle purge',
    run: () => purgeExpired(),
    firstAfterMs: 60_000,
    everyMs: opts.everyMs ?? 3600_000,
  });
}
