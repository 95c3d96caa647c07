/**
 * The API root from an in-process benchmark (bench:wyw, bench:reports): members with a built-in
 * role and a token, and calls through the API's own dispatcher as an HTTP client would make them.
 */
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';

/** A member of `tenantId` with a built-in role (tenant_admin, employee) and an access token. */
export async function benchMember(
  pool: Pool,
  tenantId: number,
  who: { username: string; mobile: string; role: 'tenant_admin' | 'employee' },
): Promise<{ userId: number; token: string }> {
  const { issueTokens } = await import('@/lib/server/identity/auth/token.service');
  const user = await pool.query<{ id: string }>(
    `insert into users (tenant_id, username, mobile, nickname) values ($1, $2, $3, '压测') returning id`,
    [tenantId, who.username, who.mobile],
  );
  const userId = Number(user.rows[0].id);
  await pool.query(
    `insert into user_roles (user_id, role_id) select $1, id from roles where code = $2 and tenant_id is null`,
    [userId, who.role],
  );
  const { accessToken } = await issueTokens(userId, tenantId, { remember: false });
  return { userId, token: accessToken };
}

/** Calls the API root as `token` of `tenantId`; answers `data`, throws on any code but 200. */
export async function benchApi(tenantId: number) {
  const { dispatchApi } = await import('@/lib/server/edge/api/dispatch');
  return async <T>(token: string, method: string, p: string, body?: unknown): Promise<T> => {
    const res = await dispatchApi(
      new Request(`http://localhost/admin-api${p}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'tenant-id': String(tenantId),
          'x-leadradar-client-ip': '127.0.0.1',
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const r = (await res.json()) as { code: number; msg: string; data: T };
    if (r.code !== 200) throw new Error(`${p}: ${r.code} ${r.msg}`);
    return r.data;
  };
}

const SEARCH_WORDS = [
  '科技',
  '贸易',
  '建设',
  '医药',
  '电子',
  '食品',
  '物流',
  '咨询',
  '机械',
  '能源',
];

/**
 * A member's company search through the API, timed (ms): the i-th of ten common words. The
 * benches measure it alone and beside their own work to show what that work costs search.
 */
export function timedSearch(
  api: <T>(method: string, p: string, body?: unknown) => Promise<T>,
): (i: number) => Promise<number> {
  return async (i) => {
    const t0 = performance.now();
    await api('POST', '/sztk/data/openapi?urlPath=/enterprise/search', {
      keyword: SEARCH_WORDS[i % SEARCH_WORDS.length],
      pageNo: 1,
      pageSize: 10,
    });
    return performance.now() - t0;
  };
}

/** The job runner a server runs (every job kind), polling often and quiet, in this process. */
export async function startBenchJobRunner() {
  const { startJobRunner } = await import('@/lib/server/platform/jobs/job-runner');
  const { JOB_KINDS } = await import('@/lib/server/edge/jobs/kinds');
  return startJobRunner({
    connectionString: process.env.DATABASE_URL!,
    kinds: JOB_KINDS,
    pollingIntervalSeconds: 0.5,
    log: () => undefined,
  });
}
