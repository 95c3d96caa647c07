import {
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
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Icons a menu entry may name (the server stores antd icon names). Listed one by one so only these
 * reach the browser; an unknown name gets the generic icon rather than nothing.
 */
const MENU_ICONS: Record<string, ComponentType> = {
  AimOutlined,
  ApartmentOutlined,
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

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && MENU_ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
