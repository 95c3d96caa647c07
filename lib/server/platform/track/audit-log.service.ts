import 'server-only';
import { and, desc, eq, gte, ilike, lt, notLike, or, sql, type SQL } from 'drizzle-orm';
import { auditLogs, tenants, users } from '@/db/schema';
import { AUDIT_ACTION_LABELS, auditActionName, deviceOf } from '@/lib/shared/console/audit-actions';
import type { AuditLogView } from '@/lib/shared/console/console.contract';
import { getDb } from '../db';
import { chinaDayStart } from '../db/china-time';

/** The filter value that lists the tracking events (page views, clicks) instead of changes. */
export const TRACKING_ACTIONS = 'track:*';

export type AuditLogQuery = {
  pageNo: number;
  pageSize: number;
  action?: string;
  user?: string;
  tenant?: string;
  target?: string;
  ip?: string;
  from?: string;
  to?: string;
};

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const isId = (s: string) => /^\d{1,15}$/.test(s);

/**
 * 审计日志 (the operator's console): every tenant's security events, newest first, with who did it
 * (account and nickname), in which tenant, on what, from which IP and device.
 */
export async function auditLogPage(
  q: AuditLogQuery,
): Promise<{ list: AuditLogView[]; total: number }> {
  const db = getDb();
  const conditions: SQL[] = [];
  // Page and click tracking (track:*) shares the table; the log shows it only when asked for.
  if (q.action === TRACKING_ACTIONS) conditions.push(sql`${auditLogs.action} like 'track:%'`);
  else if (q.action) conditions.push(eq(auditLogs.action, q.action));
  else conditions.push(notLike(auditLogs.action, 'track:%'));
  if (q.user) {
    const like = `%${escapeLike(q.user)}%`;
    const byName = or(
      ilike(users.username, like),
      ilike(users.nickname, like),
      ilike(users.mobile, like),
    )!;
    conditions.push(isId(q.user) ? or(eq(auditLogs.userId, Number(q.user)), byName)! : byName);
  }
  if (q.tenant) {
    const byName = ilike(tenants.name, `%${escapeLike(q.tenant)}%`);
    conditions.push(
      isId(q.tenant) ? or(eq(auditLogs.tenantId, Number(q.tenant)), byName)! : byName,
    );
  }
  if (q.target) conditions.push(eq(auditLogs.target, q.target));
  if (q.ip) conditions.push(ilike(auditLogs.ip, `${escapeLike(q.ip)}%`));
  if (q.from) conditions.push(gte(auditLogs.createdAt, sql`${chinaDayStart(q.from)}`));
  if (q.to) conditions.push(lt(auditLogs.createdAt, sql`${chinaDayStart(q.to, 1)}`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const base = db
    .select({
      log: auditLogs,
      username: users.username,
      nickname: users.nickname,
      tenantName: tenants.name,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .leftJoin(tenants, eq(tenants.id, auditLogs.tenantId));
  const [rows, [total]] = await Promise.all([
    base
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .leftJoin(tenants, eq(tenants.id, auditLogs.tenantId))
      .where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map(({ log, username, nickname, tenantName }) => ({
      id: log.id,
      action: log.action,
      actionName: auditActionName(log.action),
      userId: log.userId,
      userName: username ? (nickname ? `${nickname}（${username}）` : username) : '',
      tenantId: log.tenantId,
      tenantName: tenantName ?? '',
      target: log.target,
      detail:
        log.detail && typeof log.detail === 'object' && !Array.isArray(log.detail)
          ? (log.detail as Record<string, unknown>)
          : null,
      ip: log.ip,
      userAgent: log.userAgent,
      device: deviceOf(log.userAgent),
      createTime: log.createdAt.getTime(),
    })),
  };
}

/** The actions the filter offers: the labelled ones, then any other code seen in the log. */
export async function auditActions(): Promise<{ value: string; label: string }[]> {
  const seen = await getDb()
    .selectDistinct({ action: auditLogs.action })
    .from(auditLogs)
    .where(notLike(auditLogs.action, 'track:%'))
    .orderBy(auditLogs.action)
    .limit(500);
  const known = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));
  const extra = seen
    .map((r) => r.action)
    .filter((a) => !(a in AUDIT_ACTION_LABELS) && !a.startsWith('track:'))
    .map((value) => ({ value, label: value }));
  return [...known, ...extra, { value: TRACKING_ACTIONS, label: '页面访问与点击（埋点）' }];
}
