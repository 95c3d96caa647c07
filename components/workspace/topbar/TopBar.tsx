'use client';

import Link from 'next/link';
import { Button } from 'antd';
import { DesktopOutlined, MenuOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import {
  WORKBENCH_BUILT,
  WORKBENCH_PATH,
  WORKSPACE_HOME,
} from '@/lib/shared/workspace/workspace-home';
import { usePageTitle } from '../page-title';
import { FullscreenButton } from './FullscreenButton';
import { MembershipButton } from '@/components/vip/MembershipButton';
import { NotifyBell } from './NotifyBell';
import { TopBarSearch } from './TopBarSearch';
import { InviteUsersButton } from '@/components/layout/user-actions';
import { UserMenu } from './UserArea';

/** The page-title badge beside the system name (spec 2.4). */
function PageTitleBadge({ routeName }: { routeName: string | undefined }) {
  const title = usePageTitle(routeName);
  if (!title) return null;
  return (
    <span className="ws-title-badge" data-testid="page-title-badge">
      {title}
    </span>
  );
}

/**
 * The workspace's top bar (spec 2.4): logo and system name, the page-title badge, the enterprise
 * search box, then the tools on the right: more tools, feedback, the workbench link, invitations,
 * fullscreen, the membership button, the notification bell, settings and the user menu.
 */
export function TopBar({
  systemName,
  showWorkbench = true,
  routeName,
  compact,
  onOpenMenu,
  onOpenSettings,
  onPrefetchSettings,
  tools,
}: {
  systemName: string;
  /** The 我的工作台 entry (layout setting navigatorWorkbench). */
  showWorkbench?: boolean;
  /** The menu entry's name of the page, if it has one (else the page's own title shows). */
  routeName: string | undefined;
  /** Phones: the menu opens from a button, the search box and labels fold away. */
  compact: boolean;
  onOpenMenu?: () => void;
  onOpenSettings: () => void;
  /** The pointer or focus came near the settings button: its drawer's code may start loading. */
  onPrefetchSettings?: () => void;
  /** More tools and feedback (their own modules). */
  tools?: React.ReactNode;
}) {
  return (
    <div className="ws-topbar" data-testid="workspace-top-bar">
      {compact && onOpenMenu ? (
        <Button type="text" aria-label="打开菜单" icon={<MenuOutlined />} onClick={onOpenMenu} />
      ) : null}
      <Link href={WORKSPACE_HOME} className="ws-brand" aria-label={`${systemName} 首页`}>
        <span className="ws-brand-mark" aria-hidden>
          雷
        </span>
        {compact ? null : <span className="ws-brand-name">{systemName}</span>}
      </Link>
      {compact ? null : <PageTitleBadge routeName={routeName} />}
      <div className="ws-topbar-search">
        {compact ? (
          // Phones: the box does not fit beside the tools; the search page has its own.
          <Link href="/companySearch" aria-label="企业查询">
            <Button type="text" icon={<SearchOutlined />} tabIndex={-1} aria-hidden />
          </Link>
        ) : (
          <TopBarSearch />
        )}
      </div>
      <div className="ws-topbar-actions">
        {tools}
        {WORKBENCH_BUILT && showWorkbench && !compact ? (
          // Below 1600 px the icon alone (its name stays for screen readers and the tooltip): the
          // search box keeps its room at 1366.
          <Link href={WORKBENCH_PATH} aria-label="我的工作台" title="我的工作台">
            {/* The link is the control and carries the name; the button is only its look. */}
            <Button type="text" icon={<DesktopOutlined />} tabIndex={-1} aria-hidden>
              <span className="ws-topbar-label">我的工作台</span>
            </Button>
          </Link>
        ) : null}
        {compact ? null : <InviteUsersButton />}
        {compact ? null : <FullscreenButton />}
        <MembershipButton compact={compact} />
        <NotifyBell />
        <Button
          type="text"
          aria-label="个性化配置"
          title="个性化配置"
          icon={<SettingOutlined />}
          onClick={onOpenSettings}
          onPointerEnter={onPrefetchSettings}
          onFocus={onPrefetchSettings}
        />
        <UserMenu />
      </div>
    </div>
  );
}
