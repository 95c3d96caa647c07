/**
 * Seeds the database: reference data (regions, industries), platform demo data, and the demo
 * enterprise corpus.
 *
 *   npm run db:seed -- [--enterprises N] [--seed S] [--reset]
 *
 * N defaults to SEED_ENTERPRISES (20000). Idempotent: reference data is upserted; when the corpus
 * already has N or more enterprises nothing is generated; with fewer it is topped up to N (the
 * generator continues the same deterministic sequence). --reset empties the corpus tables first.
 */
import '@/lib/server/platform/outside-next';
import pg from 'pg';
import { startDatabase } from '@/lib/server/platform/db/bootstrap';
import { config } from '@/lib/server/platform/config';
import {
  CORPUS_TABLES,
  countEnterprises,
  DEFAULT_SEED,
  resetEnterpriseCorpus,
  seedEnterprises,
  seedReferenceData,
} from '../db/seed';
import { seedPlatform } from '../db/seed/platform';
import { seedDemoEstates } from '../db/seed/estate-demo';

type Args = { enterprises: number; seed: number; reset: boolean };

function parseArgs(argv: string[]): Args {
  const args: Args = { enterprises: config.seedEnterprises, seed: DEFAULT_SEED, reset: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v < 0) throw new Error(`${arg} 需要一个非负整数`);
      return Math.floor(v);
    };
    if (arg === '--enterprises' || arg === '-n') args.enterprises = value();
    else if (arg === '--seed') args.seed = value();
    else if (arg === '--reset') args.reset = true;
    else if (arg === '--help' || arg === '-h') {
      console.log('用法: npm run db:seed -- [--enterprises N] [--seed S] [--reset]');
      process.exit(0);
    } else throw new Error(`未知参数: ${arg}`);
  }
  return args;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const handle = await startDatabase({ log: console.log });
  const pool = new pg.Pool({ connectionString: handle.url, max: 4 });
  // Idle clients see the server stop at the end; that is expected, not an error.
  pool.on('error', () => undefined);
  try {
    let t = Date.now();
    const ref = await seedReferenceData(pool);
    console.log(
      `参考数据: ${ref.regions} 个行政区划, ${ref.industries} 个行业 (${seconds(Date.now() - t)})`,
    );

    // Platform demo data (tenants, users, roles, menus): db/seed/platform.ts.
    t = Date.now();
    await seedPlatform(pool);
    console.log(`平台演示数据 (${seconds(Date.now() - t)})`);

    if (args.reset) {
      await resetEnterpriseCorpus(pool);
      console.log('已清空企业数据表');
    }
    const existing = await countEnterprises(pool);
    if (existing >= args.enterprises) {
      console.log(
        `已有 ${existing} 家企业 (目标 ${args.enterprises})，跳过生成；需要重新生成请加 --reset`,
      );
    } else {
      const toAdd = args.enterprises - existing;
      console.log(
        `生成 ${toAdd} 家企业${existing ? `（在已有 ${existing} 家之后追加）` : ''}，seed=${args.seed}`,
      );
      let lastLog = 0;
      const result = await seedEnterprises(pool, {
        count: toAdd,
        seed: args.seed,
        onProgress: (_done, _total, p) => {
          const now = Date.now();
          if (p.phase === 'load' && now - lastLog < 2000 && p.done < p.total) return;
          if (
            p.phase === 'analyze' ||
            p.phase === 'prepare' ||
            (p.phase === 'index' && p.done < p.total)
          )
            return;
          lastLog = now;
          console.log(`  [${p.phase}] ${p.done}/${p.total} (${seconds(p.elapsedMs)})`);
        },
      });
      const { timings } = result;
      console.log(
        `企业数据: 准备 ${seconds(timings.prepareMs)}, 写入 ${seconds(timings.loadMs)}, 索引 ${seconds(timings.indexMs)}, 统计 ${seconds(timings.analyzeMs)}, 合计 ${seconds(timings.totalMs)}`,
      );
    }
    // Demo parks and buildings over the companies just generated (replaced, as the corpus may be).
    t = Date.now();
    const estates = await seedDemoEstates(pool, { force: true });
    console.log(`演示园区与楼宇: ${estates} 个 (${seconds(Date.now() - t)})`);
    const counts = await pool.query<{ table_name: string; n: string }>(
      CORPUS_TABLES.map(
        (table) => `select '${table}' as table_name, count(*)::text as n from ${table}`,
      ).join(' union all '),
    );
    for (const row of counts.rows)
      console.log(
        `  ${row.table_name.padEnd(28)} ${Number(row.n).toLocaleString('en-US').padStart(12)}`,
      );
    console.log(`完成，用时 ${seconds(Date.now() - started)}`);
  } finally {
    await pool.end();
    await handle.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
