/**
 * Same results before and after a search change: runs a fixed sample of searches (the bench's
 * kinds, picked from the corpus the same way) against a running database (DATABASE_URL), warm
 * (each search asked twice, the second answer kept), and writes each one's top 10 ids, whether it
 * found anything and its total to --out; with --against FILE it compares with an earlier run.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/search-compare.ts --out before.json
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/search-compare.ts --out after.json --against before.json
 */
import '@/lib/server/platform/outside-next';
import fs from 'node:fs';
import { benchSearch, corpusPicks } from './search-picks';

type Answer = { top: number[]; found: boolean; total: string };

async function main() {
  const argv = process.argv.slice(2);
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : null;
  };
  const out = arg('--out');
  const against = arg('--against');
  const { getPool, closeDb } = await import('@/lib/server/platform/db');
  const pool = getPool();
  const picks = await corpusPicks(pool);
  const searches: Record<string, Record<string, unknown>> = {};
  const add = (label: string, body: Record<string, unknown>) => (searches[label] = body);
  picks.forEach((r, i) => {
    const c = Array.from(r.name);
    const a = Array.from(r.address);
    const at = 2 + (i % 5) * 2;
    add(`地址片段 ${i}`, { keyword: a.slice(at, at + 3 + (i % 3)).join('') });
    add(`地址片段长 ${i}`, { keyword: a.slice(3, 9).join('') });
    add(`法定代表人 ${i}`, { keyword: r.legal_person });
    add(`2 字罕见 ${i}`, { keyword: c.slice(2, 4).join('') });
    add(`3 字 ${i}`, { keyword: c.slice(1 + (i % 2), 4 + (i % 2)).join('') });
    add(`全称 ${i}`, { keyword: r.name });
    add(`单字 ${i}`, { keyword: c[[0, 2, c.length - 3][i % 3]] });
    add(`信用代码前缀 ${i}`, { keyword: r.uncid.slice(0, 4 + (i % 14)) });
    add(`关键词+筛选 ${i}`, {
      keyword: '科技',
      filters: { regions: [r.province_code], capitalBands: ['100-500', '500-1000'] },
    });
  });
  for (const w of ['科技', '贸易', '信息技术', '物流运输', '新能源车', '电子商务', '技术开发'])
    add(`词 ${w}`, { keyword: w });
  for (const w of ['医疗', '餐饮', '物流']) add(`排序 ${w}`, { keyword: w, sort: 'capitalDesc' });
  add('深分页 贸易', { keyword: '贸易', pageNo: 50, pageSize: 20 });

  const answers: Record<string, Answer> = {};
  for (const [label, body] of Object.entries(searches)) {
    let res: Awaited<ReturnType<typeof benchSearch>> | null = null;
    try {
      for (let k = 0; k < 2; k++) res = await benchSearch(pool, body);
    } catch (err) {
      // A failed search (a timeout under load) is shown and compared as such, not fatal.
      console.log(`${label} ${JSON.stringify(body)}: failed (${(err as Error).message})`);
      answers[label] = { top: [], found: false, total: 'failed' };
      continue;
    }
    answers[label] = {
      top: res!.list.slice(0, 10).map((h) => Number(h.id)),
      found: res!.list.length > 0,
      total: res!.totalText ?? String(res!.total),
    };
  }
  if (out) fs.writeFileSync(out, JSON.stringify({ searches, answers }, null, 1));
  if (against) {
    const before = (JSON.parse(fs.readFileSync(against, 'utf8')) as { answers: typeof answers })
      .answers;
    let same = 0;
    let differ = 0;
    for (const [label, a] of Object.entries(answers)) {
      const b = before[label];
      if (!b) continue;
      const equal = b.found === a.found && b.top.join(',') === a.top.join(',');
      if (equal) same++;
      else {
        differ++;
        console.log(
          `${label} ${JSON.stringify(searches[label])}: before ${b.total} [${b.top.join(',')}] / after ${a.total} [${a.top.join(',')}]`,
        );
      }
    }
    // Totals that moved (an estimate for an exact count or the other way, or another estimate).
    const moved = Object.entries(answers).filter(
      ([label, a]) => before[label] && before[label].total !== a.total,
    );
    for (const [label, a] of moved)
      console.log(`  total ${label}: ${before[label].total} → ${a.total}`);
    console.log(
      `${same} searches with the same top 10, ${differ} different; ${moved.length} totals moved`,
    );
  }
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
