import 'server-only';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { searchConditionTemplates } from '@/db/schema';
import { getDb, apiError } from '@/lib/server/platform';
import { normalizeKeyword } from '@/lib/shared/search/query';
import {
  SEARCH_TEMPLATE_LIMIT,
  type SavedTemplate,
  type TemplateCondition,
} from '@/lib/shared/search/search.contract';

/** Templates belong to the user, within the tenant they saved them in. */
type TemplateOwner = { tenantId: number; userId: number };

/** The owner's templates, newest first, optionally those whose name contains the keyword. */
export async function listSearchTemplates(
  owner: TemplateOwner,
  rawKeyword: string,
): Promise<SavedTemplate[]> {
  const keyword = normalizeKeyword(rawKeyword);
  const t = searchConditionTemplates;
  const rows = await getDb()
    .select({ id: t.id, name: t.name, condition: t.condition, createdAt: t.createdAt })
    .from(t)
    .where(
      and(
        eq(t.tenantId, owner.tenantId),
        eq(t.userId, owner.userId),
        keyword ? sql`position(${keyword} in ${t.name}) > 0` : undefined,
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(SEARCH_TEMPLATE_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    condition: r.condition as SavedTemplate['condition'],
    createTime: r.createdAt.getTime(),
  }));
}

/**
 * Saves a template; at most SEARCH_TEMPLATE_LIMIT per user. The count and the insert run under a
 * per-user transaction lock, so parallel saves cannot pass the limit together.
 */
export async function saveSearchTemplate(
  owner: TemplateOwner,
  name: string,
  condition: TemplateCondition,
): Promise<number> {
  const t = searchConditionTemplates;
  return getDb().transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('search_condition_templates'), ${owner.userId}::int)`,
    );
    const [{ n }] = await tx.select({ n: count() }).from(t).where(eq(t.userId, owner.userId));
    if (n >= SEARCH_TEMPLATE_LIMIT)
      throw apiError('SEARCH_KEYWORD_INVALID', {
        reason: `最多保存 ${SEARCH_TEMPLATE_LIMIT} 个模板，请先删除不用的模板`,
      });
    const [row] = await tx
      .insert(t)
      .values({
        tenantId: owner.tenantId,
        userId: owner.userId,
        name,
        condition: {
          keyword: normalizeKeyword(condition.keyword),
          filters: condition.filters,
          ...(condition.advanced ? { advanced: condition.advanced } : {}),
        },
      })
      .returning({ id: t.id });
    return row.id;
  });
}

/** Deletes one of the user's own templates; someone else's id is NOT_FOUND, like a missing one. */
export async function deleteSearchTemplate(userId: number, id: number): Promise<true> {
  const t = searchConditionTemplates;
  const deleted = await getDb()
    .delete(t)
    .where(and(eq(t.id, id), eq(t.userId, userId)))
    .returning({ id: t.id });
  if (deleted.length === 0) throw apiError('NOT_FOUND');
  return true;
}
