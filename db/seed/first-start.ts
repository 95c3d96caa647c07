import { getPool } from '@/lib/server/platform/db';
import { seedEnterprises, seedReferenceData } from './index';
import { seedPlatform } from './platform';
import { seedDemoCrm } from './crm-demo';
import { seedDemoContent } from './content-demo';
import { seedDemoEstates } from './estate-demo';

/**
 * First start in demo mode: reference data, the platform (editions, roles, menus, demo tenants and
 * users), `enterpriseCount` generated enterprises and the standard tenant's example leads,
 * customers and opportunities. Later starts only top up the platform rows
 * (idempotent), so a restart keeps every change users made.
 */
export async function seedIfEmpty(
  enterpriseCount: number,
  log: (...a: unknown[]) => void,
): Promise<void> {
  // Instances started together against one database seed one after the other: the second finds
  // the companies there and only tops up (issue 37 item 5).
  // The wait lasts as long as the other's seed, beyond the pool's statement timeout.
  const lock = await getPool().connect();
  try {
    await lock.query('set statement_timeout = 0');
    await lock.query('select pg_advisory_lock(727002)');
    await seedUnlocked(enterpriseCount, log);
  } finally {
    await lock.query('select pg_advisory_unlock(727002)').catch(() => undefined);
    await lock.query('reset statement_timeout').catch(() => undefined);
    lock.release();
  }
}

async function seedUnlocked(enterpriseCount: number, log: (...a: unknown[]) => void) {
  const pool = getPool();
  const started = Date.now();
  const { rows } = await pool.query<{ has: boolean; imported: boolean }>(
    `select exists(select 1 from enterprises) as has,
            exists(select 1 from enterprise_import_runs where status = 'done') as imported`,
  );
  // A database that holds imported company data (npm run import:enterprises) gets no demo data:
  // neither generated companies nor demo policies and parks beside the real ones.
  if (rows[0]?.imported) {
    await seedPlatform(pool);
    return;
  }
  if (rows[0]?.has) {
    await seedPlatform(pool);
    // Installs seeded before issue 17 get the demo content once (a no-op when there is some).
    await seedDemoContent(pool).catch((err: Error) => log(`演示政策与资讯未生成：${err.message}`));
    // Installs seeded before issue 30 item 5 get the demo parks once (a no-op when there are some).
    await seedDemoEstates(pool).catch((err: Error) => log(`演示园区未生成：${err.message}`));
    return;
  }
  log(`首次启动：正在生成演示数据（${enterpriseCount} 家企业）…`);
  await seedReferenceData(pool);
  await seedPlatform(pool);
  let lastLogged = 0;
  await seedEnterprises(pool, {
    count: enterpriseCount,
    seed: 20261122,
    onProgress: (done, _total, progress) => {
      if (progress.phase !== 'load') return;
      if (done - lastLogged >= 10000 || done === enterpriseCount) {
        lastLogged = done;
        log(`  已生成 ${done}/${enterpriseCount}`);
      }
    },
  });
  // A worked example for the sales pages; without it the site still starts.
  await seedDemoCrm().catch((err: Error) => log(`演示线索未生成：${err.message}`));
  await seedDemoContent(pool).catch((err: Error) => log(`演示政策与资讯未生成：${err.message}`));
  await seedDemoEstates(pool).catch((err: Error) => log(`演示园区未生成：${err.message}`));
  log(`演示数据就绪，用时 ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
