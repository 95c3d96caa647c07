/**
 * Imports licensed company data (issue 37 item 1, ADR 0212; columns in
 * docs/operations/enterprise-import.md):
 *
 *   npm run import:enterprises -- FILE [FILE...] [--rejects PATH] [--keep-demo]
 *
 * FILE: companies (.csv or .jsonl, .gz allowed); child tables as files named …shareholders.csv,
 * …people.csv, …changes.csv, …branches.csv (or nested arrays in JSONL). Idempotent by credit code,
 * resumable after a crash (run the same command again). Exit 0: all imported; 1: imported, some
 * records refused (see the rejects file); 2: the files were refused, nothing imported.
 */
import '@/lib/server/platform/outside-next';
import pg from 'pg';
import { startDatabase } from '@/lib/server/platform/db/bootstrap';
import {
  ImportFileError,
  importEnterprises,
  type ImportProgress,
} from '../db/import/enterprise-import';

const USAGE =
  '用法: npm run import:enterprises -- 企业.csv[.gz] [shareholders.csv people.csv changes.csv branches.csv] [--rejects 拒绝记录.csv] [--keep-demo]';

const PHASES: Record<ImportProgress['phase'], string> = {
  prepare: '准备',
  stage: '读取校验',
  merge: '写入',
  index: '重建索引',
  analyze: '更新统计',
  done: '完成',
};

function parseArgs(argv: string[]) {
  const args = { files: [] as string[], rejects: undefined as string | undefined, keepDemo: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--rejects') args.rejects = argv[++i];
    else if (a === '--keep-demo') args.keepDemo = true;
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('-')) throw new ImportFileError(`未知参数 ${a}\n${USAGE}`);
    else args.files.push(a);
  }
  if (!args.files.length) throw new ImportFileError(USAGE);
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const handle = await startDatabase({ log: () => undefined });
  // Its own pool without the app's statement timeout: a million companies take minutes.
  const pool = new pg.Pool({ connectionString: handle.url, max: 2 });
  pool.on('error', () => undefined);
  let last = 0;
  let lastRecords = 0;
  try {
    const result = await importEnterprises(pool, {
      files: args.files,
      rejectsPath: args.rejects,
      keepDemo: args.keepDemo,
      log: (line) => console.log(line),
      onProgress: (p) => {
        const now = Date.now();
        if (p.phase === 'stage' && now - last < 5000) return;
        const rate = last
          ? Math.round(((p.records - lastRecords) * 1000) / Math.max(1, now - last))
          : 0;
        last = now;
        lastRecords = p.records;
        console.log(
          `[${PHASES[p.phase]}] 已读 ${p.records} 条，暂存 ${p.staged}，拒绝 ${p.rejected}` +
            (p.phase === 'stage' ? `，${rate} 条/秒` : '') +
            `${p.detail ? `（${p.detail}）` : ''}，用时 ${(p.elapsedMs / 1000).toFixed(0)} s`,
        );
      },
    });
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `导入完成（第 ${result.runId} 次${result.resumed ? '，续传' : ''}${result.fastPath ? '，批量快速路径' : ''}）：` +
        `新增 ${result.inserted}，更新 ${result.updated}，未变 ${result.unchanged}，拒绝 ${result.rejected}` +
        `；读取校验 ${s(result.timings.stageMs)}，写入 ${s(result.timings.mergeMs)}，` +
        `索引 ${s(result.timings.indexMs)}，统计 ${s(result.timings.analyzeMs)}，共 ${s(result.timings.totalMs)}`,
    );
    if (result.demoReplaced) console.log('演示企业已被替换，此后启动不再生成演示数据');
    if (result.rejectsPath) console.log(`被拒绝的记录（行号与原因）：${result.rejectsPath}`);
    process.exitCode = result.rejected ? 1 : 0;
  } finally {
    await pool.end();
    await handle.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(err instanceof ImportFileError ? 2 : 1);
});
