import 'server-only';
import { getPool } from '../db';
import { gaugeOnScrape } from './metrics';

/**
 * The platform's own readings, taken when Prometheus scrapes: the database pool (in use, idle,
 * callers waiting for a connection) and the job queue (jobs queued and running, and per kind how many wait and how
 * long the oldest has waited — a stuck runner shows here first).
 */
export function registerPlatformGauges(): void {
  gaugeOnScrape(
    'leadradar_db_pool_connections',
    'Database pool connections: total, idle, and callers waiting for one',
    () => {
      const pool = getPool();
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    'state',
  );
  gaugeOnScrape(
    'leadradar_jobs',
    'Background jobs queued and running',
    async () => {
      const { rows } = await getPool().query<{ status: string; n: string }>(
        `select status, count(*) as n from background_jobs
          where status in ('queued', 'running') group by status`,
      );
      const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      return { queued: by.queued ?? 0, running: by.running ?? 0 };
    },
    'status',
  );
  // Per kind: one stuck kind (a slow export) shows apart from the others.
  gaugeOnScrape(
    'leadradar_jobs_queued_by_kind',
    'Background jobs waiting to run, by kind',
    async () => Object.fromEntries((await queuedByKind()).map((r) => [r.kind, r.n])),
    'kind',
  );
  gaugeOnScrape(
    'leadradar_jobs_oldest_queued_seconds',
    'Age of the oldest queued background job of each kind',
    async () => Object.fromEntries((await queuedByKind()).map((r) => [r.kind, r.age])),
    'kind',
  );
}

async function queuedByKind(): Promise<{ kind: string; n: number; age: number }[]> {
  const { rows } = await getPool().query<{ kind: string; n: string; age: number }>(
    `select kind, count(*) as n, extract(epoch from now() - min(created_at))::float8 as age
       from background_jobs where status = 'queued' group by kind`,
  );
  return rows.map((r) => ({ kind: r.kind, n: Number(r.n), age: r.age }));
}
