import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, apiError } from '@/lib/server/platform';
import { clues, enterprises } from '@/db/schema';
import type {
  EnterpriseState,
  EnterpriseStateRequest,
  ToCrmRequest,
  ToCrmResult,
} from '@/lib/shared/enterprise/enterprise.contract';
import { normaliseClueSource } from '@/lib/shared/clue/clue.constants';
import type { Viewer } from './enterprise.service';
import { favoriteIds } from './favorite.service';
import { unlockedIds } from './unlock.service';

/** Per-company flags for the viewer: unlocked (tenant), favourite (user), in the leads (tenant). */
export async function getEnterpriseStates(
  entIds: number[],
  viewer: Viewer,
): Promise<EnterpriseState[]> {
  const ids = [...new Set(entIds)];
  const [unlocked, favorite, clueRows] = await Promise.all([
    unlockedIds(viewer.tenantId, ids),
    favoriteIds(viewer.userId, ids),
    viewer.tenantId && ids.length
      ? getDb()
          .select({ id: clues.id, entId: clues.enterpriseId })
          .from(clues)
          .where(
            and(
              eq(clues.tenantId, viewer.tenantId),
              isNull(clues.deletedAt),
              sql`${clues.enterpriseId} = any(${sql.param(ids)}::bigint[])`,
            ),
          )
      : Promise.resolve([]),
  ]);
  const clueOf = new Map(clueRows.map((c) => [c.entId, c.id]));
  return ids.map((id) => ({
    entId: id,
    unlocked: unlocked.has(id),
    favorite: favorite.has(id),
    inCrm: clueOf.has(id),
    clueId: clueOf.get(id) ?? null,
  }));
}

export type { ToCrmResult };

/**
 * 加入线索: one live clue per company per tenant. The partial unique key (tenant, enterprise) where
 * not deleted makes repeated or parallel calls safe: the second call finds the existing clue; a
 * soft-deleted clue does not count, so the company is added again as a new clue. The source goes
 * onto the fixed list (企业查询 → 企业搜索, unknown → 其他); company facts are copied onto the clue
 * so the lead list filters and sorts on its own columns (ADR 0100).
 */
export async function addToCrm(
  actor: { tenantId: number; userId: number },
  entIds: number[],
  source = '企业详情',
): Promise<ToCrmResult> {
  const ids = [...new Set(entIds)];
  const clueSource = normaliseClueSource(source);
  const found = ids.length
    ? await getDb()
        .select()
        .from(enterprises)
        .where(sql`${enterprises.id} = any(${sql.param(ids)}::bigint[])`)
    : [];
  const foundIds = new Set(found.map((f) => f.id));
  const inserted = found.length
    ? await getDb()
        .insert(clues)
        .values(
          found.map((e) => ({
            tenantId: actor.tenantId,
            enterpriseId: e.id,
            name: e.name,
            creditCode: e.uncid,
            ownerUserId: actor.userId,
            creatorUserId: actor.userId,
            source: clueSource,
            provinceCode: e.provinceCode,
            cityCode: e.cityCode,
            districtCode: e.districtCode,
            industrySection: e.industrySection,
            industryCode: e.industryClass ?? e.industryGroup ?? e.industryDivision,
            address: e.address,
            website: e.website && /^https?:/.test(e.website) ? e.website : null,
            weight: e.weight,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: clues.id, entId: clues.enterpriseId })
    : [];
  const createdIds = new Set(inserted.map((r) => r.entId));
  const all = found.length
    ? await getDb()
        .select({ id: clues.id, entId: clues.enterpriseId })
        .from(clues)
        .where(
          and(
            eq(clues.tenantId, actor.tenantId),
            isNull(clues.deletedAt),
            sql`${clues.enterpriseId} = any(${sql.param([...foundIds])}::bigint[])`,
          ),
        )
    : [];
  const clueOf = new Map(all.map((c) => [c.entId, c.id]));
  const items = ids
    .filter((id) => foundIds.has(id) && clueOf.has(id))
    .map((id) => ({ entId: id, clueId: clueOf.get(id)!, created: createdIds.has(id) }));
  return {
    created: items.filter((i) => i.created).length,
    existed: items.filter((i) => !i.created).length,
    missing: ids.filter((id) => !foundIds.has(id)),
    items,
  };
}

/** get-enterprise-state: one object for {entId}, an array for {entIds}. */
export async function enterpriseStatesFor(
  viewer: Viewer,
  body: EnterpriseStateRequest,
): Promise<EnterpriseState | EnterpriseState[]> {
  if (body.entIds) return getEnterpriseStates(body.entIds, viewer);
  const [state] = await getEnterpriseStates([body.entId!], viewer);
  return state;
}

/** to-crm: {entId} or {entIds}; ENTERPRISE_NOT_EXISTS when none of them is a company. */
export async function addToCrmFor(
  actor: { tenantId: number; userId: number },
  body: ToCrmRequest,
): Promise<ToCrmResult> {
  const ids = body.entIds ?? [body.entId!];
  const result = await addToCrm(actor, ids, body.source);
  if (result.items.length === 0) throw apiError('ENTERPRISE_NOT_EXISTS');
  return result;
}
