import 'server-only';
import { partLogger } from '../observability/logger';
import { getDb } from '../db';
import { auditLogs } from '@/db/schema';
import type { ClientInfo } from '../http/client-info';

/** Appends a security-relevant event (login, lock-out, password change, role change…). Never throws. */
export async function audit(
  action: string,
  opts: {
    tenantId?: number | null;
    userId?: number | null;
    target?: string | null;
    detail?: Record<string, unknown>;
    client?: ClientInfo;
  },
): Promise<void> {
  try {
    await getDb()
      .insert(auditLogs)
      .values({
        action,
        tenantId: opts.tenantId ?? null,
        userId: opts.userId ?? null,
        target: opts.target ?? null,
        detail: opts.detail ?? null,
        ip: opts.client?.ip ?? null,
        userAgent: opts.client?.userAgent?.slice(0, 500) ?? null,
      });
  } catch (err) {
    partLogger('audit').warn(`${action} not recorded: ${(err as Error).message}`);
  }
}
