'use client';

import { Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { ConfigProvider, Drawer, FloatButton, Grid, Layout, Result, Skeleton, Spin } from 'antd';
import { useSession } from '@/lib/client/session';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import { findPageRoute } from '@/lib/shared/routes';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { NavBar } from './NavBar';
import { NavigationProgress } from './NavigationProgress';
import { SideMenu } from './menu/SideMenu';
import { SideMenuHead } from './menu/SideMenuHead';
import { breadcrumbTitles, findRoute, flatRoutes, sanitiseMenuTree } from './menu/menu-model';
import {
  SettingsDrawer,
  siderMenuTheme,
  useLayoutSettings,
  workspaceThemeConfig,
} from './settings';
import { TagStrip } from './tags/TagStrip';
import { tagsStore } from './tags/tags-store';
import { TopBar } from './topbar/TopBar';
import { FeedbackButton } from './feedback/FeedbackButton';
import { MoreToolsButton } from './tools/MoreToolsPanel';
import { MemberCenterHost } from '@/components/vip/MemberCenterHost';
import { usePageViewTracking } from './tracking/usePageViewTracking';
import './workspace.css';

/** Spec 2.2: these pages never show the side menu. */
const PAGES_WITHOUT_SIDE_MENU = new Set([
  '/',
  '/home',
  '/newhome',
  '/companySearch',
  '/companySearchDetail',
  '/mapGetCustomer',
]);

/** Spec 2.3: back-to-top appears after 320 px. */
const BACK_TO_TOP_AFTER_PX = 320;

/** Next updates <title> after each navigation: follow it. */
function subscribeToTitle(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}

/** The page's own title (its metadata), without the product suffix, for pages outside the menu. */
function useDocumentTitle(): string {
  const title = useSyncExternalStore(
    subscribeToTitle,
    () => document.title,
    () => '',
  );
  return title.replace(PRODUCT_SUFFIX, '').trim();
}

/**
 * The frame of every signed-in page (spec 2.3-2.5): side menu (or top navigation), top bar,
 * breadcrumb, tag strip, back-to-top and the navigation progress bar, themed by the user's
 * settings. Pages render inside it as `children` and know nothing of it.
 */
export function WorkspaceShell({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  const session = useSession();
  const { settings, update } = useLayoutSettings();
  const screens = Grid.useBreakpoint();
  // Spec: at ≤ 768 px the side menu is a drawer. `md` is ≥ 768, so compact below it.
  const compact = screens.md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  usePageViewTracking();

  const routes = useMemo(
    () =>
      flatRoutes(sanitiseMenuTree(session.menus, (p) => console.warn(`[workspace] ${p.reason}`))),
    [session.menus],
  );
  const route = findRoute(routes, pathname);
  const documentTitle = useDocumentTitle();
  const pageTitle = route?.name ?? documentTitle;
  const signedIn = session.status === 'signed-in';
  const memberPage = findPageRoute(pathname)?.access === 'member';
  // While a member page's session loads, the side menu's place is kept (a skeleton), so the page
  // does not jump sideways when the menu arrives.
  const menuPending = memberPage && session.status === 'loading';
  const showMenu =
    (signedIn || menuPending) && !session.loginModalOpen && !PAGES_WITHOUT_SIDE_MENU.has(pathname);
  const horizontal = settings.layout === 'horizontal' && !compact;
  const menuTheme = siderMenuTheme(settings.theme);

  let content: React.ReactNode;
  if (memberPage && session.status === 'loading') {
    // Spec 4.1: a loader while the session, roles and menu load, not a flash of the wrong page.
    content = (
      <div className="ws-loading" role="status" aria-live="polite">
        <Spin size="large" />
        <span>加载中…</span>
      </div>
    );
  } else if (signedIn && route && !route.clickable) {
    content = <Result status="403" title="系统提示" subTitle="暂无操作权限" />;
  } else {
    content = (
      <KeepAliveOutlet path={pathname} keepAlive={!!route?.keepAlive}>
        {children}
      </KeepAliveOutlet>
    );
  }

  const menuHead = <SideMenuHead collapsed={!settings.open && !compact} />;

  return (
    <ConfigProvider theme={workspaceThemeConfig(settings.theme)}>
      <Suspense fallback={null}>
        <NavigationProgress />
        {signedIn && settings.tagShow ? (
          <RecordVisit pathname={pathname} title={pageTitle} />
        ) : null}
      </Suspense>
      <Layout className="ws-root" data-theme={settings.theme} data-layout={settings.layout}>
        {showMenu && !horizontal && !compact ? (
          <Layout.Sider
            className="ws-sider"
            theme={menuTheme}
            width={220}
            collapsible
            collapsed={!settings.open}
            onCollapse={(collapsed) => update({ open: !collapsed })}
            trigger={
              <span
                role="button"
                tabIndex={0}
                aria-label={settings.open ? '收起菜单' : '展开菜单'}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    update({ open: !settings.open });
                  }
                }}
              />
            }
          >
            {menuPending ? (
              <div className="ws-menu-pending" aria-hidden>
                <Skeleton active title={false} paragraph={{ rows: 6 }} />
              </div>
            ) : (
              <>
                {menuHead}
                <SideMenu
                  pathname={pathname}
                  mode="inline"
                  theme={menuTheme}
                  collapsed={!settings.open}
                />
              </>
            )}
          </Layout.Sider>
        ) : null}
        <Layout className="ws-main">
          <header className={settings.fixHeader ? 'ws-header ws-header-fixed' : 'ws-header'}>
            <TopBar
              systemName={settings.systemName}
              pageTitle={pageTitle}
              compact={compact}
              onOpenMenu={showMenu ? () => setDrawerOpen(true) : undefined}
              onOpenSettings={() => setSettingsOpen(true)}
              tools={
                <>
                  <MoreToolsButton />
                  {compact ? null : <FeedbackButton />}
                </>
              }
            />
            {showMenu && horizontal ? (
              <div className="ws-topnav">
                <SideMenu pathname={pathname} mode="horizontal" theme={menuTheme} />
              </div>
            ) : null}
            {/* Kept while a member page's session loads too, so the page does not move down. */}
            {signedIn || menuPending ? (
              <NavBar titles={breadcrumbTitles(route, pageTitle)} />
            ) : null}
            {(signedIn || menuPending) && settings.tagShow ? (
              <TagStrip activePath={pathname} />
            ) : null}
          </header>
          <Layout.Content className="ws-content">{content}</Layout.Content>
          <FloatButton.BackTop visibilityHeight={BACK_TO_TOP_AFTER_PX} aria-label="回到顶部" />
        </Layout>
      </Layout>
      {compact && showMenu ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={260}
          title={settings.systemName}
          styles={{ body: { padding: 0 } }}
        >
          {menuHead}
          <SideMenu
            pathname={pathname}
            mode="inline"
            theme="light"
            onNavigate={() => setDrawerOpen(false)}
          />
        </Drawer>
      ) : null}
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <MemberCenterHost />
    </ConfigProvider>
  );
}

/** Adds the page to the tag strip once its title is known (useSearchParams needs Suspense). */
function RecordVisit({ pathname, title }: { pathname: string; title: string }) {
  const search = useSearchParams().toString();
  useEffect(() => {
    if (!title) return;
    tagsStore.add({ path: pathname, href: search ? `${pathname}?${search}` : pathname, title });
  }, [pathname, search, title]);
  return null;
}
