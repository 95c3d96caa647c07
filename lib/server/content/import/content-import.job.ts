import { z } from 'zod';
import { getPool } from '../../db';
import { defineJobKind } from '../../jobs/job-kind';
import { CONTENT_IMPORT_KIND } from '@/lib/shared/content/content.constants';
import { importItems, readJsonLines, readMarkdownFile } from './import.service';
import { renderMarkdown } from './markdown';
import { ImportRejection } from './parse';

export const contentImportParams = z.object({
  fileName: z.string(),
  format: z.enum(['jsonl', 'md']),
  /** The upload's text (≤ CONTENT_IMPORT_MAX_BYTES), kept in the job row until it ends. */
  text: z.string(),
});

/**
 * content_import (admin upload): parses the uploaded JSON lines / Markdown file, upserts the items
 * in batches of 200 with progress after each, and ends with the counts and the rejected items
 * (where, sourceId, reason) as its result. Upserts are idempotent by source id, so an attempt
 * resumed after a crash simply starts again.
 */
export const contentImportJob = defineJobKind<z.infer<typeof contentImportParams>, null>({
  kind: CONTENT_IMPORT_KIND,
  params: contentImportParams,
  async run(ctx) {
    const { text, format, fileName } = ctx.params;
    const items = format === 'md' ? [readMarkdownFile(text, fileName)] : readJsonLines(text);
    await ctx.progress({ processed: 0, total: items.length, message: '导入中' });
    const result = await importItems(items, {
      db: getPool(),
      renderMarkdown,
      storeAttachment: async (ref) => {
        throw new ImportRejection(
          `附件“${ref.name}”：上传导入只接受 url 链接，本地文件请用 npm run import:content`,
        );
      },
      onProgress: (done, total, r) =>
        ctx.progress({
          processed: done,
          total,
          message: `已处理 ${done}/${total}：新增 ${r.inserted}，更新 ${r.updated}`,
        }),
    });
    const rejectedCount = result.total - result.inserted - result.updated;
    return {
      result: { ...result, rejectedCount },
      message: `共 ${result.total} 条：新增 ${result.inserted} 条，更新 ${result.updated} 条，拒绝 ${rejectedCount} 条`,
    };
  },
});
