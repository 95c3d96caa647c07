import { readiness } from '@/lib/server/platform';

export const dynamic = 'force-dynamic';

/**
 * Readiness for load balancers and orchestrators (issue 37 item 2): 200 once the database answers
 * and holds every migration of this build, else 503 — beside /api/health (alive at all).
 */
export async function GET(): Promise<Response> {
  const r = await readiness();
  const body = {
    code: r.ready ? 200 : 503,
    msg: r.ready ? '' : r.database.ok ? '数据库结构未更新到当前版本' : '数据库连接异常',
    data: {
      status: r.ready ? 'ready' : 'not_ready',
      database: r.database,
      migrations: r.migrations,
    },
  };
  return new Response(JSON.stringify(body), {
    status: r.ready ? 200 : 503,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
