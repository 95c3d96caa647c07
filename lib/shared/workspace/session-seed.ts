import type { PermissionInfo } from '@/lib/shared/auth/auth.contract';
import type { MenuItem } from '@/lib/shared/menu/menu-types';
import type { RemindStatus } from '@/lib/shared/notify/notify.contract';
import type { SztkProfile } from '@/lib/shared/user/user.contract';
import type { CompanyVipInfo } from '@/lib/shared/vip/vip.contract';

/**
 * What the browser's loadSession fetches, read by the server while it renders a workspace page
 * (the API's own answers, so the same data and checks): the page starts signed in, without five
 * requests after hydration. Null parts are calls that failed, as in loadSession. Shared so the
 * server that writes it and the browser store that reads it agree without importing each other.
 */
export type SessionSeed = {
  info: PermissionInfo;
  vip: CompanyVipInfo | null;
  profile: SztkProfile | null;
  menus: MenuItem[] | null;
  remindStatus: RemindStatus | null;
};
