'use client';

import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { usePathname, useSearchParams } from 'next/navigation';
import { ConfigProvider } from 'antd';
import { useSession } from '@/lib/client/session';
import { findPageRoute } from '@/lib/shared/routes';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { NavBar } from './NavBar';
import { NavigationProgress } from './NavigationProgress';
import { SideMenu } from './menu/SideMenu';
import { SideMenuHead } from './menu/SideMenuHead';
import { findRoute, flatRoutes, sanitiseMenuTree } from './menu/menu-model';
import {
  siderMenuTheme,
  useLayoutSettings,
  useLayoutSettingsSeed,
  workspaceThemeClass,
  workspaceThemeConfig,
  type LayoutSettingsSeed,
} from './settings';
import { TagStrip } from './tags/TagStrip';
import { NOT_FOUND_TITLE } from './tags/tag-list';
import { tagsStore } from './tags/tags-store';
import { TopBar } from './topbar/TopBar';
import { FeedbackButton } from './feedback/FeedbackButton';
import { MoreToolsButton } from './tools/MoreToolsPanel';
import { usePageViewTracking } from './tracking/usePageViewTracking';
import { BackToTop } from './BackToTop';
import { MemberCenterSlot } from './MemberCenterSlot';
import { Spinner } from './Spinner';
import { onDemand, useUsed } from '@/lib/client/on-demand';
import { usePrefersReducedMotion } from '@/lib/client/reduced-motion';
import { useDocumentTitle, usePageTitle } from './page-title';
import { useCompact } from './useCompact';
import './workspace.css';

/**
 * Parts nobody sees on first paint load when first wanted (issue 11's performance goal): the
 * 个性化配置 drawer on its button (fetched already when the pointer comes near it), the phone's
 * menu drawer on the menu button, and the 403 answer of an entry the user may not open.
 */
const loadSettingsDrawer = onDemand(() => import('./settings/SettingsDrawer'));
const SettingsDrawer = dynamic(() => loadSettingsDrawer().then((m) => m.SettingsDrawer), {
  ssr: false,
});
const MenuDrawer = dynamic(() => import('./menu/MenuDrawer').then((m) => m.MenuDrawer), {
  ssr: false,
});
const NoPermission = dynamic(() => import('./NoPermission').then((m) => m.NoPermission));

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

/**
 * The frame of every signed-in page (spec 2.3-2.5): side menu (or top navigation), top bar,
 * breadcrumb, tag strip, back-to-top and the navigation progress bar, themed by the user's
 * settings. Pages render inside it as `children` and know nothing of it.
 */
export function WorkspaceShell({
  children,
  settingsSeed,
  phoneGuess = false,
}: {
  children: React.ReactNode;
  /** The user's saved layout settings, read by the server with the session. */
  settingsSeed?: LayoutSettingsSeed | null;
  /** The server's guess that the request comes from a phone (first render only). */
  phoneGuess?: boolean;
}) {
  const pathname = usePathname();
  const session = useSession();
  useLayoutSettingsSeed(settingsSeed);
  const { settings, update } = useLayoutSettings();
  const reducedMotion = usePrefersReducedMotion();
  // Spec: at ≤ 768 px the side menu is a drawer.
  const compact = useCompact(phoneGuess);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, markDrawerUsed] = useUsed();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, markSettingsUsed] = useUsed();
  usePageViewTracking();
  // Marks the frame once its buttons answer (tests wait for it; it never re-renders the shell).
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => rootRef.current?.setAttribute('data-hydrated', ''), []);

  const routes = useMemo(
    () =>
      flatRoutes(sanitiseMenuTree(session.menus, (p) => console.warn(`[workspace] ${p.reason}`))),
    [session.menus],
  );
  const route = findRoute(routes, pathname);
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
        <Spinner size="large" />
        <span>加载中…</span>
      </div>
    );
  } else if (signedIn && route && !route.clickable) {
    content = <NoPermission />;
  } else {
    content = (
      <KeepAliveOutlet path={pathname} keepAlive={!!route?.keepAlive}>
        {children}
      </KeepAliveOutlet>
    );
  }

  const menuHead = <SideMenuHead collapsed={!settings.open && !compact} />;

  return (
    <ConfigProvider theme={workspaceThemeConfig(settings.theme, !reducedMotion)}>
      <Suspense fallback={null}>
        <NavigationProgress />
        {signedIn && settings.tagShow ? (
          <RecordVisit pathname={pathname} routeName={route?.name} />
        ) : null}
      </Suspense>
      {/* Plain elements in antd Layout's arrangement: the frame is in every page's first load. */}
      <div
        ref={rootRef}
        className={`ws-root ${workspaceThemeClass(settings.theme)}`}
        data-theme={settings.theme}
        data-layout={settings.layout}
      >
        {showMenu && !horizontal && !compact ? (
          <aside
            className={settings.open ? 'ws-sider' : 'ws-sider ws-sider-collapsed'}
            data-menu-theme={menuTheme}
          >
            <div className="ws-sider-body">
              {menuPending ? (
                <div className="ws-menu-pending" aria-hidden>
                  {[1, 2, 3, 4, 5, 6].map((i) => (
                    <span key={i} className="ws-skeleton-line" />
                  ))}
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
            </div>
            <button
              type="button"
              className="ws-sider-trigger"
              aria-label={settings.open ? '收起菜单' : '展开菜单'}
              aria-expanded={settings.open}
              onClick={() => update({ open: !settings.open })}
            >
              <span className="ws-sider-chevron" aria-hidden />
            </button>
          </aside>
        ) : null}
        <div className="ws-main">
          <header className={settings.fixHeader ? 'ws-header ws-header-fixed' : 'ws-header'}>
            <TopBar
              systemName={settings.systemName}
              showWorkbench={settings.navigatorWorkbench}
              routeName={route?.name}
              compact={compact}
              onOpenMenu={
                showMenu
                  ? () => {
                      markDrawerUsed();
                      setDrawerOpen(true);
                    }
                  : undefined
              }
              onOpenSettings={() => {
                markSettingsUsed();
                setSettingsOpen(true);
              }}
              onPrefetchSettings={() => void loadSettingsDrawer()}
              tools={
                <>
                  <MoreToolsButton phone={compact} />
                  {compact ? null : <FeedbackButton />}
                </>
              }
            />
            {showMenu && horizontal ? (
              <div className="ws-topnav" data-menu-theme={menuTheme}>
                <SideMenu pathname={pathname} mode="horizontal" theme={menuTheme} />
              </div>
            ) : null}
            {/* Kept while a member page's session loads too, so the page does not move down. */}
            {signedIn || menuPending ? <NavBar route={route} /> : null}
            {(signedIn || menuPending) && settings.tagShow ? (
              <TagStrip activePath={pathname} />
            ) : null}
          </header>
          <main className="ws-content">{content}</main>
          <BackToTop after={BACK_TO_TOP_AFTER_PX} />
        </div>
      </div>
      {compact && showMenu && drawerUsed ? (
        <MenuDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={settings.systemName}
          head={menuHead}
          pathname={pathname}
        />
      ) : null}
      {settingsUsed ? (
        <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      ) : null}
      <MemberCenterSlot />
    </ConfigProvider>
  );
}

/**
 * Adds the page to the tag strip once its title is known (useSearchParams needs Suspense). The
 * not-found page is told by the document's title, even under a menu entry's path: the tag list
 * gives it no tab (and takes back the one its address got before the title arrived).
 */
function RecordVisit({ pathname, routeName }: { pathname: string; routeName?: string }) {
  const search = useSearchParams().toString();
  const pageTitle = usePageTitle(routeName);
  const notFound = useDocumentTitle() === NOT_FOUND_TITLE;
  const title = notFound ? NOT_FOUND_TITLE : pageTitle;
  useEffect(() => {
    if (!title) return;
    tagsStore.add({ path: pathname, href: search ? `${pathname}?${search}` : pathname, title });
  }, [pathname, search, title]);
  return null;
}
