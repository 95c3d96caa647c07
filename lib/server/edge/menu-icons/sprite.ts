import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import AimOutlined from '@ant-design/icons-svg/lib/asn/AimOutlined';
import ApartmentOutlined from '@ant-design/icons-svg/lib/asn/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons-svg/lib/asn/AppstoreOutlined';
import BankOutlined from '@ant-design/icons-svg/lib/asn/BankOutlined';
import BellOutlined from '@ant-design/icons-svg/lib/asn/BellOutlined';
import ClusterOutlined from '@ant-design/icons-svg/lib/asn/ClusterOutlined';
import CompassOutlined from '@ant-design/icons-svg/lib/asn/CompassOutlined';
import ContactsOutlined from '@ant-design/icons-svg/lib/asn/ContactsOutlined';
import CrownOutlined from '@ant-design/icons-svg/lib/asn/CrownOutlined';
import DashboardOutlined from '@ant-design/icons-svg/lib/asn/DashboardOutlined';
import DesktopOutlined from '@ant-design/icons-svg/lib/asn/DesktopOutlined';
import DollarOutlined from '@ant-design/icons-svg/lib/asn/DollarOutlined';
import DownloadOutlined from '@ant-design/icons-svg/lib/asn/DownloadOutlined';
import EnvironmentOutlined from '@ant-design/icons-svg/lib/asn/EnvironmentOutlined';
import FileProtectOutlined from '@ant-design/icons-svg/lib/asn/FileProtectOutlined';
import FileTextOutlined from '@ant-design/icons-svg/lib/asn/FileTextOutlined';
import FilterOutlined from '@ant-design/icons-svg/lib/asn/FilterOutlined';
import FundOutlined from '@ant-design/icons-svg/lib/asn/FundOutlined';
import HeatMapOutlined from '@ant-design/icons-svg/lib/asn/HeatMapOutlined';
import NotificationOutlined from '@ant-design/icons-svg/lib/asn/NotificationOutlined';
import ProfileOutlined from '@ant-design/icons-svg/lib/asn/ProfileOutlined';
import ReadOutlined from '@ant-design/icons-svg/lib/asn/ReadOutlined';
import RobotOutlined from '@ant-design/icons-svg/lib/asn/RobotOutlined';
import SearchOutlined from '@ant-design/icons-svg/lib/asn/SearchOutlined';
import SettingOutlined from '@ant-design/icons-svg/lib/asn/SettingOutlined';
import SnippetsOutlined from '@ant-design/icons-svg/lib/asn/SnippetsOutlined';
import StarOutlined from '@ant-design/icons-svg/lib/asn/StarOutlined';
import TeamOutlined from '@ant-design/icons-svg/lib/asn/TeamOutlined';
import TrophyOutlined from '@ant-design/icons-svg/lib/asn/TrophyOutlined';
import UnlockOutlined from '@ant-design/icons-svg/lib/asn/UnlockOutlined';
import UserOutlined from '@ant-design/icons-svg/lib/asn/UserOutlined';
import UserSwitchOutlined from '@ant-design/icons-svg/lib/asn/UserSwitchOutlined';
import { MENU_ICON_NAMES, type MenuIconName } from '@/lib/shared/menu/menu-icons';

/** The shapes, from the icon set antd's own icon components draw. */
const DEFINITIONS: Record<MenuIconName, IconDefinition> = {
  AimOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  BellOutlined,
  ClusterOutlined,
  CompassOutlined,
  ContactsOutlined,
  CrownOutlined,
  DashboardOutlined,
  DesktopOutlined,
  DollarOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FilterOutlined,
  FundOutlined,
  HeatMapOutlined,
  NotificationOutlined,
  ProfileOutlined,
  ReadOutlined,
  RobotOutlined,
  SearchOutlined,
  SettingOutlined,
  SnippetsOutlined,
  StarOutlined,
  TeamOutlined,
  TrophyOutlined,
  UnlockOutlined,
  UserOutlined,
  UserSwitchOutlined,
};

type Node = { tag: string; attrs: Record<string, string>; children?: Node[] };

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function markup(node: Node): string {
  const attrs = Object.entries(node.attrs)
    .map(([k, v]) => ` ${k}="${escapeAttr(String(v))}"`)
    .join('');
  const inner = (node.children ?? []).map(markup).join('');
  return `<${node.tag}${attrs}>${inner}</${node.tag}>`;
}

function symbolOf(name: MenuIconName): string {
  const icon = DEFINITIONS[name].icon as unknown as Node;
  if (typeof icon !== 'object' || icon.tag !== 'svg') throw new Error(`unexpected icon ${name}`);
  const body = (icon.children ?? []).map(markup).join('');
  return `<symbol id="${name}" viewBox="${escapeAttr(icon.attrs.viewBox)}">${body}</symbol>`;
}

let sprite: string | null = null;

/**
 * One SVG of <symbol>s, an id per menu icon name: the side menu draws `<use href="…#Name">`.
 * Built once per process (about 24 KB, 9 KB gzipped).
 */
export function menuIconSprite(): string {
  sprite ??=
    '<svg xmlns="http://www.w3.org/2000/svg">' + MENU_ICON_NAMES.map(symbolOf).join('') + '</svg>';
  return sprite;
}
