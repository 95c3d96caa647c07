import 'server-only';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform';
import { enterprises, favourites } from '@/db/schema';
import type { PageResult } from '@/lib/shared/api/envelope';
import type {
  FavoriteAdded,
  FavoriteEnterprise,
  FavoriteRemoved,
} from '@/lib/shared/enterprise/enterprise.contract';
import { regionFullName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import { formatCapital } from '@/lib/shared/enterprise/format';
import { requireEnterpriseRow } from './enterprise.service';
import { escapeLike, pageWindow, type PageParams } from './paging';
import { unlockedIds } from './unlock.service';

/** Favourites belong to the user (within the user's tenant). */
export type FavoriteActor = { tenantId: number; userId: number };

export async function addFavorite(actor: FavoriteActor, entId: number): Promise<FavoriteAdded> {
  const ent = await requireEnterpriseRow({ id: entId });
  const inserted = await getDb()
    .insert(favourites)
    .values({ tenantId: actor.tenantId, userId: actor.userId, enterpriseId: ent.id })
    .onConflictDoNothing()
    .returning({ id: favourites.enterpriseId });
  return { entId: ent.id, favorite: true, created: inserted.length > 0 };
}

export async function removeFavorite(
  actor: FavoriteActor,
  entId: number,
): Promise<FavoriteRemoved> {
  const deleted = await getDb()
    .delete(favourites)
    .where(and(eq(favourites.userId, actor.userId), eq(favourites.enterpriseId, entId)))
    .returning({ id: favourites.enterpriseId });
  return { entId, favorite: false, removed: deleted.length > 0 };
}

export type { FavoriteEnterprise };

export async function pageFavorites(
  actor: FavoriteActor,
  params: PageParams & { keyword?: string | null },
): Promise<PageResult<FavoriteEnterprise>> {
  const { limit, offset } = pageWindow(params);
  const keyword = params.keyword?.trim();
  const mine = and(eq(favourites.userId, actor.userId), eq(favourites.tenantId, actor.tenantId));
  const where = keyword
    ? and(
        mine,
        or(
          ilike(enterprises.name, `%${escapeLike(keyword)}%`),
          eq(enterprises.uncid, keyword.toUpperCase()),
        ),
      )
    : mine;
  const [rows, [n]] = await Promise.all([
    getDb()
      .select({ f: favourites, e: enterprises })
      .from(favourites)
      .innerJoin(enterprises, eq(enterprises.id, favourites.enterpriseId))
      .where(where)
      .orderBy(desc(favourites.createdAt), desc(favourites.enterpriseId))
      .limit(limit)
      .offset(offset),
    getDb()
      .select({ n: count() })
      .from(favourites)
      .innerJoin(enterprises, eq(enterprises.id, favourites.enterpriseId))
      .where(where),
  ]);
  const unlocked = await unlockedIds(
    actor.tenantId,
    rows.map((r) => r.e.id),
  );
  return {
    total: Number(n?.n ?? 0),
    list: rows.map(({ f, e }) => ({
      entId: e.id,
      name: e.name,
      uncid: e.uncid,
      status: e.status,
      legalPerson: e.legalPerson,
      regCapitalText: formatCapital(e.regCapital, e.regCapitalCurrency),
      establishDate: e.establishDate,
      regionName: regionFullName(e.districtCode ?? e.cityCode ?? e.provinceCode),
      industryName: industryName(
        e.industryClass ?? e.industryGroup ?? e.industryDivision ?? e.industrySection,
      ),
      tags: e.tags,
      phoneCount: e.phoneCount,
      emailCount: e.emailCount,
      unlocked: unlocked.has(e.id),
      favoriteTime: f.createdAt.toISOString(),
    })),
  };
}

export async function favoriteIds(userId: number | null, entIds: number[]): Promise<Set<number>> {
  if (!userId || entIds.length === 0) return new Set();
  const rows = await getDb()
    .select({ id: favourites.enterpriseId })
    .from(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        sql`${favourites.enterpriseId} = any(${sql.param(entIds)}::bigint[])`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}
