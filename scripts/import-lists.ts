/**
 * Imports real rosters into the authoritative lists (issue 31 item 5, ADR 0191):
 *
 *   npm run import:lists -- FILE.jsonl
 *       one list per line: {"slug","name","description","category","publisher","uncids":[…],
 *       "albums":[{"kind":"authoritativeList","slug":"…","name":"…"}]}
 *   npm run import:lists -- FILE.csv --slug zjtx-2026-gd --name "广东省 2026 年专精特新企业"
 *       one credit code per line (the first cell; a header line is skipped)
 *
 * A list is created or replaced by slug; credit codes of companies not in the data are printed
 * and left out, the rest are loaded and the list's members recomputed at once. Exits 1 when a
 * code was unknown or malformed (the known ones are loaded all the same).
 */
import '@/lib/server/platform/outside-next';
import fs from 'node:fs';
import path from 'node:path';
import { startDatabase } from '@/lib/server/platform/db/bootstrap';
import { closeDb, getPool } from '@/lib/server/platform/db';
import { importRosters, readRosterFile } from '../lib/server/content/industry/list-import';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const args = process.argv.slice(2);
  const target = args.find((a, i) => !a.startsWith('-') && !args[i - 1]?.startsWith('--'));
  if (!target) {
    console.log('用法: npm run import:lists -- <名单.jsonl | 名单.csv --slug S --name N>');
    process.exit(2);
  }
  const abs = path.resolve(target);
  if (!fs.existsSync(abs)) throw new Error(`找不到 ${abs}`);
  const slug = option('slug');
  const name = option('name');
  const items = readRosterFile(
    fs.readFileSync(abs, 'utf8'),
    slug && name
      ? { slug, name, category: option('category'), publisher: option('publisher') }
      : undefined,
  );
  const handle = await startDatabase({ log: () => undefined });
  let problems = 0;
  try {
    for (const r of await importRosters(getPool(), items)) {
      console.log(
        `${r.name}（${r.slug}）：载入 ${r.loaded} 家，榜单企业 ${r.members} 家` +
          (r.duplicates ? `，重复 ${r.duplicates} 个` : ''),
      );
      if (r.unknown.length)
        console.log(`  未找到的信用代码 ${r.unknown.length} 个：${r.unknown.join(' ')}`);
      if (r.invalid.length)
        console.log(`  格式错误的信用代码 ${r.invalid.length} 个：${r.invalid.join(' ')}`);
      problems += r.unknown.length + r.invalid.length;
    }
  } finally {
    await closeDb();
    await handle.stop();
  }
  process.exit(problems > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
