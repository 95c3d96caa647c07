'use client';

import { memo, useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import { App, Badge, Menu, Tag } from 'antd';
import type { MenuProps } from 'antd';
import type { MenuItem } from '@/lib/shared/menu/menu-types';
import { useSession } from '@/lib/client/session';
import { startNavigationProgress } from '../NavigationProgress';
import { useUnreadCount } from '@/components/notify/useNotifications';
import { MenuIcon } from './menu-icons';
import { menuTrailIds, sideMenuTree } from './menu-model';

/** The message centre's entry carries the unread dot (spec 2.5). */
const MESSAGE_CENTRE_PATH = '/infoCenter';

type AntdItem = NonNullable<MenuProps['items']>[number];

function label(item: MenuItem, unread: boolean) {
  return (
    <span className="ws-menu-label">
      {item.path === MESSAGE_CENTRE_PATH ? (
        <Badge dot={unread} offset={[6, 0]}>
          {item.name}
        </Badge>
      ) : (
        item.name
      )}
      {item.badge ? (
        <Tag color="red" className="ws-menu-badge">
          {item.badge}
        </Tag>
      ) : null}
    </span>
  );
}

function toAntdItems(items: MenuItem[], unread: boolean, top = true): AntdItem[] {
  return items.map((item) => {
    const base = {
      key: String(item.id),
      label: label(item, unread),
      icon: top ? <MenuIcon name={item.icon} /> : undefined,
    };
    return item.children.length > 0 && !item.path
      ? { ...base, children: toAntdItems(item.children, unread, false) }
      : base;
  });
}

function findById(items: MenuItem[], id: number): MenuItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const below = findById(item.children, id);
    if (below) return below;
  }
  return undefined;
}

/**
 * The side menu (spec 2.5), or the top navigation in the horizontal layout: the server's menu tree
 * as the session holds it. Entries flagged non-clickable answer 暂无操作权限 (spec 2.2).
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
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { menus } = useSession();
  const router = useRouter();
  const { modal } = App.useApp();
  const tree = useMemo(() => sideMenuTree(menus), [menus]);
  const trail = useMemo(() => menuTrailIds(tree, pathname).map(String), [tree, pathname]);
  const [openKeys, setOpenKeys] = useState<string[] | null>(null);
  // The same live count as the bell: pushed messages light the dot without a reload.
  const unread = useUnreadCount() > 0;
  const items = useMemo(() => toAntdItems(tree, unread), [tree, unread]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = findById(tree, Number(key));
    if (!item?.path) return;
    if (!item.clickable) {
      modal.warning({ title: '系统提示', content: '暂无操作权限', okText: '确定' });
      return;
    }
    onNavigate?.();
    if (item.path === pathname) return;
    startNavigationProgress();
    router.push(item.path);
  };

  if (tree.length === 0) return <p className="ws-menu-empty">暂无可用菜单</p>;

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={trail.slice(-1)}
      {...(mode === 'inline' && !collapsed
        ? {
            openKeys: openKeys ?? trail.slice(0, -1),
            onOpenChange: (keys: string[]) => setOpenKeys(keys),
          }
        : {})}
      onClick={onClick}
      aria-label="主菜单"
      data-testid="side-menu"
    />
  );
});
