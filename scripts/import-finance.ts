/**
 * Imports real financing events (issue 32 item 2, ADR 0193):
 *
 *   npm run import:finance -- FILE.jsonl | FILE.csv
 *       JSON lines: {"uncid","round","date":"YYYY-MM-DD","amount","investors":["…"]}
 *       CSV: a header naming the columns uncid, round, date, amount, investors (investors
 *       separated by 、 or ;), one event per line
 *
 * An event is a company's round on a date: imported again, its amount and investors are updated.
 * Bad rows (shape, credit code, date, unknown company) are printed with their line number and
 * skipped; the good rows load and the finance pages show them at once. Exits 1 when a row was bad.
 */
import '@/lib/server/platform/outside-next';
import fs from 'node:fs';
import path from 'node:path';
import { startDatabase } from '@/lib/server/platform/db/bootstrap';
import { closeDb, getPool } from '@/lib/server/platform/db';
import { importFinanceFile } from '../lib/server/content/finance/finance-import';

async function main() {
  const target = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!target) {
    console.log('用法: npm run import:finance -- <融资事件.jsonl | 融资事件.csv>');
    process.exit(2);
  }
  const abs = path.resolve(target);
  if (!fs.existsSync(abs)) throw new Error(`找不到 ${abs}`);
  const handle = await startDatabase({ log: () => undefined });
  try {
    const r = await importFinanceFile(getPool(), abs);
    console.log(
      `读取 ${r.rows} 行：新增 ${r.inserted} 起，更新 ${r.updated} 起，错误 ${r.errorCount} 行`,
    );
    for (const e of r.errors) console.log(`  第 ${e.line} 行：${e.message}`);
    if (r.errorCount > r.errors.length)
      console.log(`  另有 ${r.errorCount - r.errors.length} 行错误未列出`);
    process.exitCode = r.errorCount > 0 ? 1 : 0;
  } finally {
    await closeDb();
    await handle.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
