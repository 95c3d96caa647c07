import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { featureNavGroups, featureNavUsage, featureNavs } from '@/db/schema';
import {
  COMMON_FEATURES_MAX,
  type FeatureNavGroup,
  type FeatureNavItem,
} from '@/lib/shared/feature-nav/feature-nav.contract';
import { PARK_TOOL_NAME } from '@/lib/shared/park/park.contract';
import { isBuiltPage } from '@/lib/shared/routes';
import { apiError, getDb } from '@/lib/server/platform';
import { parkSiteUrl } from '../park/park.service';

type NavRow = typeof featureNavs.$inferSelect;
/** External tools always work; internal ones only once their page exists (no link to a 404). */
const isAvailable = (r: NavRow) => r.external || isBuiltPage(r.path);
const toItem = (r: NavRow): FeatureNavItem => ({
  id: r.id,
  name: r.name,
  label: r.label,
  // The park site is configuration (PARK_SITE_URL), not data: '' tells the panel it is not set up.
  path: r.name === PARK_TOOL_NAME ? parkSiteUrl() : r.path,
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

/**
 * A user's most used available tools, most used first, at most COMMON_FEATURES_MAX. Availability
 * is decided here (the page list lives in code, not in SQL), so the cap is applied after it: a
 * LIMIT in SQL would count tools that are then dropped. A user's rows are bounded by the curated
 * tool list (dozens), so reading them all is cheap.
 */
export async function listCommonFeatures(userId: number): Promise<FeatureNavItem[]> {
  const rows = await getDb()
    .select({ nav: featureNavs })
    .from(featureNavUsage)
    .innerJoin(featureNavs, eq(featureNavs.id, featureNavUsage.featureId))
    .where(and(eq(featureNavUsage.userId, userId), eq(featureNavs.visible, true)))
    .orderBy(desc(featureNavUsage.uses), desc(featureNavUsage.lastUsedAt), asc(featureNavs.id));
  return rows
    .filter((r) => isAvailable(r.nav))
    .slice(0, COMMON_FEATURES_MAX)
    .map((r) => toItem(r.nav));
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
