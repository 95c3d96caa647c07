import 'server-only';
import { sql } from 'drizzle-orm';
import { AI_EXPORT_KIND } from '@/lib/shared/ai/ai.constants';
import { CLUE_EXPORT_KIND } from '@/lib/shared/clue-io/clue-io.constants';
import { apiError, getDb, type JobTx } from '@/lib/server/platform';

/**
 * Caps on exports in progress (issue 28 item 4): one member queueing exports by the dozen must not
 * hold up everyone else's. Counted are export jobs queued or running (the download centre's
 * background exports) and, in this process, exports answered in the request (advanced search)
 * while they are being built. Over a cap the caller hears 已有导出任务进行中 (EXPORT_BUSY).
 */

/** Exports of one member in progress at once (queued + running). */
export const EXPORTS_IN_PROGRESS_PER_USER = 2;
/** Exports of one enterprise in progress at once (queued + running), all its members together. */
export const EXPORTS_IN_PROGRESS_PER_TENANT = 5;

/** Background job kinds that are exports. */
export const EXPORT_JOB_KINDS: readonly string[] = [CLUE_EXPORT_KIND, AI_EXPORT_KIND];

export type ExportOwner = { userId: number; tenantId: number | null };

const tenantKey = (tenantId: number | null) => String(tenantId ?? 'none');

// Exports built in a request right now, in this process (shared by Next's module instances).
const key = Symbol.for('leadradar.export-slots');
type Inflight = { users: Map<number, number>; tenants: Map<string, number> };
type G = typeof globalThis & { [key]?: Inflight };
function inflight(): Inflight {
  const g = globalThis as G;
  g[key] ??= { users: new Map(), tenants: new Map() };
  return g[key];
}

function bump<K>(map: Map<K, number>, k: K, by: number): void {
  const n = (map.get(k) ?? 0) + by;
  if (n > 0) map.set(k, n);
  else map.delete(k);
}

/** Export jobs of the owner and of its enterprise that are queued or running. */
async function jobsInProgress(
  db: JobTx | ReturnType<typeof getDb>,
  owner: ExportOwner,
): Promise<{ user: number; tenant: number }> {
  const kinds = sql.join(
    EXPORT_JOB_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ user: number; tenant: number }>(sql`
    select count(*) filter (where user_id = ${owner.userId})::int as user, count(*)::int as tenant
      from background_jobs
     where status in ('queued', 'running') and deleted_at is null and kind in (${kinds})
       and tenant_id is not distinct from ${owner.tenantId}`);
  return { user: Number(rows[0]?.user ?? 0), tenant: Number(rows[0]?.tenant ?? 0) };
}

function assertWithinCaps(counts: { user: number; tenant: number }): void {
  if (counts.user > EXPORTS_IN_PROGRESS_PER_USER || counts.tenant > EXPORTS_IN_PROGRESS_PER_TENANT)
    throw apiError('EXPORT_BUSY');
}

/**
 * For enqueueJob's `admit`: refuses an export job when the owner or its enterprise is at its cap.
 * The enterprise's advisory lock (held to the end of the inserting transaction) keeps two
 * requests from both taking the last slot.
 */
export function admitExportJob(owner: ExportOwner): (tx: JobTx) => Promise<void> {
  return async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('export-slots'), hashtext(${tenantKey(owner.tenantId)}))`,
    );
    const counts = await jobsInProgress(tx, owner);
    const local = inflight();
    assertWithinCaps({
      user: counts.user + (local.users.get(owner.userId) ?? 0) + 1,
      tenant: counts.tenant + (local.tenants.get(tenantKey(owner.tenantId)) ?? 0) + 1,
    });
  };
}

/**
 * Runs an export answered in the request under the same caps: its slot is taken before the
 * count is read (so concurrent requests in this process cannot both slip in) and given back when
 * the file is built.
 */
export async function withExportSlot<T>(owner: ExportOwner, work: () => Promise<T>): Promise<T> {
  const local = inflight();
  const tenant = tenantKey(owner.tenantId);
  bump(local.users, owner.userId, 1);
  bump(local.tenants, tenant, 1);
  try {
    const counts = await jobsInProgress(getDb(), owner);
    assertWithinCaps({
      user: counts.user + (local.users.get(owner.userId) ?? 0),
      tenant: counts.tenant + (local.tenants.get(tenant) ?? 0),
    });
    return await work();
  } finally {
    bump(local.users, owner.userId, -1);
    bump(local.tenants, tenant, -1);
  }
}
