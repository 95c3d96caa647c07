import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { featureNavGroups, featureNavUsage, featureNavs } from '@/db/schema';
import {
  COMMON_FEATURES_MAX,
  type FeatureNavGroup,
  type FeatureNavItem,
} from '@/lib/shared/feature-nav/feature-nav.contract';
import { isBuiltPage } from '@/lib/shared/routes';
import { apiError } from '../api/api-error';
import { getDb } from '../db';

type NavRow = typeof featureNavs.$inferSelect;
/** External tools always work; internal ones only once their page exists (no link to a 404). */
const isAvailable = (r: NavRow) => r.external || isBuiltPage(r.path);
const toItem = (r: NavRow): FeatureNavItem => ({
  id: r.id,
  name: r.name,
  label: r.label,
  path: r.path,
  icon: r.icon ?? '',
  external: r.external,
});

/** The “更多工具” groups with their available tools; empty groups are left out. */
export async function listFeatureNavGroups(): Promise<FeatureNavGroup[]> {
  const db = getDb();
  const groups = await db
    .select()
    .from(featureNavGroups)
    .orderBy(asc(featureNavGroups.sort), asc(featureNavGroups.id));
  const items = await db
    .select()
    .from(featureNavs)
    .where(eq(featureNavs.visible, true))
    .orderBy(asc(featureNavs.sort), asc(featureNavs.id));
  return groups
    .map((g) => ({
      id: g.id,
      name: g.name,
      subFeatureNavs: items.filter((i) => i.groupId === g.id && isAvailable(i)).map(toItem),
    }))
    .filter((g) => g.subFeatureNavs.length > 0);
}

/** A user's most used tools, most used first. */
export async function listCommonFeatures(userId: number): Promise<FeatureNavItem[]> {
  const rows = await getDb()
    .select({ nav: featureNavs })
    .from(featureNavUsage)
    .innerJoin(featureNavs, eq(featureNavs.id, featureNavUsage.featureId))
    .where(and(eq(featureNavUsage.userId, userId), eq(featureNavs.visible, true)))
    .orderBy(desc(featureNavUsage.uses), desc(featureNavUsage.lastUsedAt))
    .limit(COMMON_FEATURES_MAX);
  return rows.filter((r) => isAvailable(r.nav)).map((r) => toItem(r.nav));
}

/** Counts one use of a tool by a user. */
export async function recordFeatureUse(userId: number, featureId: number, type: number) {
  const [nav] = await getDb()
    .select({ id: featureNavs.id })
    .from(featureNavs)
    .where(eq(featureNavs.id, featureId))
    .limit(1);
  if (!nav) throw apiError('NOT_FOUND');
  await getDb()
    .insert(featureNavUsage)
    .values({ userId, featureId, type })
    .onConflictDoUpdate({
      target: [featureNavUsage.userId, featureNavUsage.featureId],
      set: { uses: sql`${featureNavUsage.uses} + 1`, lastUsedAt: sql`now()`, type },
    });
}
