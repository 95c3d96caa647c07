import 'server-only';
import { and, desc, eq, ilike, or, sql, count } from 'drizzle-orm';
import { clockDate, getDb, ApiError, apiError, type ClientInfo } from '@/lib/server/platform';
import { consumeUnlockCredit, getUnlockCredit, type UnlockCredit } from '@/lib/server/commerce';
import { auditLogs, enterpriseUnlocks, enterprises, tenants, users } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { PageResult } from '@/lib/shared/api/envelope';
import type {
  ContactSummary,
  UnlockedEnterprise,
  UnlockQuotaCode,
  UnlockResult,
  UnlockState,
  WywStatus,
} from '@/lib/shared/enterprise/enterprise.contract';
import { regionFullName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import {
  getContactSummary,
  getUnlockTime,
  loadContactRows,
  requireEnterpriseRow,
  toContactItem,
  type Viewer,
} from './enterprise.service';
import { escapeLike, pageWindow, type PageParams } from './paging';
import { ownerScope, scopePredicate, type OwnerScope } from '@/lib/server/identity';

/**
 * Contact unlocking. A tenant pays one unit of its monthly allowance (then of its grants) the
 * first time it unlocks a company; later calls return the contacts for free. The tenant row is
 * locked for the whole transaction, so parallel unlocks are serialised and cannot overdraw.
 */

export type TenantActor = { tenantId: number; userId: number; client?: ClientInfo };

export type { UnlockedEnterprise, UnlockQuotaCode, UnlockResult, UnlockState };

/** 1004011001 when the edition has no unlocks at all and the tenant holds no live grant; else 1004011000. */
export function quotaBlockedCode(credit: UnlockCredit): UnlockQuotaCode | null {
  if (credit.remaining > 0) return null;
  if (credit.monthlyQuota === 0 && credit.grantTotal === 0)
    return ERRORS.UNLOCK_NOT_IN_EDITION.code;
  return ERRORS.UNLOCK_QUOTA_EXHAUSTED.code;
}

export async function getUnlockState(tenantId: number, entId: number): Promise<UnlockState> {
  const ent = await requireEnterpriseRow({ id: entId });
  const [unlockTime, credit] = await Promise.all([
    getUnlockTime(tenantId, ent.id),
    getUnlockCredit(tenantId),
  ]);
  const blockedCode = unlockTime ? null : quotaBlockedCode(credit);
  return {
    entId: ent.id,
    unlocked: unlockTime !== null,
    unlockTime: unlockTime?.toISOString() ?? null,
    credit,
    canUnlock: blockedCode === null,
    blockedCode,
  };
}

export async function unlockEnterprise(actor: TenantActor, entId: number): Promise<UnlockResult> {
  const ent = await requireEnterpriseRow({ id: entId });
  let outcome: { charged: boolean; chargedTo: 'monthly' | 'grant' | null; unlockTime: Date };
  try {
    // Nothing inside this transaction may use another pooled connection (getDb()): with every
    // connection waiting on the tenant lock that would deadlock the pool.
    outcome = await getDb().transaction(async (tx) => {
      const [tenant] = await tx
        .select({ id: tenants.id })
        .from(tenants)
        .where(eq(tenants.id, actor.tenantId))
        .for('update');
      if (!tenant) throw apiError('TENANT_NOT_EXISTS');
      const [existing] = await tx
        .select({ createdAt: enterpriseUnlocks.createdAt })
        .from(enterpriseUnlocks)
        .where(
          and(
            eq(enterpriseUnlocks.tenantId, actor.tenantId),
            eq(enterpriseUnlocks.enterpriseId, ent.id),
          ),
        )
        .limit(1);
      if (existing) return { charged: false, chargedTo: null, unlockTime: existing.createdAt };
      const chargedTo = await consumeUnlockCredit(tx, actor.tenantId);
      const [row] = await tx
        .insert(enterpriseUnlocks)
        // Stamped by the server clock, which the month's count reads too (ADR 0213).
        .values({
          tenantId: actor.tenantId,
          enterpriseId: ent.id,
          userId: actor.userId,
          createdAt: clockDate(),
        })
        .returning({ createdAt: enterpriseUnlocks.createdAt });
      // The audit entry commits with the charge, never one without the other.
      await tx.insert(auditLogs).values({
        action: 'enterprise.unlock',
        tenantId: actor.tenantId,
        userId: actor.userId,
        target: String(ent.id),
        detail: { entName: ent.name, uncid: ent.uncid, chargedTo },
        ip: actor.client?.ip ?? null,
        userAgent: actor.client?.userAgent?.slice(0, 500) ?? null,
      });
      return { charged: true, chargedTo, unlockTime: row.createdAt };
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === ERRORS.UNLOCK_QUOTA_EXHAUSTED.code) {
      const credit = await getUnlockCredit(actor.tenantId);
      if (quotaBlockedCode(credit) === ERRORS.UNLOCK_NOT_IN_EDITION.code)
        throw apiError('UNLOCK_NOT_IN_EDITION');
    }
    throw err;
  }
  const [contacts, credit] = await Promise.all([
    getContactSummary(ent.id, { tenantId: actor.tenantId, userId: actor.userId }),
    getUnlockCredit(actor.tenantId),
  ]);
  return {
    entId: ent.id,
    unlocked: true,
    charged: outcome.charged,
    chargedTo: outcome.chargedTo,
    unlockTime: outcome.unlockTime.toISOString(),
    contacts,
    credit,
  };
}

/** Who reads unlock records: a member of a tenant, whose data scope applies (docs/adr/0080). */
export type UnlockReader = { tenantId: number; userId: number };

/**
 * The unlock records `reader` may see: the tenant's, narrowed to those unlocked by members within
 * the reader's data scope (read afresh per call).
 */
export async function unlockRecordsWhere(
  reader: UnlockReader,
  keyword?: string | null,
): Promise<{ where: ReturnType<typeof and>; scope: OwnerScope }> {
  const tenantId = reader.tenantId;
  const scope = await ownerScope(reader);
  const k = keyword?.trim();
  const where = and(
    eq(enterpriseUnlocks.tenantId, tenantId),
    scopePredicate(enterpriseUnlocks.userId, scope),
    k
      ? or(ilike(enterprises.name, `%${escapeLike(k)}%`), eq(enterprises.uncid, k.toUpperCase()))
      : undefined,
  );
  return { where, scope };
}

/**
 * 已解锁列表: the unlocked companies the reader's data scope reaches, newest first, optionally
 * filtered by name or credit code; the total counts the same rows.
 */
export async function pageUnlocked(
  reader: UnlockReader,
  params: PageParams & { keyword?: string | null },
): Promise<PageResult<UnlockedEnterprise>> {
  const { limit, offset } = pageWindow(params);
  const { where } = await unlockRecordsWhere(reader, params.keyword);
  return queryUnlocked(where, limit, offset);
}

async function queryUnlocked(
  where: ReturnType<typeof and>,
  limit: number,
  offset: number,
): Promise<PageResult<UnlockedEnterprise>> {
  const [rows, [n]] = await Promise.all([
    getDb()
      .select({ u: enterpriseUnlocks, e: enterprises, userName: users.nickname })
      .from(enterpriseUnlocks)
      .innerJoin(enterprises, eq(enterprises.id, enterpriseUnlocks.enterpriseId))
      .leftJoin(users, eq(users.id, enterpriseUnlocks.userId))
      .where(where)
      .orderBy(desc(enterpriseUnlocks.createdAt), desc(enterpriseUnlocks.enterpriseId))
      .limit(limit)
      .offset(offset),
    getDb()
      .select({ n: count() })
      .from(enterpriseUnlocks)
      .innerJoin(enterprises, eq(enterprises.id, enterpriseUnlocks.enterpriseId))
      .where(where),
  ]);
  const contacts = await loadContactRows(rows.map((r) => r.e.id));
  return {
    total: Number(n?.n ?? 0),
    list: rows.map(({ u, e, userName }) => toUnlockedEnterprise(u, e, userName, contacts)),
  };
}

type UnlockRow = typeof enterpriseUnlocks.$inferSelect;
type EnterpriseRow = typeof enterprises.$inferSelect;

function toUnlockedEnterprise(
  u: UnlockRow,
  e: EnterpriseRow,
  userName: string | null,
  contacts: Awaited<ReturnType<typeof loadContactRows>>,
): UnlockedEnterprise {
  return {
    entId: e.id,
    name: e.name,
    uncid: e.uncid,
    status: e.status,
    legalPerson: e.legalPerson,
    regCapital: e.regCapital,
    regCapitalCurrency: e.regCapitalCurrency,
    establishDate: e.establishDate,
    regionName: regionFullName(e.districtCode ?? e.cityCode ?? e.provinceCode),
    industryName: industryName(
      e.industryClass ?? e.industryGroup ?? e.industryDivision ?? e.industrySection,
    ),
    unlockTime: u.createdAt.toISOString(),
    unlockUserId: u.userId,
    unlockUserName: userName ?? null,
    contacts: (contacts.get(e.id) ?? []).map((c) => toContactItem(c, true)),
  };
}

/**
 * Every unlock record the reader's scope reaches (newest first, at most `max`), for the unlocked
 * list's export.
 */
export async function unlockedInScope(
  reader: UnlockReader,
  keyword: string | null | undefined,
  max: number,
): Promise<{ total: number; list: UnlockedEnterprise[] }> {
  const { where } = await unlockRecordsWhere(reader, keyword);
  return queryUnlocked(where, max, 0);
}

/** The set of ids, among `entIds`, that the tenant unlocked. */
export async function unlockedIds(tenantId: number | null, entIds: number[]): Promise<Set<number>> {
  if (!tenantId || entIds.length === 0) return new Set();
  const rows = await getDb()
    .select({ id: enterpriseUnlocks.enterpriseId })
    .from(enterpriseUnlocks)
    .where(
      and(
        eq(enterpriseUnlocks.tenantId, tenantId),
        sql`${enterpriseUnlocks.enterpriseId} = any(${sql.param(entIds)}::bigint[])`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The tenant's view of a company's contacts (real once unlocked, masked before). */
export async function wywContacts(viewer: Viewer, entId: number): Promise<ContactSummary> {
  const ent = await requireEnterpriseRow({ id: entId });
  return getContactSummary(ent.id, viewer);
}

/** 挖一挖 status: whether contacts were collected (2 已获取) or none are known (0 暂无). */
export async function wywStatus(viewer: Viewer, entId: number): Promise<WywStatus> {
  const s = await wywContacts(viewer, entId);
  return {
    entId: s.entId,
    status: s.total > 0 ? 2 : 0,
    statusText: s.total > 0 ? '已获取' : '暂无联系方式',
    unlocked: s.unlocked,
    total: s.total,
    phoneCount: s.phoneCount,
    mobileCount: s.mobileCount,
    emailCount: s.emailCount,
  };
}
