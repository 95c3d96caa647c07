import { config, pingDb, replicaStatus } from '@/lib/server/platform';

export const dynamic = 'force-dynamic';

/** The read replica, when one is configured: in use or not and how far behind (no error text). */
function replicaPart() {
  if (!config.databaseReadUrl) return {};
  const { inUse, lagMs } = replicaStatus();
  return { replica: { inUse, lagMs } };
}

/** Liveness and database status for load balancers and people: 503 while the database is down. */
export async function GET(): Promise<Response> {
  const db = await pingDb();
  const body = {
    code: db.ok ? 200 : 503,
    msg: db.ok ? '' : '数据库连接异常',
    data: {
      status: db.ok ? 'ok' : 'degraded',
      database: db,
      uptimeSeconds: Math.round(process.uptime()),
      ...replicaPart(),
      // Which of several instances behind one port answered (scripts/cluster.ts).
      ...(config.instanceName ? { instance: config.instanceName } : {}),
    },
  };
  return new Response(JSON.stringify(body), {
    status: db.ok ? 200 : 503,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
