import 'server-only';
import { assertCodeValue } from '../code-group/code-group.service';
import { CONVERTED_SOURCE_CODE } from '@/lib/shared/code-group/code-group.constants';
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { customers, enterprises, opportunities } from '@/db/schema';
import { getDb, ApiError, apiError } from '@/lib/server/platform';
import { type DbOrTx, ownerScope } from '@/lib/server/identity';
import {
  anyOf,
  idIn,
  isUniqueViolation,
  nullsLast,
  searchDocPredicate,
  timeRangePredicates as range,
  userNames,
} from '../crm-query';
import { crmEntity, perCompany } from '../kit/crm-entity';

export { isUniqueViolation, userNames };
import {
  CUSTOMER_MANUAL_SOURCE,
  CUSTOMER_MESSAGES,
  DEFAULT_CUSTOMER_LEVEL,
  type CustomerLevel,
} from '@/lib/shared/customer/customer.constants';
import { type CustomerErrorKey } from '@/lib/shared/customer/customer.errors';
import type {
  CustomerContact,
  CustomerCreate,
  CustomerPageQuery,
  CustomerUpdate,
  CustomerView,
} from '@/lib/shared/customer/customer.contract';

/** A member of a tenant acting on customers. */
export type CustomerActor = { userId: number; tenantId: number };

export type CustomerRow = typeof customers.$inferSelect;

export function customerError(
  key: CustomerErrorKey,
  params?: Record<string, string | number>,
): ApiError {
  return apiError(`CUSTOMER_${key}`, params);
}

const ms = (d: Date | null) => (d ? d.getTime() : null);

export async function toCustomerViews(
  rows: CustomerRow[],
  db: DbOrTx = getDb(),
): Promise<CustomerView[]> {
  if (rows.length === 0) return [];
  const names = await userNames(
    rows.flatMap((r) => [r.ownerUserId, r.creatorUserId]),
    db,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    enterpriseId: r.enterpriseId,
    creditCode: r.creditCode,
    level: r.level as CustomerLevel,
    source: r.source,
    tags: r.tags,
    contacts: r.contacts.map((c) => ({
      name: c.name,
      mobile: c.mobile ?? null,
      phone: c.phone ?? null,
      email: c.email ?? null,
      position: c.position ?? null,
    })),
    address: r.address,
    remark: r.remark,
    ownerUserId: r.ownerUserId,
    ownerUserName: names.get(r.ownerUserId) ?? null,
    creatorUserId: r.creatorUserId,
    creatorName: names.get(r.creatorUserId) ?? null,
    fromClueId: r.fromClueId,
    nextFollowTime: ms(r.nextFollowAt),
    lastFollowTime: ms(r.lastFollowAt),
    followCount: r.followCount,
    createTime: r.createdAt.getTime(),
    updateTime: r.updatedAt.getTime(),
    deleteTime: ms(r.deletedAt),
  }));
}

/** Keyword over name | credit code | contact names | contact mobiles (search_doc, as leads do). */
function keywordPredicate(keyword: string, live: boolean): SQL | undefined {
  return searchDocPredicate(customers.searchDoc, keyword, live);
}

/** The customer page's own filters (the kit adds tenant, recycle bin and data scope). */
function customerFilters(q: Partial<CustomerPageQuery>, live: boolean): (SQL | undefined)[] {
  const parts: (SQL | undefined)[] = [];
  if (q.source?.length) parts.push(anyOf(customers.source, q.source, 'text'));
  if (q.level?.length) parts.push(anyOf(customers.level, q.level, 'text'));
  if (q.ownerUserIds?.length) parts.push(anyOf(customers.ownerUserId, q.ownerUserIds, 'bigint'));
  if (q.tag) parts.push(sql`${customers.tags} @> array[${q.tag}]::text[]`);
  parts.push(...range(customers.createdAt, q.createTime));
  if (q.keyword) parts.push(keywordPredicate(q.keyword, live));
  return parts;
}

function customerOrder(q: Pick<CustomerPageQuery, 'sortField' | 'sortOrder'>): SQL[] {
  const dir = q.sortOrder === 'asc' ? asc : desc;
  switch (q.sortField) {
    case 'name':
      return [dir(customers.name), dir(customers.id)];
    case 'updateTime':
      return [dir(customers.updatedAt), dir(customers.id)];
    case 'nextFollowTime':
      return [nullsLast(customers.nextFollowAt, q.sortOrder), dir(customers.id)];
    case 'lastFollowTime':
      return [nullsLast(customers.lastFollowAt, q.sortOrder), dir(customers.id)];
    default:
      return [dir(customers.createdAt), dir(customers.id)];
  }
}

/** The customer's service skeleton (CRM kit, ADR 0196): tenant, recycle bin and data scope (负责人). */
const company = perCompany(customers, customerError);
const kit = crmEntity({
  table: customers,
  filters: customerFilters,
  order: customerOrder,
  views: toCustomerViews,
  ownerInvalid: () => customerError('OWNER_INVALID'),
  beforeDelete: refuseWithOpportunities,
  restore: company.restore,
});

/** Tenant, live or deleted, the caller's data scope (owner = 负责人), then each filter given. */
export const customerWhere = kit.where;
/**
 * Customers of the tenant by id, for a read or a change: each must exist in the tenant, be live
 * (or deleted, for restore) and lie in the caller's scope, else 404 for the whole call.
 */
export const customersInScope = kit.inScope;
export const pageCustomers = kit.page;
export const getCustomerView = kit.get;
/** 负责人: an active member of the tenant (not disabled, not removed). */
export const assertActiveOwner = kit.assertActiveOwner;
/** The live customer of a company in the tenant, if any (other than `exceptId`). */
export const liveCustomerOfEnterprise = company.liveOf;
/** Soft delete, all or nothing; a customer with opportunities is refused (delete those first). */
export const deleteCustomers = kit.remove;
/** Restore a deleted customer, unless its company has a live customer again. */
export const restoreCustomer = kit.restore;
/** Bulk transfer of 负责人: every customer in the caller's scope; the new owner an active member. */
export const updateOwner = kit.assignOwner;

const contactRows = (list: CustomerContact[]) =>
  list.map((c) => ({
    name: c.name,
    mobile: c.mobile ?? null,
    phone: c.phone ?? null,
    email: c.email ?? null,
    position: c.position ?? null,
  }));

/** The linked company (by id, or found by the credit code): fills an empty name / credit code. */
async function linkedEnterprise(
  body: { enterpriseId?: number | null; creditCode?: string | null },
  db: DbOrTx,
): Promise<{ id: number; name: string; uncid: string | null } | null> {
  if (body.enterpriseId) {
    const [found] = await db
      .select({ id: enterprises.id, name: enterprises.name, uncid: enterprises.uncid })
      .from(enterprises)
      .where(eq(enterprises.id, body.enterpriseId));
    if (!found) throw apiError('ENTERPRISE_NOT_EXISTS');
    return found;
  }
  if (body.creditCode) {
    const [found] = await db
      .select({ id: enterprises.id, name: enterprises.name, uncid: enterprises.uncid })
      .from(enterprises)
      .where(eq(enterprises.uncid, body.creditCode));
    return found ?? null;
  }
  return null;
}

/** Source and level: enabled values of the tenant's groups; a record keeps its current ones. */
async function assertCustomerCodes(
  tenantId: number,
  body: { source?: string | null; level?: string | null },
  current: { source: string; level: string } | null,
  db: DbOrTx,
): Promise<void> {
  await assertCodeValue(tenantId, 'clueSource', body.source, {
    keep: current?.source,
    also: [CONVERTED_SOURCE_CODE],
    message: CUSTOMER_MESSAGES.sourceInvalid,
    db,
  });
  await assertCodeValue(tenantId, 'customerLevel', body.level, {
    keep: current?.level,
    message: CUSTOMER_MESSAGES.levelInvalid,
    db,
  });
}

export async function createCustomer(actor: CustomerActor, body: CustomerCreate): Promise<number> {
  const db = getDb();
  const ownerUserId = body.ownerUserId ?? actor.userId;
  await assertActiveOwner(actor.tenantId, ownerUserId, db);
  await assertCustomerCodes(actor.tenantId, body, null, db);
  const ent = await linkedEnterprise(body, db);
  return company.guardedWrite(actor.tenantId, ent?.id, db, undefined, async () => {
    const [row] = await db
      .insert(customers)
      .values({
        tenantId: actor.tenantId,
        enterpriseId: ent?.id ?? null,
        name: body.name ?? ent?.name ?? '',
        creditCode: body.creditCode ?? ent?.uncid ?? null,
        level: body.level ?? DEFAULT_CUSTOMER_LEVEL,
        source: body.source ?? CUSTOMER_MANUAL_SOURCE,
        tags: body.tags ?? [],
        contacts: contactRows(body.contacts ?? []),
        address: body.address ?? null,
        remark: body.remark ?? null,
        ownerUserId,
        creatorUserId: actor.userId,
      })
      .returning({ id: customers.id });
    return row.id;
  });
}

/** Replaces the fields given; absent fields stay (enterpriseId null unlinks). */
export async function updateCustomer(actor: CustomerActor, body: CustomerUpdate): Promise<boolean> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  const [current] = await customersInScope(actor, scope, [body.id], { db });
  await assertCustomerCodes(actor.tenantId, body, current, db);
  const enterpriseId = body.enterpriseId === undefined ? current.enterpriseId : body.enterpriseId;
  const relink = !!enterpriseId && enterpriseId !== current.enterpriseId;
  const ent = relink ? await linkedEnterprise({ enterpriseId }, db) : null;
  const keep = <T>(v: T | undefined, old: T): T => (v === undefined ? old : v);
  const set = {
    enterpriseId: enterpriseId ?? null,
    name: body.name ?? ent?.name ?? current.name,
    creditCode: keep(body.creditCode, relink ? (ent?.uncid ?? null) : current.creditCode),
    level: body.level ?? current.level,
    source: body.source ?? current.source,
    tags: body.tags ?? current.tags,
    contacts: body.contacts ? contactRows(body.contacts) : current.contacts,
    address: keep(body.address, current.address),
    remark: keep(body.remark, current.remark),
    updatedAt: new Date(),
  };
  await company.guardedWrite(actor.tenantId, enterpriseId, db, current.id, () =>
    db
      .update(customers)
      .set(set)
      .where(and(eq(customers.id, current.id), isNull(customers.deletedAt))),
  );
  return true;
}

/** A customer with opportunities is not deleted (delete those first): the first one found says so. */
async function refuseWithOpportunities(
  tx: DbOrTx,
  actor: CustomerActor,
  rows: CustomerRow[],
): Promise<void> {
  const held = await tx
    .select({ customerId: opportunities.customerId, n: count() })
    .from(opportunities)
    .where(
      and(
        eq(opportunities.tenantId, actor.tenantId),
        idIn(
          opportunities.customerId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(opportunities.customerId)
    .orderBy(opportunities.customerId)
    .limit(1);
  if (held.length) {
    const name = rows.find((r) => r.id === held[0].customerId)?.name ?? '';
    throw customerError('HAS_OPPORTUNITIES', { name, n: held[0].n });
  }
}

/** Tags used on the tenant's live customers in the caller's scope, most used first. */
export async function tagList(actor: CustomerActor): Promise<string[]> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  const rows = await db.execute<{ tag: string }>(sql`
    select t.tag from ${customers}, unnest(${customers.tags}) as t(tag)
    where ${customerWhere(actor.tenantId, scope, {})}
    group by t.tag order by count(*) desc, t.tag limit 200`);
  return rows.rows.map((r) => r.tag);
}
