import 'server-only';
import {
  and,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { clues, customers, opportunities, users } from '@/db/schema';
import { type DbOrTx } from '@/lib/server/identity';
import { apiError } from '@/lib/server/platform';

/*
 * Query pieces the CRM services (leads, customers, opportunities) share: member names, the
 * 负责人 / 跟进人 check, the one-live-record-per-company lookup, the search_doc keyword, time
 * ranges, sort orders and the unique-violation test.
 */

/** Nicknames of the users `ids` (repeats and an empty list are fine). */
export async function userNames(ids: number[], db: DbOrTx): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

/** Whether `userId` is an active member of the tenant (not disabled, not removed). */
export async function isActiveMember(
  tenantId: number,
  userId: number,
  db: DbOrTx,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.tenantId, tenantId),
        eq(users.status, 0),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return !!row;
}

/** A unique index refused the row (PostgreSQL 23505, bare or wrapped by the driver). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** A table holding at most one live record per company in a tenant (leads, customers). */
type PerCompanyTable = typeof clues | typeof customers;
/** A table of CRM records with an id, a tenant and an owner (the CRM kit's entities). */
type RecordTable = PerCompanyTable | typeof opportunities;

/** The live record of a company in the tenant, if any (other than `exceptId`), with its owner. */
export async function liveRecordOfEnterprise(
  table: PerCompanyTable,
  tenantId: number,
  enterpriseId: number,
  db: DbOrTx,
  exceptId?: number,
): Promise<{ id: number; name: string; owner: string } | null> {
  const [row] = await db
    .select({ id: table.id, name: table.name, owner: users.nickname })
    .from(table)
    .leftJoin(users, eq(users.id, table.ownerUserId))
    .where(
      and(
        eq(table.tenantId, tenantId),
        eq(table.enterpriseId, enterpriseId),
        isNull(table.deletedAt),
        exceptId ? sql`${table.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row ? { id: row.id, name: row.name, owner: row.owner ?? '-' } : null;
}

/**
 * What the keyword compares on both sides, as lr_search_norm does in SQL: lower case, without
 * whitespace and punctuation. Only its length is used here (1 character: no bigram to look up).
 */
export function normalisedLength(keyword: string): number {
  return keyword.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '').length;
}

/**
 * The keyword over a search_doc column. The bigram GIN index is partial (live rows): a one-letter
 * keyword and the recycle bin only recheck.
 */
export function searchDocPredicate(
  searchDoc: AnyColumn,
  keyword: string,
  live: boolean,
): SQL | undefined {
  const n = normalisedLength(keyword);
  if (n === 0) return undefined;
  const contains = sql`strpos(${searchDoc}, public.lr_search_norm(${keyword})) > 0`;
  if (n < 2 || !live) return contains;
  return sql`(public.lr_doc_bigrams(${searchDoc}) @> public.lr_bigrams(${keyword}) and ${contains})`;
}

/** A [from, to] range of epoch milliseconds on a timestamp column; a null end is open. */
export function timeRangePredicates(column: AnyColumn, r: (number | null)[] | undefined): SQL[] {
  if (!r) return [];
  const out: SQL[] = [];
  if (r[0] != null) out.push(sql`${column} >= ${new Date(r[0]).toISOString()}`);
  if (r[1] != null) out.push(sql`${column} <= ${new Date(r[1]).toISOString()}`);
  return out;
}

/** ORDER BY a nullable column with the rows lacking it last in both directions. */
export function nullsLast(column: AnyColumn, order: 'asc' | 'desc'): SQL {
  return order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
}

/** The columns a new follow-up record takes from its writer and the form. */
export function followUpValues(
  actor: { userId: number; tenantId: number },
  body: { channel: string; content: string; nextFollowTime?: number | null },
) {
  return {
    tenantId: actor.tenantId,
    userId: actor.userId,
    channel: body.channel,
    content: body.content,
    nextFollowAt: body.nextFollowTime != null ? new Date(body.nextFollowTime) : null,
  };
}

/**
 * What a follow-up sets on the record it follows up: last follow-up (the record's time), next
 * follow-up (as given; none clears it) and count + 1.
 */
export function afterFollowUp(followCount: AnyColumn, createdAt: Date, nextFollowAt: Date | null) {
  return {
    lastFollowAt: createdAt,
    nextFollowAt,
    followCount: sql<number>`${followCount} + 1`,
    updatedAt: new Date(),
  };
}

/** `column` is one of `values`, repeats dropped (one bound array of the column's SQL type). */
export function anyOf(
  column: AnyColumn,
  values: readonly (string | number)[],
  type: 'text' | 'bigint' | 'smallint',
): SQL {
  return sql`${column} = any(${sql.param([...new Set(values)])}::${sql.raw(type)}[])`;
}

/** `column` is one of `ids` (one bound array, however many). */
export function idIn(column: AnyColumn, ids: number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::bigint[])`;
}

/** Soft delete of the live rows `ids` (who and when are kept; restore undoes it). */
export async function softDelete(
  db: DbOrTx,
  table: PerCompanyTable,
  ids: number[],
  userId: number,
): Promise<void> {
  await db
    .update(table)
    .set({ deletedAt: new Date(), deletedByUserId: userId, updatedAt: new Date() })
    .where(and(idIn(table.id, ids), isNull(table.deletedAt)));
}

/**
 * Brings the deleted row `id` back, unless its company has a live row again: `assertFree` throws
 * the list's own conflict error. It is asked before, and again when a restore racing a create
 * loses to the unique index of live rows per company.
 */
export async function undelete(
  db: DbOrTx,
  table: PerCompanyTable,
  id: number,
  assertFree: () => Promise<void>,
): Promise<void> {
  await assertFree();
  try {
    await db
      .update(table)
      .set({ deletedAt: null, deletedByUserId: null, updatedAt: new Date() })
      .where(and(eq(table.id, id), isNotNull(table.deletedAt)));
  } catch (err) {
    if (isUniqueViolation(err)) await assertFree();
    throw err;
  }
}

/** Hands the rows `ids` to `ownerUserId` (跟进人 of leads, 负责人 of customers). */
export async function setOwner(
  db: DbOrTx,
  table: RecordTable,
  ids: number[],
  ownerUserId: number,
): Promise<void> {
  await db.update(table).set({ ownerUserId, updatedAt: new Date() }).where(idIn(table.id, ids));
}

/**
 * Rows of `table` by id for a read or a change, under `where` (tenant, live or deleted, data
 * scope): every one must be found, else 404 for the whole call (nothing says which one exists
 * elsewhere). `lock` reads them FOR UPDATE.
 */
export async function rowsInScope<T extends RecordTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  ids: number[],
  lock = false,
): Promise<T['$inferSelect'][]> {
  const unique = [...new Set(ids)];
  const t = table as PerCompanyTable;
  const base = db
    .select()
    .from(t)
    .where(and(where, idIn(t.id, unique)));
  const rows = lock ? await base.for('update') : await base;
  if (rows.length !== unique.length) throw apiError('NOT_FOUND');
  return rows as T['$inferSelect'][];
}

/** One page of `table` under `where` in `order`, and how many rows match. */
export async function pageRows<T extends RecordTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  q: { pageNo: number; pageSize: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const t = table as PerCompanyTable;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ total: count() }).from(t).where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total };
}
