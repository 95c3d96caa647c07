/**
 * Imports real knowledge content (issue 17, ADR 0140):
 *
 *   npm run import:content -- FILE.jsonl        one JSON object per line
 *   npm run import:content -- FOLDER            every .md file (front matter + Markdown body)
 *
 * Items are upserted by sourceId (importing the same file again updates, never duplicates), HTML
 * is sanitised, attachments named by `path` (relative to the file) go to the file storage. Prints
 * progress and the rejected items with their reasons; exits 1 when any item was rejected.
 */
import '@/lib/server/platform/outside-next';
import fs from 'node:fs';
import path from 'node:path';
import { startDatabase } from '@/lib/server/platform/db/bootstrap';
import { closeDb, getPool } from '@/lib/server/platform/db';
import {
  importItems,
  readJsonLines,
  readMarkdownFile,
} from '../lib/server/content/import/import.service';
import type { SourceItem } from '../lib/server/content/import/import.service';
import { renderMarkdown } from '../lib/server/content/import/markdown';
import { storeAttachmentBytes } from '../lib/server/content/import/attachments';
import { ImportRejection, type AttachmentRef } from '../lib/server/content/import/parse';

function listMarkdown(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listMarkdown(full));
    else if (/\.md$/i.test(entry.name)) out.push(full);
  }
  return out.sort();
}

async function main() {
  const target = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!target) {
    console.log('用法: npm run import:content -- <文件.jsonl | Markdown 文件夹>');
    process.exit(2);
  }
  const abs = path.resolve(target);
  if (!fs.existsSync(abs)) throw new Error(`找不到 ${abs}`);
  const isDir = fs.statSync(abs).isDirectory();
  const baseDir = isDir ? abs : path.dirname(abs);
  const items: SourceItem[] = isDir
    ? listMarkdown(abs).map((f) =>
        readMarkdownFile(fs.readFileSync(f, 'utf8'), path.relative(abs, f)),
      )
    : readJsonLines(fs.readFileSync(abs, 'utf8'));
  console.log(`读取 ${items.length} 条（${isDir ? 'Markdown 文件夹' : 'JSON Lines'}）`);

  const handle = await startDatabase({ log: () => undefined });
  const started = Date.now();
  try {
    const storeAttachment = async (ref: AttachmentRef) => {
      const file = path.resolve(baseDir, ref.path ?? '');
      if (!file.startsWith(baseDir + path.sep))
        throw new ImportRejection(`附件“${ref.name}”的路径不在导入目录内`);
      if (!fs.existsSync(file)) throw new ImportRejection(`附件文件不存在：${ref.path}`);
      return storeAttachmentBytes(ref.name, fs.readFileSync(file));
    };
    const result = await importItems(items, {
      db: getPool(),
      renderMarkdown,
      storeAttachment,
      onProgress: (done, total) => {
        process.stdout.write(`\r  ${done}/${total}`);
      },
    });
    console.log(
      `\n完成：新增 ${result.inserted} 条，更新 ${result.updated} 条，拒绝 ${result.total - result.inserted - result.updated} 条（${((Date.now() - started) / 1000).toFixed(1)} s）`,
    );
    for (const r of result.rejected)
      console.log(`  ✗ ${r.where}${r.sourceId ? ` [${r.sourceId}]` : ''}：${r.reason}`);
    process.exitCode = result.rejected.length ? 1 : 0;
  } finally {
    await closeDb().catch(() => undefined);
    await handle.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
