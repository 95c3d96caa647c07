import fs from 'node:fs';
import { z } from 'zod';
import { getPool, defineJobKind } from '@/lib/server/platform';
import { CONTENT_IMPORT_KIND } from '@/lib/shared/content/content.constants';
import {
  importRun,
  jsonLineBatches,
  readJsonLines,
  readMarkdownFile,
  type ImportOptions,
  type SourceItem,
} from './import.service';
import { renderMarkdown } from './markdown';
import { startItemParser } from './parse-in-worker';
import { rejectUploadedAttachment } from './upload-attachments';
import { contentUploadPath, removeContentUpload } from './upload-file';

export const contentImportParams = z.object({
  fileName: z.string(),
  format: z.enum(['jsonl', 'md']),
  /** The stored upload (upload-file.ts): read line by line, deleted when the job is done. */
  upload: z.string().optional(),
  /** The upload's text, as jobs queued before uploads were stored as files carry it. */
  text: z.string().optional(),
});

const options: () => ImportOptions = () => ({
  db: getPool(),
  renderMarkdown,
  storeAttachment: rejectUploadedAttachment,
});

/** Batches of the job's items: a stored JSON-lines file line by line, or the items of a text. */
async function* batchesOf(
  params: z.infer<typeof contentImportParams>,
): AsyncGenerator<{ items: SourceItem[]; message: string; processed: number; total: number }> {
  const { format, fileName, upload } = params;
  if (upload && format === 'jsonl') {
    const file = contentUploadPath(upload);
    const size = (await fs.promises.stat(file)).size;
    const input = fs.createReadStream(file, { encoding: 'utf8' });
    try {
      for await (const b of jsonLineBatches(input)) {
        const message = `已读到第 ${b.lines} 行`;
        yield { items: b.items, message, processed: b.bytesRead, total: size };
      }
    } finally {
      input.destroy();
    }
    return;
  }
  const text = upload ? await fs.promises.readFile(contentUploadPath(upload), 'utf8') : params.text;
  const items =
    format === 'md' ? [readMarkdownFile(text ?? '', fileName)] : readJsonLines(text ?? '');
  for (let i = 0; i < items.length; i += 200) {
    const done = Math.min(items.length, i + 200);
    yield {
      items: items.slice(i, i + 200),
      message: `已处理 ${done}/${items.length} 条`,
      processed: done,
      total: items.length,
    };
  }
}

/**
 * content_import (admin upload): reads the uploaded JSON lines (line by line, 200 items a batch) or
 * Markdown file, upserts each batch with progress after it (by bytes of the file read), and ends
 * with the counts and the rejected items (where, sourceId, reason) as its result. Upserts are
 * idempotent by source id, so an attempt resumed after a crash simply starts again; the stored
 * file is deleted once the job's end is committed (onEnded).
 */
export const contentImportJob = defineJobKind<z.infer<typeof contentImportParams>, null>({
  kind: CONTENT_IMPORT_KIND,
  params: contentImportParams,
  async run(ctx) {
    await ctx.progress({ processed: 0, total: null, message: '导入中' });
    // Items are rendered and sanitised in a worker process: the server's loop stays free.
    const parser = startItemParser();
    const run = importRun({ ...options(), parseItem: parser.parse });
    try {
      for await (const b of batchesOf(ctx.params)) {
        run.result.total += b.items.length;
        await run.add(b.items);
        const r = run.result;
        await ctx.progress({
          processed: b.processed,
          total: b.total,
          message: `${b.message}：共 ${r.total} 条，新增 ${r.inserted}，更新 ${r.updated}`,
        });
      }
    } finally {
      parser.close();
    }
    const result = run.finish();
    const rejectedCount = result.total - result.inserted - result.updated;
    return {
      result: { ...result, rejectedCount },
      message: `共 ${result.total} 条：新增 ${result.inserted} 条，更新 ${result.updated} 条，拒绝 ${rejectedCount} 条`,
    };
  },
  // After the end is committed: removed in `run`, a crash before the end left a resumed attempt
  // without its file, and the import failed although every item was in (issue 36 kill test).
  async onEnded(params) {
    if (params.upload) await removeContentUpload(params.upload);
  },
});
