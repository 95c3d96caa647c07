import 'server-only';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { clueOwnerCounts, clues, enterprises, industries, regions } from '@/db/schema';
import { getDb, ApiError, apiError } from '@/lib/server/platform';
import { type DbOrTx, ownerScope, scopePredicate } from '@/lib/server/identity';
import {
  CLUE_STATUS,
  CLUE_MESSAGES,
  CLUE_STATUS_NAMES,
  MANUAL_SOURCE,
  type ClueStatus,
} from '@/lib/shared/clue/clue.constants';
import { type ClueErrorKey } from '@/lib/shared/clue/clue.errors';
import { isDueInChina } from '@/lib/shared/clue/china-day';
import type {
  ClueCreate,
  ClueEnterpriseFill,
  ClueNum,
  CluePageQuery,
  ClueUpdate,
  ClueView,
  UpdateStatus,
} from '@/lib/shared/clue/clue.contract';
import { clueFilters, clueOrder, clueWhere, dueTodayPredicate } from './clue-query';
import { assertCodeValue } from '../code-group/code-group.service';
import { userNames as namesOf } from '../crm-query';
import { crmEntity, perCompany } from '../kit/crm-entity';

/** A member of a tenant acting on leads. */
export type ClueActor = { userId: number; tenantId: number };

type ClueRow = typeof clues.$inferSelect;

export function clueError(key: ClueErrorKey, params?: Record<string, string | number>): ApiError {
  return apiError(`CLUE_${key}`, params);
}

const ms = (d: Date | null) => (d ? d.getTime() : null);

/** Turns lead rows into what the list shows: user, region and industry names filled in. */
export async function toViews(
  rows: ClueRow[],
  db: DbOrTx = getDb(),
  now: number = Date.now(),
): Promise<ClueView[]> {
  if (rows.length === 0) return [];
  const regionCodes = [
    ...new Set(
      rows.flatMap((r) => [r.provinceCode, r.cityCode, r.districtCode]).filter((c) => !!c),
    ),
  ] as string[];
  const industryCodes = [...new Set(rows.map((r) => r.industryCode ?? r.industrySection))].filter(
    (c): c is string => !!c,
  );
  const [userNames, regionRows, industryRows] = await Promise.all([
    namesOf(
      rows.flatMap((r) => [r.ownerUserId, r.creatorUserId]),
      db,
    ),
    regionCodes.length
      ? db
          .select({ code: regions.code, name: regions.name })
          .from(regions)
          .where(inArray(regions.code, regionCodes))
      : Promise.resolve([]),
    industryCodes.length
      ? db
          .select({ code: industries.code, name: industries.name })
          .from(industries)
          .where(inArray(industries.code, industryCodes))
      : Promise.resolve([]),
  ]);
  const region = new Map(regionRows.map((r) => [r.code, r.name]));
  const industry = new Map(industryRows.map((r) => [r.code, r.name]));
  return rows.map((r) => {
    const regionParts = [r.provinceCode, r.cityCode, r.districtCode]
      .map((c) => (c ? region.get(c) : undefined))
      .filter((n, i, all): n is string => !!n && all.indexOf(n) === i);
    const industryCode = r.industryCode ?? r.industrySection;
    return {
      id: r.id,
      name: r.name,
      enterpriseId: r.enterpriseId,
      creditCode: r.creditCode,
      status: r.status,
      invalidReason: r.invalidReason,
      source: r.source,
      followUserId: r.ownerUserId,
      followUserName: userNames.get(r.ownerUserId) ?? null,
      creatorUserId: r.creatorUserId,
      creatorName: userNames.get(r.creatorUserId) ?? null,
      contactName: r.contactName,
      contactMobile: r.contactMobile,
      contactPhone: r.contactPhone,
      contactEmail: r.contactEmail,
      website: r.website,
      wechat: r.wechat,
      provinceCode: r.provinceCode,
      cityCode: r.cityCode,
      districtCode: r.districtCode,
      regionName: regionParts.length ? regionParts.join(' ') : null,
      industryCode,
      industryName: industryCode ? (industry.get(industryCode) ?? null) : null,
      address: r.address,
      remark: r.remark,
      nextFollowTime: ms(r.nextFollowAt),
      due: isDueInChina(ms(r.nextFollowAt), r.status, now),
      lastFollowTime: ms(r.lastFollowAt),
      followCount: r.followCount,
      createTime: r.createdAt.getTime(),
      updateTime: r.updatedAt.getTime(),
      deleteTime: ms(r.deletedAt),
    };
  });
}

/** The lead's service skeleton (CRM kit, ADR 0196): tenant, recycle bin and data scope (跟进人). */
const company = perCompany(clues, clueError);
const kit = crmEntity({
  table: clues,
  filters: clueFilters,
  order: clueOrder,
  views: (rows, db) => toViews(rows, db),
  ownerInvalid: () => clueError('FOLLOW_USER_INVALID'),
  restore: company.restore,
});

/**
 * Leads of the tenant by id, read for a change: every one must exist in the tenant, be live (or
 * deleted, for restore) and lie in the caller's scope, else 404 for the whole call (nothing says
 * which one exists elsewhere).
 */
export const cluesInScope = kit.inScope;
export const pageClues: (
  actor: ClueActor,
  q: CluePageQuery,
) => Promise<{ list: ClueView[]; total: number }> = kit.page;
export const getClueView: (actor: ClueActor, id: number) => Promise<ClueView> = kit.get;
/** Soft delete: the rows stay (with who and when) and can be restored. */
export const deleteClues = kit.remove;
/** Restore a deleted lead, unless its company has a live lead again (added after the delete). */
export const restoreClue = kit.restore;
/** Bulk reassignment of 跟进人: every lead in the caller's scope; the new one an active member. */
export const updateFollowUser = kit.assignOwner;
/** 跟进人: an active member of the tenant (not disabled, not removed). */
export const assertActiveMember = kit.assertActiveOwner;

/**
 * Counts by status, total and 今日待跟进 under the caller's scope. Status counts sum the per-owner
 * counters (clue_owner_counts, kept by triggers); 今日待跟进 reads the due index only.
 */
export async function clueNum(actor: ClueActor): Promise<ClueNum> {
  const scope = await ownerScope(actor);
  const db = getDb();
  const [rows, [today]] = await Promise.all([
    db
      .select({ status: clueOwnerCounts.status, n: sql<number>`sum(${clueOwnerCounts.n})::int` })
      .from(clueOwnerCounts)
      .where(
        and(
          eq(clueOwnerCounts.tenantId, actor.tenantId),
          scopePredicate(clueOwnerCounts.ownerUserId, scope),
        ),
      )
      .groupBy(clueOwnerCounts.status),
    db
      .select({ n: count() })
      .from(clues)
      .where(and(clueWhere(actor.tenantId, scope, {}), dueTodayPredicate())),
  ]);
  const of = (status: number) => rows.find((r) => r.status === status)?.n ?? 0;
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    newCount: of(CLUE_STATUS.new),
    followingCount: of(CLUE_STATUS.following),
    convertedCount: of(CLUE_STATUS.converted),
    invalidCount: of(CLUE_STATUS.invalid),
    todayFollowCount: today.n,
  };
}

/** What linking a company fills in the lead form, and the live lead it already has, if any. */
export async function enterpriseFill(
  actor: ClueActor,
  enterpriseId: number,
): Promise<ClueEnterpriseFill> {
  const db = getDb();
  const [ent] = await db.select().from(enterprises).where(eq(enterprises.id, enterpriseId));
  if (!ent) throw apiError('ENTERPRISE_NOT_EXISTS');
  return {
    enterpriseId: ent.id,
    name: ent.name,
    creditCode: ent.uncid || null,
    provinceCode: ent.provinceCode ?? null,
    cityCode: ent.cityCode ?? null,
    districtCode: ent.districtCode ?? null,
    industryCode: ent.industryGroup ?? ent.industryDivision ?? ent.industrySection ?? null,
    address: ent.address ?? null,
    website: ent.website && /^https?:/.test(ent.website) ? ent.website : null,
    existingClue: await company.liveOf(actor.tenantId, ent.id, db),
  };
}

type Fields = Omit<ClueCreate, 'source' | 'followUserId'>;

/**
 * The stored columns of typed-in fields. A linked company (by id, or found by the credit code)
 * fills what the user left empty: name, credit code, region, industry, address, website.
 */
async function columnsOf(body: Fields, db: DbOrTx, fill = true) {
  let found: typeof enterprises.$inferSelect | undefined;
  if (body.enterpriseId) {
    [found] = await db.select().from(enterprises).where(eq(enterprises.id, body.enterpriseId));
    if (!found) throw apiError('ENTERPRISE_NOT_EXISTS');
  } else if (body.creditCode) {
    [found] = await db.select().from(enterprises).where(eq(enterprises.uncid, body.creditCode));
  }
  // Facts are copied only when the link is new; an edit of a linked lead keeps what the user typed.
  const ent = fill ? found : undefined;
  const industryCode =
    body.industryCode && !/^[A-Z]$/.test(body.industryCode) ? body.industryCode : null;
  const industrySection =
    body.industryCode && /^[A-Z]$/.test(body.industryCode) ? body.industryCode : null;
  const given = !!body.industryCode;
  const regionGiven = !!(body.provinceCode || body.cityCode || body.districtCode);
  return {
    enterpriseId: found?.id ?? null,
    name: body.name ?? found?.name ?? '',
    creditCode: body.creditCode ?? found?.uncid ?? null,
    contactName: body.contactName ?? null,
    contactMobile: body.contactMobile ?? null,
    contactPhone: body.contactPhone ?? null,
    contactEmail: body.contactEmail ?? null,
    website: body.website ?? (ent?.website && /^https?:/.test(ent.website) ? ent.website : null),
    wechat: body.wechat ?? null,
    provinceCode: regionGiven ? (body.provinceCode ?? null) : (ent?.provinceCode ?? null),
    cityCode: regionGiven ? (body.cityCode ?? null) : (ent?.cityCode ?? null),
    districtCode: regionGiven ? (body.districtCode ?? null) : (ent?.districtCode ?? null),
    industrySection: given ? industrySection : (ent?.industrySection ?? null),
    industryCode: given
      ? industryCode
      : (ent?.industryClass ?? ent?.industryGroup ?? ent?.industryDivision ?? null),
    address: body.address ?? ent?.address ?? null,
    remark: body.remark ?? null,
    weight: found?.weight ?? null,
    nextFollowAt: body.nextFollowTime != null ? new Date(body.nextFollowTime) : null,
  };
}

export async function createClue(actor: ClueActor, body: ClueCreate): Promise<number> {
  const followUserId = body.followUserId ?? actor.userId;
  const db = getDb();
  await assertActiveMember(actor.tenantId, followUserId, db);
  await assertCodeValue(actor.tenantId, 'clueSource', body.source, {
    message: CLUE_MESSAGES.sourceInvalid,
    db,
  });
  const cols = await columnsOf(body, db);
  return company.guardedWrite(actor.tenantId, cols.enterpriseId, db, undefined, async () => {
    const [row] = await db
      .insert(clues)
      .values({
        ...cols,
        tenantId: actor.tenantId,
        ownerUserId: followUserId,
        creatorUserId: actor.userId,
        source: body.source ?? MANUAL_SOURCE,
      })
      .returning({ id: clues.id });
    return row.id;
  });
}

export async function updateClue(actor: ClueActor, body: ClueUpdate): Promise<boolean> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  const [current] = await cluesInScope(actor, scope, [body.id], { db });
  await assertCodeValue(actor.tenantId, 'clueSource', body.source, {
    keep: current.source,
    message: CLUE_MESSAGES.sourceInvalid,
    db,
  });
  // enterpriseId left out keeps the link; null (or '') removes it.
  const enterpriseId = body.enterpriseId === undefined ? current.enterpriseId : body.enterpriseId;
  const nextFollowTime =
    body.nextFollowTime === undefined ? current.nextFollowAt?.getTime() : body.nextFollowTime;
  const cols = await columnsOf(
    { ...body, enterpriseId, nextFollowTime },
    db,
    !!enterpriseId && enterpriseId !== current.enterpriseId,
  );
  await company.guardedWrite(actor.tenantId, cols.enterpriseId, db, current.id, () =>
    db
      .update(clues)
      .set({ ...cols, source: body.source ?? current.source, updatedAt: new Date() })
      .where(and(eq(clues.id, current.id), isNull(clues.deletedAt))),
  );
  return true;
}

/**
 * Lifecycle: 新线索 → 跟进中 → 已转化 / 无效. A lead does not go back to 新线索; 无效 needs a reason
 * (the contract checks) and can be reopened as 跟进中; 已转化 is final and set only by converting the
 * lead to a customer (lib/server/crm/customer/convert.service.ts, ADR 0110).
 */
export function transitionAllowed(from: ClueStatus, to: ClueStatus): boolean {
  if (from === to) return true;
  if (from === CLUE_STATUS.converted) return false;
  return to !== CLUE_STATUS.new;
}

export async function updateStatus(actor: ClueActor, body: UpdateStatus): Promise<boolean> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  const to = body.status as ClueStatus;
  await db.transaction(async (tx) => {
    const rows = await cluesInScope(actor, scope, body.ids, { db: tx, lock: true });
    for (const r of rows) {
      const from = r.status as ClueStatus;
      if (!transitionAllowed(from, to))
        throw clueError('STATUS_TRANSITION', {
          name: r.name,
          from: CLUE_STATUS_NAMES[from],
          to: CLUE_STATUS_NAMES[to],
        });
    }
    await tx
      .update(clues)
      .set({
        status: to,
        invalidReason: to === CLUE_STATUS.invalid ? (body.invalidReason ?? null) : null,
        updatedAt: new Date(),
      })
      .where(sql`${clues.id} = any(${sql.param(rows.map((r) => r.id))}::bigint[])`);
  });
  return true;
}
