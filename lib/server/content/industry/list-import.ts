import 'server-only';
import type pg from 'pg';
import { withTransaction } from '@/lib/server/platform';
import { validateUncid } from '@/lib/shared/enterprise/uncid';
import { rosterItemSchema, type RosterItem } from '@/lib/shared/industry/lists';
import { readList } from './list.repository';
import { refreshList } from './list.service';

/** What the import did with one list of the file. */
export type RosterReport = {
  slug: string;
  name: string;
  /** Credit codes of companies in the data, loaded into the roster. */
  loaded: number;
  /** Well-formed codes of no company we know: reported, not loaded. */
  unknown: string[];
  /** Codes that are not credit codes at all (shape or check character). */
  invalid: string[];
  duplicates: number;
  members: number;
};

/** Reads a roster file: JSON lines (one list per line), or one credit code per line with `meta`. */
export function readRosterFile(
  text: string,
  meta?: { slug: string; name: string; category?: string; publisher?: string },
): RosterItem[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > 0 && lines[0].startsWith('{'))
    return lines.map((line, i) => {
      const parsed = rosterItemSchema.safeParse(JSON.parse(line));
      if (!parsed.success)
        throw new Error(`第 ${i + 1} 行格式不正确：${parsed.error.issues[0]?.message ?? ''}`);
      return parsed.data;
    });
  if (!meta) throw new Error('一行一个信用代码的文件须用 --slug 和 --name 指明榜单');
  // CSV/TXT: the first cell of each line; a header line (no code in it) is skipped.
  const uncids = lines.map((l) => l.split(/[,\t;，]/)[0].trim()).filter((c) => /\w{10,}/.test(c));
  return [rosterItemSchema.parse({ ...meta, uncids })];
}

/**
 * Loads rosters: each list is created or updated as a roster list (by slug), its credit codes
 * replaced by the codes of companies we know; unknown and malformed codes are reported. The
 * members are recomputed at once, and the list joins the albums the item names.
 */
export async function importRosters(db: pg.Pool, items: RosterItem[]): Promise<RosterReport[]> {
  const reports: RosterReport[] = [];
  for (const item of items) {
    const codes = item.uncids.map((c) => c.trim().toUpperCase()).filter(Boolean);
    const unique = [...new Set(codes)];
    const invalid = unique.filter((c) => !validateUncid(c));
    const wellFormed = unique.filter((c) => validateUncid(c));
    const { rows } = await db.query<{ uncid: string }>(
      'select uncid from enterprises where uncid = any($1::text[])',
      [wellFormed],
    );
    const known = new Set(rows.map((r) => r.uncid));
    await withTransaction(db, async (tx) => {
      const list = await tx.query<{ id: number; source: string }>(
        `insert into industry_lists (slug, name, description, category, source, publisher, position)
         values ($1, $2, $3, $4, 'roster', $5, 1000)
         on conflict (slug) do update set name = excluded.name, description = excluded.description,
           category = excluded.category, publisher = excluded.publisher, updated_at = now()
         returning id, source`,
        [item.slug, item.name, item.description, item.category, item.publisher ?? null],
      );
      const { id, source } = list.rows[0];
      if (source !== 'roster')
        throw new Error(`榜单 ${item.slug} 是按条件定义的榜单，不能用名单覆盖`);
      await tx.query('delete from industry_list_roster where list_id = $1', [id]);
      await tx.query(
        `insert into industry_list_roster (list_id, uncid) select $1, unnest($2::text[])`,
        [id, [...known]],
      );
      for (const album of item.albums)
        await tx.query(
          `insert into industry_albums (kind, slug, name, list_slugs) values ($1, $2, $3, array[$4])
           on conflict (kind, slug) do update set list_slugs = case
             when $4 = any(industry_albums.list_slugs) then industry_albums.list_slugs
             else industry_albums.list_slugs || $4 end`,
          [album.kind, album.slug, album.name, item.slug],
        );
    });
    const def = await readList(db, item.slug);
    if (def) await refreshList(def, db);
    reports.push({
      slug: item.slug,
      name: item.name,
      loaded: known.size,
      unknown: wellFormed.filter((c) => !known.has(c)),
      invalid,
      duplicates: codes.length - unique.length,
      members: def?.memberCount ?? 0,
    });
  }
  return reports;
}
