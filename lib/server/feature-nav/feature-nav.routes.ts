import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { apiError } from '../api/api-error';
import { getDb } from '../db';
import { featureNavGroups, featureNavUsage, featureNavs } from '@/db/schema';
import { isImplementedMenuPath } from '@/lib/shared/menu/implemented-routes';

const tags = ['更多工具'];
/** Spec 9: the usual-tools list shows at most 8. */
export const COMMON_FEATURES_MAX = 8;

const navItem = z.object({
  id: z.number(),
  name: z.string(),
  label: z.string(),
  path: z.string(),
  icon: z.string(),
  external: z.boolean(),
});

type NavRow = typeof featureNavs.$inferSelect;
/** External tools always work; internal ones only once their page exists (no link to a 404). */
const isAvailable = (r: NavRow) => r.external || isImplementedMenuPath(r.path);
const toItem = (r: NavRow) => ({
  id: r.id,
  name: r.name,
  label: r.label,
  path: r.path,
  icon: r.icon ?? '',
  external: r.external,
});

export const featureNavRoutes = [
  legacyRoute({
    method: 'GET',
    path: '/system/feature-nav/list-for-user',
    summary: '“更多工具”分组与条目（spec 2.4 六个分组）',
    tags,
    access: 'public',
    response: z.array(
      z.object({ id: z.number(), name: z.string(), subFeatureNavs: z.array(navItem) }),
    ),
    handler: async () => {
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
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/feature-nav/common-list-for-user',
    summary: '常用工具（最多 8 个，按使用次数）；未登录为空',
    tags,
    access: 'public',
    response: z.array(navItem),
    handler: async ({ auth }) => {
      if (!auth) return [];
      const rows = await getDb()
        .select({ nav: featureNavs })
        .from(featureNavUsage)
        .innerJoin(featureNavs, eq(featureNavs.id, featureNavUsage.featureId))
        .where(and(eq(featureNavUsage.userId, auth.userId), eq(featureNavs.visible, true)))
        .orderBy(desc(featureNavUsage.uses), desc(featureNavUsage.lastUsedAt))
        .limit(COMMON_FEATURES_MAX);
      return rows.filter((r) => isAvailable(r.nav)).map((r) => toItem(r.nav));
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/system/feature-nav/mark-user-use-feature',
    summary: '记录一次工具点击 {id, type}（需登录）',
    tags,
    access: 'user',
    write: false,
    body: z.object({
      id: z.coerce.number().int().positive(),
      type: z.coerce.number().int().min(0).max(9).default(0),
    }),
    response: z.boolean(),
    handler: async ({ auth, body }) => {
      const [nav] = await getDb()
        .select({ id: featureNavs.id })
        .from(featureNavs)
        .where(eq(featureNavs.id, body.id))
        .limit(1);
      if (!nav) throw apiError('NOT_FOUND');
      await getDb()
        .insert(featureNavUsage)
        .values({ userId: auth.userId, featureId: body.id, type: body.type })
        .onConflictDoUpdate({
          target: [featureNavUsage.userId, featureNavUsage.featureId],
          set: { uses: sql`${featureNavUsage.uses} + 1`, lastUsedAt: sql`now()`, type: body.type },
        });
      return true;
    },
  }),
];
