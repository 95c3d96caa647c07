/**
 * The icons a menu entry may name (the server stores antd icon names). They reach the browser as
 * one cached SVG sprite (MENU_ICONS_URL, drawn by the server from @ant-design/icons-svg), not as
 * JavaScript: 32 icon components were about 10 KB gzipped of every workspace page's first load.
 * An unknown name shows MENU_ICON_FALLBACK rather than nothing.
 */
export const MENU_ICON_NAMES = [
  'AimOutlined',
  'ApartmentOutlined',
  'AppstoreOutlined',
  'BankOutlined',
  'BellOutlined',
  'ClusterOutlined',
  'CompassOutlined',
  'ContactsOutlined',
  'CrownOutlined',
  'DashboardOutlined',
  'DesktopOutlined',
  'DollarOutlined',
  'DownloadOutlined',
  'EnvironmentOutlined',
  'FileProtectOutlined',
  'FileTextOutlined',
  'FilterOutlined',
  'FundOutlined',
  'HeatMapOutlined',
  'NotificationOutlined',
  'ProfileOutlined',
  'ReadOutlined',
  'RobotOutlined',
  'SearchOutlined',
  'SettingOutlined',
  'SnippetsOutlined',
  'StarOutlined',
  'TeamOutlined',
  'TrophyOutlined',
  'UnlockOutlined',
  'UserOutlined',
  'UserSwitchOutlined',
] as const;

export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

export const MENU_ICON_FALLBACK: MenuIconName = 'AppstoreOutlined';

const KNOWN: ReadonlySet<string> = new Set(MENU_ICON_NAMES);

export function menuIconName(name: string | null | undefined): MenuIconName {
  return name && KNOWN.has(name) ? (name as MenuIconName) : MENU_ICON_FALLBACK;
}

export const MENU_ICONS_PATH = '/menu-icons.svg';

/** A short hash of the list: a new icon is a new address, so the sprite may be cached for good. */
function listHash(names: readonly string[]): string {
  let h = 5381;
  for (const ch of names.join(',')) h = ((h * 33) ^ ch.charCodeAt(0)) >>> 0;
  return h.toString(36);
}

export const MENU_ICONS_URL = `${MENU_ICONS_PATH}?v=${listHash(MENU_ICON_NAMES)}`;
