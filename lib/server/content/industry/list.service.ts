import 'server-only';
import { limitedPaging } from '@/lib/shared/search/result-limit';
import type pg from 'pg';
import { apiError, getPool, partLogger, type ClientInfo } from '@/lib/server/platform';
import {
  assertExportAllowed,
  exportDownload,
  exportEnterprises,
  exportRowLimit,
  withExportSlot,
} from '@/lib/server/enterprise';
import { regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import { describeCondition } from '@/lib/shared/search/advanced';
import {
  LIST_STALE_MS,
  type Album,
  type AlbumKind,
  type ListFilter,
  type ListPage,
  type ListPageQuery,
  type ListRow,
  type ListSummary,
} from '@/lib/shared/industry/lists';
import { readList, readLists, recomputeMembers, type ListDefinition } from './list.repository';

/** Refreshes in flight in this process, by list id (one at a time per list). */
const refreshing = new Map<number, Promise<void>>();

/** The refresh of a list running now, if any (tests wait for a background refresh with it). */
export function pendingRefresh(listId: number): Promise<void> | undefined {
  return refreshing.get(listId);
}

/** Recomputes a list's members now (import, definition change); joins a refresh in flight. */
export function refreshList(def: ListDefinition, db: pg.Pool = getPool()): Promise<void> {
  const running = refreshing.get(def.id);
  if (running) return running;
  const job = recomputeMembers(db, def)
    .then((r) => {
      def.memberCount = r.memberCount;
      def.membersCapped = r.membersCapped;
      def.refreshedAt = new Date();
    })
    .finally(() => refreshing.delete(def.id));
  refreshing.set(def.id, job);
  return job;
}

/**
 * The refresh rule (ADR 0191): members never computed are computed before the answer; members
 * older than LIST_STALE_MS are served as they are while a background refresh replaces them.
 */
export async function ensureFresh(def: ListDefinition, now = Date.now()): Promise<void> {
  if (!def.refreshedAt) return refreshList(def);
  if (now - def.refreshedAt.getTime() > LIST_STALE_MS)
    void refreshList(def).catch((err: unknown) =>
      partLogger('industry-list').error({ err }, `refresh of ${def.slug} failed`),
    );
}

const FIELD_NAMES = (field: string, key: string): string =>
  field === 'region'
    ? regionName(key) || key
    : field === 'industry'
      ? industryName(key) || key
      : key;

export function summaryOf(def: ListDefinition): ListSummary {
  return {
    slug: def.slug,
    name: def.name,
    description: def.description,
    category: def.category,
    source: def.source,
    definition:
      def.source === 'roster'
        ? '导入的名单'
        : def.condition
          ? describeCondition(def.condition, FIELD_NAMES)
          : '定义无效，不匹配任何企业',
    publisher: def.publisher,
    memberCount: def.memberCount,
    membersCapped: def.membersCapped,
    refreshedAt: def.refreshedAt ? def.refreshedAt.toISOString() : null,
  };
}

/** Every list with its count (the /authoritativeList index). */
export async function listIndustryLists(db: pg.Pool = getPool()): Promise<ListSummary[]> {
  const defs = await readLists(db);
  for (const def of defs) await ensureFresh(def);
  return defs.map(summaryOf);
}

/** A list's summary, or null for an unknown slug (the page answers 404). */
export async function getIndustryList(
  slug: string,
  db: pg.Pool = getPool(),
): Promise<ListSummary | null> {
  const def = await readList(db, slug);
  if (!def) return null;
  await ensureFresh(def);
  return summaryOf(def);
}

/** The members filter as SQL over industry_list_members m. */
function memberWhere(
  listId: number,
  f: { province?: string; section?: string },
  skip?: 'province' | 'section',
): { sql: string; values: unknown[] } {
  const values: unknown[] = [listId];
  const parts = ['m.list_id = $1'];
  if (f.province && skip !== 'province') {
    values.push(f.province);
    parts.push(`m.province_code = $${values.length}`);
  }
  if (f.section && skip !== 'section') {
    values.push(f.section);
    parts.push(`m.industry_section = $${values.length}`);
  }
  return { sql: parts.join(' and '), values };
}

async function facet(
  db: pg.Pool,
  column: 'province_code' | 'industry_section',
  where: { sql: string; values: unknown[] },
  label: (key: string) => string,
): Promise<{ key: string; label: string; count: number }[]> {
  const { rows } = await db.query<{ key: string; n: number }>(
    `select m.${column} as key, count(*)::int as n from industry_list_members m
     where ${where.sql} and m.${column} is not null group by 1 order by 2 desc, 1`,
    where.values,
  );
  return rows.map((r) => ({ key: r.key, label: label(r.key) || r.key, count: r.n }));
}

type MemberRowDb = {
  rank: number;
  id: number;
  name: string;
  uncid: string;
  legal_person: string;
  status: string;
  reg_capital: number | null;
  reg_capital_currency: string;
  establish_date: string | null;
  province_code: string | null;
  city_code: string | null;
  industry_section: string | null;
  industry_class: string | null;
  tags: string[];
};

function toRow(r: MemberRowDb): ListRow {
  const province = regionName(r.province_code);
  const city = regionName(r.city_code);
  return {
    rank: r.rank,
    id: r.id,
    name: r.name,
    uncid: r.uncid,
    legalPerson: r.legal_person,
    status: r.status,
    regCapital: r.reg_capital === null ? null : Number(r.reg_capital),
    regCapitalCurrency: r.reg_capital_currency,
    establishDate: r.establish_date,
    regionName: city && city !== province ? `${province} ${city}` : province,
    industryName: industryName(r.industry_class) || industryName(r.industry_section),
    tags: r.tags,
  };
}

/**
 * One page of a list: members in rank order with the filters, their count and the facets (each
 * facet counted with the other filter only). Pages beyond the caller's depth come back empty
 * with a notice, as in company search. Null for an unknown list.
 */
export async function getListPage(
  q: ListPageQuery,
  options: { maxResults: number; db?: pg.Pool },
): Promise<ListPage | null> {
  const db = options.db ?? getPool();
  const def = await readList(db, q.slug);
  if (!def) return null;
  await ensureFresh(def);
  const offset = (q.pageNo - 1) * q.pageSize;
  const limit = Math.max(0, Math.min(q.pageSize, options.maxResults - offset));
  const where = memberWhere(def.id, q);
  const [count, rows, province, section] = await Promise.all([
    db.query<{ n: number }>(
      `select count(*)::int as n from industry_list_members m where ${where.sql}`,
      where.values,
    ),
    limit > 0
      ? db.query<MemberRowDb>(
          `select m.rank, e.id::int as id, e.name, e.uncid, e.legal_person, e.status, e.reg_capital,
             e.reg_capital_currency, to_char(e.establish_date, 'YYYY-MM-DD') as establish_date,
             e.province_code, e.city_code, e.industry_section, e.industry_class, e.tags
           from industry_list_members m join enterprises e on e.id = m.enterprise_id
           where ${where.sql} order by m.rank limit ${limit} offset ${offset}`,
          where.values,
        )
      : Promise.resolve({ rows: [] as MemberRowDb[] }),
    facet(db, 'province_code', memberWhere(def.id, q, 'province'), regionName),
    facet(db, 'industry_section', memberWhere(def.id, q, 'section'), industryName),
  ]);
  return {
    list: summaryOf(def),
    total: count.rows[0]?.n ?? 0,
    rows: rows.rows.map(toRow),
    facets: { province, section },
    ...limitedPaging(q, options.maxResults, offset),
  };
}

/** An album and its lists (in the album's order; a slug without a list is left out). */
export async function getAlbum(
  kind: AlbumKind,
  slug: string,
  db: pg.Pool = getPool(),
): Promise<Album | null> {
  const { rows } = await db.query<{ name: string; description: string; list_slugs: string[] }>(
    'select name, description, list_slugs from industry_albums where kind = $1 and slug = $2',
    [kind, slug],
  );
  const album = rows[0];
  if (!album) return null;
  const defs = await readLists(db, album.list_slugs);
  for (const def of defs) await ensureFresh(def);
  return {
    kind,
    slug,
    name: album.name,
    description: album.description,
    lists: defs.map(summaryOf),
  };
}

/**
 * A list's members (with the filters) as 导出.xlsx: the first N by rank, N being the edition's
 * export cap; contacts not unlocked stay masked (the export service's rule).
 */
export async function exportList(
  actor: { tenantId: number; userId: number; client: ClientInfo },
  f: ListFilter,
  db: pg.Pool = getPool(),
): Promise<Response> {
  const def = await readList(db, f.slug);
  if (!def) throw apiError('NOT_FOUND');
  const max = await exportRowLimit(actor.tenantId);
  if (max <= 0) await assertExportAllowed(actor.tenantId, 1);
  await ensureFresh(def);
  return withExportSlot(actor, async () => {
    const where = memberWhere(def.id, f);
    const { rows } = await db.query<{ id: number }>(
      `select m.enterprise_id::int as id from industry_list_members m where ${where.sql}
       order by m.rank limit ${Math.floor(max)}`,
      where.values,
    );
    if (rows.length === 0)
      throw apiError('SEARCH_KEYWORD_INVALID', { reason: '榜单中没有符合条件的企业可导出' });
    const file = await exportEnterprises(
      actor,
      rows.map((r) => r.id),
    );
    return exportDownload(actor, 'export_industry_list', `${def.name}（${file.rows} 家）`, file);
  });
}
