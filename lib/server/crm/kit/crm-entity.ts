import 'server-only';
import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { clues, customers, opportunities } from '@/db/schema';
import { getDb, type ApiError } from '@/lib/server/platform';
import { type DbOrTx, ownerScope, scopePredicate, type OwnerScope } from '@/lib/server/identity';
import {
  isActiveMember,
  isUniqueViolation,
  liveRecordOfEnterprise,
  pageRows,
  rowsInScope,
  setOwner,
  softDelete,
  undelete,
} from '../crm-query';

/*
 * The service skeleton of the CRM kit (ADR 0196). Leads, customers and opportunities read, page,
 * delete, restore and hand over their rows the same way; an entity declares only what differs
 * (its filters, order, views, words for its errors, what a delete must refuse, how it discards).
 * What the skeleton always adds, whatever the entity says: the tenant, the live / deleted split
 * and the caller's data scope on the owner (跟进人 / 负责人), in that order.
 */

/** The tables the kit serves: a row has an id, a tenant and an owner. */
export type CrmTable = typeof clues | typeof customers | typeof opportunities;
/** Tables that keep deleted rows in place (deleted_at) and one live row per company. */
export type CompanyTable = typeof clues | typeof customers;

export type CrmRow<T extends CrmTable> = T['$inferSelect'];
/** A member of a tenant acting on CRM records. */
export type CrmActor = { userId: number; tenantId: number };
/** Which rows a query reads: the recycle bin is `deleted: true`. */
export type CrmListScope = { deleted?: boolean };

export type CrmEntityDecl<T extends CrmTable, Q extends object, V> = {
  table: T;
  /** The entity's own filters of a page query (the skeleton adds tenant, bin and data scope). */
  filters: (q: Partial<Q>, live: boolean) => (SQL | undefined)[];
  /** ORDER BY of a page. */
  order: (q: Q) => SQL[];
  /** Rows as the list shows them. */
  views: (rows: CrmRow<T>[], db: DbOrTx) => Promise<V[]>;
  /** A page read with joins instead of rows then `views` (opportunities: customer and stage names). */
  readPage?: (
    db: DbOrTx,
    where: SQL | undefined,
    order: SQL[],
    q: { pageNo: number; pageSize: number },
  ) => Promise<{ list: V[]; total: number }>;
  /** The entity's refusal of an owner who is not an active member (跟进人 / 负责人). */
  ownerInvalid: () => ApiError;
  /** Refuses a delete inside its transaction (a customer with opportunities). */
  beforeDelete?: (tx: DbOrTx, actor: CrmActor, rows: CrmRow<T>[]) => Promise<void>;
  /** How deleted rows go (default: soft delete in place; opportunities move to their own bin). */
  discard?: (tx: DbOrTx, rows: CrmRow<T>[], userId: number) => Promise<void>;
  /** Brings a deleted row back (leads, customers: `perCompany(...).restore`). */
  restore?: (db: DbOrTx, tenantId: number, row: CrmRow<T>) => Promise<void>;
};

/** Whether the table keeps deleted rows in place (has deleted_at). */
function keepsDeleted(table: CrmTable): table is CompanyTable {
  return 'deletedAt' in table;
}

/**
 * The WHERE of every CRM read: tenant, live or deleted (tables that keep them), the caller's data
 * scope on the owner, then the entity's own filters. Empty filters are left out.
 */
export function recordWhere(
  table: CrmTable,
  tenantId: number,
  scope: OwnerScope,
  deleted: boolean | undefined,
  own: (SQL | undefined)[],
): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(table.tenantId, tenantId)];
  if (keepsDeleted(table))
    parts.push(deleted ? isNotNull(table.deletedAt) : isNull(table.deletedAt));
  parts.push(scopePredicate(table.ownerUserId, scope), ...own);
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

/** The service every CRM entity gets from its declaration. */
export function crmEntity<T extends CrmTable, Q extends object, V>(decl: CrmEntityDecl<T, Q, V>) {
  const t: CrmTable = decl.table;

  /** Tenant, live or deleted (tables that keep them), the data scope, then the entity's filters. */
  function where(tenantId: number, scope: OwnerScope, q: Partial<Q>): SQL | undefined {
    const { deleted } = q as CrmListScope;
    return recordWhere(t, tenantId, scope, deleted, decl.filters(q, !deleted));
  }

  /**
   * Rows by id for a read or a change: each must exist in the tenant, be live (or deleted, for
   * restore) and lie in the caller's scope, else 404 for the whole call.
   */
  function inScope(
    actor: CrmActor,
    scope: OwnerScope,
    ids: number[],
    opts: { deleted?: boolean; db?: DbOrTx; lock?: boolean } = {},
  ): Promise<CrmRow<T>[]> {
    const w = recordWhere(t, actor.tenantId, scope, opts.deleted, []);
    return rowsInScope(opts.db ?? getDb(), decl.table, w, ids, opts.lock);
  }

  /** One page under the caller's scope and the query's filters, and how many match. */
  async function page(actor: CrmActor, q: Q): Promise<{ list: V[]; total: number }> {
    const db = getDb();
    const scope = await ownerScope(actor, db);
    const w = where(actor.tenantId, scope, q);
    const p = q as Q & { pageNo: number; pageSize: number };
    if (decl.readPage) return decl.readPage(db, w, decl.order(q), p);
    const { rows, total } = await pageRows(db, decl.table, w, decl.order(q), p);
    return { list: await decl.views(rows, db), total };
  }

  /** One record as the list shows it; 404 outside the caller's scope. */
  async function get(actor: CrmActor, id: number): Promise<V> {
    const db = getDb();
    const scope = await ownerScope(actor, db);
    const [row] = await inScope(actor, scope, [id], { db });
    const [view] = await decl.views([row], db);
    return view;
  }

  /** Delete, all or nothing, of records in the caller's scope (soft unless the entity discards). */
  async function remove(actor: CrmActor, ids: number[]): Promise<boolean> {
    const db = getDb();
    const scope = await ownerScope(actor, db);
    await db.transaction(async (tx) => {
      const rows = await inScope(actor, scope, ids, { db: tx, lock: true });
      await decl.beforeDelete?.(tx, actor, rows);
      if (decl.discard) await decl.discard(tx, rows, actor.userId);
      else if (keepsDeleted(t))
        await softDelete(
          tx,
          t,
          rows.map((r) => r.id),
          actor.userId,
        );
    });
    return true;
  }

  /** The owner (跟进人 / 负责人): an active member of the tenant (not disabled, not removed). */
  async function assertActiveOwner(
    tenantId: number,
    userId: number,
    db: DbOrTx = getDb(),
  ): Promise<void> {
    if (!(await isActiveMember(tenantId, userId, db))) throw decl.ownerInvalid();
  }

  /** Bulk hand-over to `ownerUserId`: every record in the caller's scope; the new one active. */
  async function assignOwner(
    actor: CrmActor,
    ids: number[],
    ownerUserId: number,
  ): Promise<boolean> {
    const db = getDb();
    await assertActiveOwner(actor.tenantId, ownerUserId, db);
    const scope = await ownerScope(actor, db);
    await db.transaction(async (tx) => {
      const rows = await inScope(actor, scope, ids, { db: tx, lock: true });
      await setOwner(
        tx,
        t,
        rows.map((r) => r.id),
        ownerUserId,
      );
    });
    return true;
  }

  /** Restore from the recycle bin: the deleted record must lie in the caller's scope. */
  async function restore(actor: CrmActor, id: number): Promise<boolean> {
    if (!decl.restore) throw new Error('this CRM entity has no restore');
    const db = getDb();
    const scope = await ownerScope(actor, db);
    const [row] = await inScope(actor, scope, [id], { deleted: true, db });
    await decl.restore(db, actor.tenantId, row);
    return true;
  }

  return { where, inScope, page, get, remove, restore, assertActiveOwner, assignOwner };
}

/** The record of a company that blocks another: its id, name and owner's name. */
export type LiveRecord = { id: number; name: string; owner: string };

/**
 * One live record per company in a tenant (leads, customers): the lookup, the check before a
 * write and again when a racing write loses to the unique index, and restore from the bin.
 */
export function perCompany<T extends CompanyTable>(
  table: T,
  /** The entity's own error for a company that has a live record already (its key names which). */
  error: (key: 'ENTERPRISE_EXISTS' | 'RESTORE_CONFLICT', record: LiveRecord) => ApiError,
) {
  /** The live record of a company in the tenant, if any (other than `exceptId`). */
  const liveOf = (tenantId: number, enterpriseId: number, db: DbOrTx, exceptId?: number) =>
    liveRecordOfEnterprise(table, tenantId, enterpriseId, db, exceptId);

  async function assertFree(
    tenantId: number,
    enterpriseId: number,
    db: DbOrTx,
    exceptId?: number,
  ): Promise<void> {
    const existing = await liveOf(tenantId, enterpriseId, db, exceptId);
    if (existing) throw error('ENTERPRISE_EXISTS', existing);
  }

  /**
   * Runs a write of a record linked to `enterpriseId` (none: no check): refused first when the
   * company has another live record, and again with that error when two writes raced and the
   * partial unique index let only one through.
   */
  async function guardedWrite<R>(
    tenantId: number,
    enterpriseId: number | null | undefined,
    db: DbOrTx,
    exceptId: number | undefined,
    write: () => Promise<R>,
  ): Promise<R> {
    if (enterpriseId) await assertFree(tenantId, enterpriseId, db, exceptId);
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err) && enterpriseId)
        await assertFree(tenantId, enterpriseId, db, exceptId);
      throw err;
    }
  }

  /** Brings a deleted record back, unless its company has a live record again. */
  async function restore(
    db: DbOrTx,
    tenantId: number,
    row: { id: number; enterpriseId: number | null },
  ): Promise<void> {
    await undelete(db, table, row.id, async () => {
      if (!row.enterpriseId) return;
      const existing = await liveOf(tenantId, row.enterpriseId, db);
      if (existing) throw error('RESTORE_CONFLICT', existing);
    });
  }

  return { liveOf, assertFree, guardedWrite, restore };
}
