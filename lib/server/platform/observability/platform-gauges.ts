import 'server-only';
import { getPool } from '../db';
import { gaugeOnScrape } from './metrics';

/**
 * The platform's own readings, taken when Prometheus scrapes: the database pool (in use, idle,
 * callers waiting for a connection) and the job queue (jobs queued and running, and how long the
 * oldest queued one has waited — a stuck runner shows here first).
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
  gaugeOnScrape(
    'leadradar_jobs_oldest_queued_seconds',
    'Age of the oldest queued background job (0 when none waits)',
    async () => {
      const { rows } = await getPool().query<{ age: number | null }>(
        `select extract(epoch from now() - min(created_at))::float8 as age
           from background_jobs where status = 'queued'`,
      );
      return { queued: rows[0]?.age ?? 0 };
    },
    'status',
  );
}
