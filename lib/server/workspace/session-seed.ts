import 'server-only';
import { cookies, headers } from 'next/headers';
import { getIronSession } from 'iron-session';
import { CLIENT_IP_HEADER } from '@/lib/server/api/client-info';
import { API_ROOT_PREFIX, dispatchApi } from '@/lib/server/api/dispatch';
import { verifyAccessToken } from '@/lib/server/auth/token.service';
import { sessionOptions, type BffSession } from '@/lib/server/bff/session';
import { getPermissionInfo, listMenus } from '@/lib/shared/auth/auth.contract';
import { getRemindStatus } from '@/lib/shared/notify/notify.contract';
import { getSztkProfile } from '@/lib/shared/user/user.contract';
import { getCompanyVipInfo } from '@/lib/shared/vip/vip.contract';
import type { SessionSeed } from '@/lib/client/session/session-store';

type Contract = { method: string; path: string };

/**
 * The signed-in member's session for a workspace page's first paint (what the browser's
 * loadSession would fetch next): the five calls go through the API root in process, with the
 * cookie's access token, so the answers and their checks are the API's own. Null whenever the
 * browser must do it itself: no session, or an access token that needs the BFF's refresh.
 * Workspace pages are rendered per request and never stored by the page cache, so this data
 * reaches only its owner.
 */
export async function readSessionSeed(): Promise<SessionSeed | null> {
  const store = await cookies();
  const readOnly = { get: (name: string) => store.get(name), set: () => undefined };
  const session = await getIronSession<BffSession>(readOnly, sessionOptions(false, false));
  if (!session.accessToken || !(await verifyAccessToken(session.accessToken))) return null;

  const incoming = await headers();
  const forwarded = new Headers({ authorization: `Bearer ${session.accessToken}` });
  if (session.tenantId !== undefined && session.tenantId !== null)
    forwarded.set('tenant-id', String(session.tenantId));
  for (const name of ['user-agent', 'accept-language', CLIENT_IP_HEADER, 'x-forwarded-for']) {
    const value = incoming.get(name);
    if (value) forwarded.set(name, value);
  }

  async function ask<T>(contract: Contract): Promise<T | null> {
    try {
      const res = await dispatchApi(
        new Request(`http://internal${API_ROOT_PREFIX}${contract.path}`, {
          method: contract.method,
          headers: forwarded,
        }),
      );
      const body = (await res.json()) as { code: number; data: T };
      return body.code === 200 ? body.data : null;
    } catch {
      return null;
    }
  }

  const [info, vip, profile, menus, remindStatus] = await Promise.all([
    ask<SessionSeed['info']>(getPermissionInfo),
    ask<SessionSeed['vip']>(getCompanyVipInfo),
    ask<SessionSeed['profile']>(getSztkProfile),
    ask<SessionSeed['menus']>(listMenus),
    ask<SessionSeed['remindStatus']>(getRemindStatus),
  ]);
  return info ? { info, vip, profile, menus, remindStatus } : null;
}
