'use client';

import { memo, useEffect, useMemo, useRef, useState } from 'react';
import Link from 'next/link';
import type { MenuItem } from '@/lib/shared/menu/menu-types';
import { useSession } from '@/lib/client/session';
import { startNavigationProgress } from '../NavigationProgress';
import { useUnreadCount } from '@/components/notify/useNotifications';
import { MenuIcon } from './menu-icons';
import { menuTrailIds, sideMenuTree } from './menu-model';
import { useFeedback } from '@/lib/client/feedback';

/** The message centre's entry carries the unread dot (spec 2.5). */
const MESSAGE_CENTRE_PATH = '/infoCenter';

type MenuMode = 'inline' | 'horizontal';

/** What every entry of one menu needs to know: the page, the state of the menu, the actions. */
type MenuContext = {
  pathname: string;
  trail: ReadonlySet<number>;
  /** Inline and expanded: submenus open in place; else they fly out beside (or below) the entry. */
  inPlace: boolean;
  collapsed: boolean;
  unread: boolean;
  isOpen: (id: number) => boolean;
  toggle: (id: number, depth: number) => void;
  follow: (item: MenuItem, e: React.MouseEvent) => void;
};

/** Menu badges in Chinese (issue 28 item 7): rows stored with English marks read as 新 / 热. */
const BADGE_TEXT: Readonly<Record<string, string>> = { new: '新', hot: '热' };
function badgeText(badge: string): string {
  return BADGE_TEXT[badge.trim().toLowerCase()] ?? badge;
}

function Label({ item, ctx }: { item: MenuItem; ctx: MenuContext }) {
  return (
    <span className="ws-menu-label">
      <span className="ws-menu-text">{item.name}</span>
      {item.path === MESSAGE_CENTRE_PATH && ctx.unread ? (
        // The class names of antd's Badge dot, which the message tests look for.
        <span className="ws-dot ant-badge-dot" aria-label="有未读消息" role="img" />
      ) : null}
      {item.badge ? <span className="ws-menu-badge">{badgeText(item.badge)}</span> : null}
    </span>
  );
}

function Entry({ item, ctx, depth }: { item: MenuItem; ctx: MenuContext; depth: number }) {
  const top = depth === 0;
  const icon = top ? (
    <span className="ws-menu-icon" aria-hidden>
      <MenuIcon name={item.icon} />
    </span>
  ) : null;
  // Collapsed, a top entry shows its icon only: its name is still its accessible name.
  const hideName = top && ctx.collapsed;

  if (item.children.length > 0 && !item.path) {
    const open = ctx.isOpen(item.id);
    const listId = `ws-menu-${item.id}`;
    return (
      <li
        className={[
          'ws-menu-sub',
          ctx.trail.has(item.id) ? 'ws-menu-in-trail' : '',
          open ? 'ws-menu-open' : '',
        ].join(' ')}
      >
        <button
          type="button"
          className="ws-menu-entry"
          style={ctx.inPlace ? { paddingLeft: 24 + depth * 24 } : undefined}
          aria-expanded={open}
          aria-controls={listId}
          aria-label={hideName ? item.name : undefined}
          title={hideName ? item.name : undefined}
          onClick={() => ctx.toggle(item.id, depth)}
        >
          {icon}
          {hideName ? null : <Label item={item} ctx={ctx} />}
          <span className="ws-menu-arrow" aria-hidden />
        </button>
        <ul id={listId} className="ws-menu-list" hidden={!open}>
          {item.children.map((child) => (
            <Entry key={child.id} item={child} ctx={ctx} depth={depth + 1} />
          ))}
        </ul>
      </li>
    );
  }

  const selected = ctx.trail.has(item.id);
  return (
    <li className={selected ? 'ws-menu-item ws-menu-selected' : 'ws-menu-item'}>
      <Link
        href={item.path}
        prefetch={false}
        className="ws-menu-entry"
        style={ctx.inPlace ? { paddingLeft: 24 + depth * 24 } : undefined}
        aria-current={selected ? 'page' : undefined}
        aria-label={hideName ? item.name : undefined}
        title={hideName ? item.name : undefined}
        onClick={(e) => ctx.follow(item, e)}
      >
        {icon}
        {hideName ? null : <Label item={item} ctx={ctx} />}
      </Link>
    </li>
  );
}

/**
 * The side menu (spec 2.5), or the top navigation in the horizontal layout: the server's menu tree
 * as the session holds it, as nested lists of links (client navigation) and submenu buttons.
 * Expanded, submenus open in place (the page's own submenu open at first); collapsed or in the top
 * navigation, a submenu flies out on hover, focus or click and closes on Escape or a click
 * elsewhere. Entries flagged non-clickable answer 暂无操作权限 (spec 2.2).
 * Memoised: the shell re-renders for its own state (drawers, settings), the menu only when its
 * props, the session or the unread count change.
 */
export const SideMenu = memo(function SideMenu({
  pathname,
  mode,
  theme,
  collapsed = false,
  onNavigate,
}: {
  pathname: string;
  mode: MenuMode;
  theme: 'dark' | 'light';
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { menus } = useSession();
  const { modal } = useFeedback();
  const tree = useMemo(() => sideMenuTree(menus), [menus]);
  const trailIds = useMemo(() => menuTrailIds(tree, pathname), [tree, pathname]);
  // The same live count as the bell: pushed messages light the dot without a reload.
  const unread = useUnreadCount() > 0;
  const inPlace = mode === 'inline' && !collapsed;
  // In place: the submenus the user opened (null: those on the way to the page).
  const [openIds, setOpenIds] = useState<number[] | null>(null);
  // Flying out: the submenus opened by a click or a key (one per level).
  const [flyout, setFlyout] = useState<number[]>([]);
  const rootRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (flyout.length === 0) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setFlyout([]);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [flyout]);

  const opened = openIds ?? trailIds.slice(0, -1);
  const ctx: MenuContext = {
    pathname,
    trail: new Set(trailIds),
    inPlace,
    collapsed: mode === 'inline' && collapsed,
    unread,
    isOpen: (id) => (inPlace ? opened : flyout).includes(id),
    toggle: (id, depth) => {
      if (inPlace)
        setOpenIds(opened.includes(id) ? opened.filter((o) => o !== id) : [...opened, id]);
      else
        setFlyout((f) => (f.includes(id) ? f.slice(0, f.indexOf(id)) : [...f.slice(0, depth), id]));
    },
    follow: (item, e) => {
      setFlyout([]);
      if (!item.clickable) {
        e.preventDefault();
        modal.warning({ title: '系统提示', content: '暂无操作权限', okText: '确定' });
        return;
      }
      onNavigate?.();
      if (item.path === pathname) {
        e.preventDefault();
        return;
      }
      if (!e.metaKey && !e.ctrlKey && !e.shiftKey && e.button === 0) startNavigationProgress();
    },
  };

  if (tree.length === 0) return <p className="ws-menu-empty">暂无可用菜单</p>;

  return (
    <nav
      ref={rootRef}
      className={[
        'ws-menu',
        `ws-menu-${mode}`,
        `ws-menu-${theme}`,
        ctx.collapsed ? 'ws-menu-collapsed' : '',
        inPlace ? '' : 'ws-menu-flyouts',
      ].join(' ')}
      aria-label="主菜单"
      data-testid="side-menu"
      onKeyDown={(e) => {
        const last = flyout[flyout.length - 1];
        if (e.key !== 'Escape' || last === undefined) return;
        const button = rootRef.current?.querySelector<HTMLElement>(
          `[aria-controls="ws-menu-${last}"]`,
        );
        setFlyout(flyout.slice(0, -1));
        button?.focus();
      }}
    >
      <ul className="ws-menu-list ws-menu-root">
        {tree.map((item) => (
          <Entry key={item.id} item={item} ctx={ctx} depth={0} />
        ))}
      </ul>
    </nav>
  );
});
