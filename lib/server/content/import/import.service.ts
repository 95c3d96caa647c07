import 'server-only';
import type pg from 'pg';
import readline from 'node:readline';
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

/** One JSON line as an item ('' for a blank line, which is skipped). */
function jsonLineItem(line: string, lineNo: number, label: string): SourceItem | null {
  if (!line.trim()) return null;
  const where = `${label}第 ${lineNo} 行`;
  try {
    return { where, raw: JSON.parse(line) as unknown };
  } catch {
    return { where, error: '不是有效的 JSON' };
  }
}

export function readJsonLines(text: string, label = ''): SourceItem[] {
  const out: SourceItem[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const item = jsonLineItem(line, i + 1, label);
    if (item) out.push(item);
  });
  return out;
}

/**
 * The items of a JSON-lines stream, in batches of `size`, read line by line (a 100 MB upload is
 * never held whole). `bytesRead` reports how far into the stream the batch ends.
 */
export async function* jsonLineBatches(
  input: NodeJS.ReadableStream & { bytesRead?: number },
  size = BATCH,
  label = '',
): AsyncGenerator<{ items: SourceItem[]; lines: number; bytesRead: number }> {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let items: SourceItem[] = [];
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    const item = jsonLineItem(line, lineNo, label);
    if (item) items.push(item);
    if (items.length >= size) {
      yield { items, lines: lineNo, bytesRead: input.bytesRead ?? 0 };
      items = [];
    }
  }
  if (items.length > 0) yield { items, lines: lineNo, bytesRead: input.bytesRead ?? 0 };
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

export type ImportOptions = {
  db: Pick<pg.Pool, 'query'>;
  renderMarkdown: (md: string) => string;
  storeAttachment: AttachmentStore;
  /** Parses an item elsewhere (the upload job: a worker process, ADR 0160); else in-process. */
  parseItem?: (raw: unknown) => Promise<ParsedItem>;
};

/**
 * An import in batches: `add` parses, sanitises and upserts one batch into the running result,
 * `finish` closes the list of rejected items. importItems runs it over an array; the admin
 * upload's job over the batches of a file read line by line.
 */
export function importRun(opts: ImportOptions, result?: ImportResult) {
  const r: ImportResult = result ?? { total: 0, inserted: 0, updated: 0, rejected: [] };
  let rejectedCount = r.rejected.length;
  const rejectItem = (x: Rejected) => {
    rejectedCount++;
    if (r.rejected.length < REJECTED_LIST_MAX) r.rejected.push(x);
  };
  return {
    result: r,
    add: (batch: readonly SourceItem[]) => importBatch(batch, opts, rejectItem, r),
    finish(): ImportResult {
      if (rejectedCount > r.rejected.length) {
        r.rejected.push({
          where: '…',
          sourceId: null,
          reason: `另有 ${rejectedCount - r.rejected.length} 条被拒绝，未逐条列出`,
        });
      }
      return r;
    },
  };
}

export async function importItems(
  items: readonly SourceItem[],
  opts: ImportOptions & {
    onProgress?: (done: number, total: number, result: ImportResult) => Promise<void> | void;
    /** Items already done by an earlier attempt (a resumed job). */
    skip?: number;
    result?: ImportResult;
  },
): Promise<ImportResult> {
  const run = importRun(
    opts,
    opts.result ?? { total: items.length, inserted: 0, updated: 0, rejected: [] },
  );
  for (let start = opts.skip ?? 0; start < items.length; start += BATCH) {
    await run.add(items.slice(start, start + BATCH));
    await opts.onProgress?.(Math.min(items.length, start + BATCH), items.length, run.result);
  }
  return run.finish();
}

async function importBatch(
  batch: readonly SourceItem[],
  opts: ImportOptions,
  rejectItem: (r: Rejected) => void,
  result: ImportResult,
): Promise<void> {
  const parsed: { where: string; item: ParsedItem }[] = [];
  for (const s of batch) {
    if (s.error) {
      rejectItem({ where: s.where, sourceId: sourceIdOf(s.raw), reason: s.error });
      continue;
    }
    try {
      const item = await (opts.parseItem?.(s.raw) ?? parseImportItem(s.raw, opts));
      parsed.push({ where: s.where, item });
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
}
