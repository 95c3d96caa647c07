import type pg from 'pg';
import matter from 'gray-matter';
import { writeNews, writePolicies, writeReports } from '../content-write';
import type { NewsWrite, PolicyWrite, ReportWrite } from '../content-write';
import { ImportRejection, parseImportItem, type AttachmentStore, type ParsedItem } from './parse';

/**
 * Import of real content (issue 17): JSON lines or Markdown files with front matter, parsed,
 * sanitised and upserted by source id in batches; bad items are reported, never fatal. Used by
 * `npm run import:content` and by the admin upload's background job.
 */

/** One item as read from a source: the raw object, or why it could not be read. */
export type SourceItem = { where: string; raw?: unknown; error?: string };

export type Rejected = { where: string; sourceId: string | null; reason: string };

export type ImportResult = {
  total: number;
  inserted: number;
  updated: number;
  rejected: Rejected[];
};

/** Most rejected items a result lists (the count is always exact). */
export const REJECTED_LIST_MAX = 500;

export function readJsonLines(text: string, label = ''): SourceItem[] {
  const out: SourceItem[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const where = `${label}第 ${i + 1} 行`;
    try {
      out.push({ where, raw: JSON.parse(line) as unknown });
    } catch {
      out.push({ where, error: '不是有效的 JSON' });
    }
  });
  return out;
}

/** A Markdown file: front matter fields plus the body as `markdown`; sourceId defaults to `md:<name>`. */
export function readMarkdownFile(text: string, name: string): SourceItem {
  try {
    const file = matter(text);
    const data = file.data as Record<string, unknown>;
    return {
      where: name,
      raw: { sourceId: `md:${name.replace(/\.md$/i, '')}`, ...data, markdown: file.content },
    };
  } catch (err) {
    return {
      where: name,
      error: `front matter 无法解析：${(err as Error).message.split('\n')[0]}`,
    };
  }
}

function sourceIdOf(raw: unknown): string | null {
  const id = (raw as { sourceId?: unknown } | null)?.sourceId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

const BATCH = 200;

export async function importItems(
  items: readonly SourceItem[],
  opts: {
    db: Pick<pg.Pool, 'query'>;
    renderMarkdown: (md: string) => string;
    storeAttachment: AttachmentStore;
    onProgress?: (done: number, total: number, result: ImportResult) => Promise<void> | void;
    /** Items already done by an earlier attempt (a resumed job). */
    skip?: number;
    result?: ImportResult;
  },
): Promise<ImportResult> {
  const result: ImportResult = opts.result ?? {
    total: items.length,
    inserted: 0,
    updated: 0,
    rejected: [],
  };
  let rejectedCount = result.rejected.length;
  const rejectItem = (r: Rejected) => {
    rejectedCount++;
    if (result.rejected.length < REJECTED_LIST_MAX) result.rejected.push(r);
  };
  for (let start = opts.skip ?? 0; start < items.length; start += BATCH) {
    const batch = items.slice(start, start + BATCH);
    const parsed: { where: string; item: ParsedItem }[] = [];
    for (const s of batch) {
      if (s.error) {
        rejectItem({ where: s.where, sourceId: sourceIdOf(s.raw), reason: s.error });
        continue;
      }
      try {
        parsed.push({ where: s.where, item: await parseImportItem(s.raw, opts) });
      } catch (err) {
        if (!(err instanceof ImportRejection)) throw err;
        rejectItem({ where: s.where, sourceId: sourceIdOf(s.raw), reason: err.message });
      }
    }
    // One upsert cannot touch a row twice: a repeated source id keeps its last occurrence.
    const last = new Map<string, { where: string; item: ParsedItem }>();
    for (const p of parsed) {
      const key = `${p.item.type}:${p.item.row.sourceId}`;
      const before = last.get(key);
      if (before)
        rejectItem({
          where: before.where,
          sourceId: before.item.row.sourceId,
          reason: `sourceId 重复，以${p.where}为准`,
        });
      last.set(key, p);
    }
    const kept = [...last.values()].map((p) => p.item);
    const counts = await Promise.all([
      writePolicies(
        opts.db,
        kept.filter((p) => p.type === 'policy').map((p) => p.row as PolicyWrite),
      ),
      writeReports(
        opts.db,
        kept.filter((p) => p.type === 'report').map((p) => p.row as ReportWrite),
      ),
      writeNews(
        opts.db,
        kept.filter((p) => p.type === 'news').map((p) => p.row as NewsWrite),
      ),
    ]);
    for (const c of counts) {
      result.inserted += c.inserted;
      result.updated += c.updated;
    }
    await opts.onProgress?.(Math.min(items.length, start + BATCH), items.length, result);
  }
  if (rejectedCount > result.rejected.length) {
    result.rejected.push({
      where: '…',
      sourceId: null,
      reason: `另有 ${rejectedCount - result.rejected.length} 条被拒绝，未逐条列出`,
    });
  }
  return result;
}
