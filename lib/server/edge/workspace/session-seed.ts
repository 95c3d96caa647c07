import 'server-only';
import { apiAsCaller } from './ask-as-caller';
import { getPermissionInfo, listMenus } from '@/lib/shared/auth/auth.contract';
import { getRemindStatus } from '@/lib/shared/notify/notify.contract';
import { getSztkProfile } from '@/lib/shared/user/user.contract';
import { getCompanyVipInfo } from '@/lib/shared/vip/vip.contract';
import { getUserLayoutSetting } from '@/lib/shared/workspace/workspace.contract';
import type { ServerLayoutSettings } from '@/lib/shared/workspace/layout-settings';
import type { SessionSeed } from '@/lib/shared/workspace/session-seed';

/** What a workspace page starts from: the session, and the user's saved layout settings. */
export type WorkspaceSeed = {
  session: SessionSeed;
  /** Null when the read failed: the browser asks for them itself. */
  layoutSettings: ServerLayoutSettings | null;
};

/**
 * The signed-in member's session for a workspace page's first paint (what the browser's
 * loadSession would fetch next), with their layout settings (theme, layout, system name), so the
 * first paint is already in the user's theme: the six calls go through the API root in process, with the
 * cookie's access token, so the answers and their checks are the API's own. Null whenever the
 * browser must do it itself: no session, or an access token that needs the BFF's refresh.
 * Workspace pages are rendered per request and never stored by the page cache, so this data
 * reaches only its owner.
 */
export async function readWorkspaceSeed(): Promise<WorkspaceSeed | null> {
  const ask = await apiAsCaller();
  if (!ask) return null;
  const [info, vip, profile, menus, remindStatus, layoutSettings] = await Promise.all([
    ask(getPermissionInfo),
    ask(getCompanyVipInfo),
    ask(getSztkProfile),
    ask(listMenus),
    ask(getRemindStatus),
    ask(getUserLayoutSetting),
  ]);
  return info ? { session: { info, vip, profile, menus, remindStatus }, layoutSettings } : null;
}
