/**
 * `npm run start:cluster [-- --instances N]`: N app processes behind one port, one database
 * (issue 37 item 5, ADR 0210). Node's cluster module shares the listening port among the workers
 * (the primary hands each new connection to the next worker), so there is no proxy to run.
 *
 * The primary starts the embedded PostgreSQL when DATABASE_URL is not set (its migrations run
 * here once), then forks the workers with that URL: each worker is the ordinary server.ts, which
 * finds the database running, migrations applied and the demo data seeded by whichever worker got
 * the seed lock first. A worker that dies is started again; the others serve meanwhile, and the
 * dead one's running jobs are taken over by the job sweeper of any instance.
 *
 * Everything an instance keeps for itself is safe to keep per process: pushes cross instances
 * through PostgreSQL NOTIFY, company pages in the page cache are checked against their version in
 * the database, rate-limit counts meet in PostgreSQL, jobs are claimed with a fence.
 */
import '@/lib/server/platform/outside-next';
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { config, startDatabase, type DatabaseHandle } from '@/lib/server/platform';

const log = (line: string) => console.log(`[cluster] ${line}`);

function instancesWanted(): number {
  const i = process.argv.indexOf('--instances');
  const raw = i >= 0 ? process.argv[i + 1] : process.env.INSTANCES;
  const n = Number(raw ?? 2);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    console.error(`--instances 应为 1 到 64 的整数（收到 ${raw}）`);
    process.exit(2);
  }
  return Math.min(n, Math.max(1, os.availableParallelism() * 4));
}

/** What differs between workers: their name, and ports only one process can hold. */
function workerEnv(index: number): Record<string, string> {
  const metricsBase = config.metricsPort;
  return {
    INSTANCE_NAME: `instance-${index}`,
    METRICS_PORT: metricsBase > 0 ? String(metricsBase + index - 1) : '0',
    // The demo partner platform is one server for all (ADR 0206): the first worker runs it.
    ...(index === 1 ? {} : { DEMO_PARTNER_PORT: '0' }),
  };
}

async function main() {
  const count = instancesWanted();
  let database: DatabaseHandle | null = null;
  if (!config.databaseUrl) {
    database = await startDatabase({ log });
    log(`内置 PostgreSQL 已启动：${database.embedded?.pgDir}`);
  }

  cluster.setupPrimary({
    exec: path.resolve('server.ts'),
    execArgv: ['--import', 'tsx'],
  });
  let stopping = false;
  const workers = new Map<Worker, number>();
  const fork = (index: number) => {
    const worker = cluster.fork({ ...process.env, ...workerEnv(index) });
    workers.set(worker, index);
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      log(`实例 ${index} 已退出（${signal ?? code}），1 秒后重新启动`);
      setTimeout(() => fork(index), 1000);
    });
  };
  for (let i = 1; i <= count; i++) fork(i);
  log(`${count} 个实例共用端口 ${config.port}，数据库 ${database ? '内置' : '外部 DATABASE_URL'}`);

  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`收到 ${signal}，正在停止全部实例…`);
    await Promise.all(
      [...workers.keys()].map(
        (w) =>
          new Promise<void>((resolve) => {
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await database?.stop().catch((err: Error) => log(`数据库停止失败：${err.message}`));
    log('已停止');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
