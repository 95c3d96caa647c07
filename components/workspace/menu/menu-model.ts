import type { FlatRoute, MenuItem } from '@/lib/shared/menu/menu-types';
import { isBuiltPage } from '@/lib/shared/routes';

/**
 * What the workspace reads from the server's menu tree (spec 3 menu item, 4.1): the entries the
 * side menu shows, the flat route record (titles, keep-alive, clickability by path) and the trail
 * of entries leading to a page (breadcrumb, open submenus).
 */

export type MenuProblem = { id: number; reason: string };

/** A route record with what the shell needs beyond spec 3's fields. */
export type WorkspaceRoute = FlatRoute & { keepAlive: boolean; parentNames: string[] };

/** `/industryAlbum/authoritativeList/:album` matches `/industryAlbum/authoritativeList/x`. */
export function menuPathMatches(menuPath: string, pathname: string): boolean {
  if (menuPath === pathname) return true;
  if (!menuPath.includes(':') && !menuPath.includes('{')) return false;
  const pattern = menuPath
    .split('/')
    .map((seg) =>
      /^:\w+$|^\{\w+\}$/.test(seg) ? '[^/]+' : seg.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${pattern}$`).test(pathname);
}

/**
 * Walks the tree once, dropping what cannot be shown safely: an entry met again below itself (a
 * cycle), and a page entry without a path. Each is reported, the rest of the tree still renders.
 */
export function sanitiseMenuTree(
  items: readonly MenuItem[],
  report: (p: MenuProblem) => void = () => undefined,
): MenuItem[] {
  const walk = (list: readonly MenuItem[], ancestors: ReadonlySet<number>): MenuItem[] =>
    list.flatMap((item) => {
      if (ancestors.has(item.id)) {
        report({ id: item.id, reason: `菜单 ${item.id} 出现循环引用，已忽略` });
        return [];
      }
      const children = Array.isArray(item.children) ? item.children : [];
      if (!item.path && children.length === 0) {
        report({ id: item.id, reason: `菜单 ${item.id}（${item.name}）缺少路径，已忽略` });
        return [];
      }
      const below = new Set(ancestors).add(item.id);
      return [{ ...item, children: walk(children, below) }];
    });
  return walk(items, new Set());
}

/**
 * The entries the side menu shows: visible ones whose page exists (no entry leads to a 404), and
 * directories that still hold such an entry.
 */
export function sideMenuTree(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => {
    if (!item.visible) return [];
    const children = sideMenuTree(item.children);
    if (item.path) return isBuiltPage(item.path) ? [{ ...item, children }] : [];
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

/** Spec 3 flat route record, for every entry with a path (hidden ones too: they have titles). */
export function flatRoutes(
  items: readonly MenuItem[],
  parentNames: string[] = [],
): WorkspaceRoute[] {
  return items.flatMap((item) => {
    const own: WorkspaceRoute[] = item.path
      ? [
          {
            id: item.id,
            name: item.name,
            visible: item.visible,
            clickable: item.clickable,
            path: item.path,
            keepAlive: item.keepAlive,
            parentNames,
          },
        ]
      : [];
    return [...own, ...flatRoutes(item.children, [...parentNames, item.name])];
  });
}

/** The route record of a page: an exact path before a parameterised one. */
export function findRoute(
  routes: readonly WorkspaceRoute[],
  pathname: string,
): WorkspaceRoute | undefined {
  return (
    routes.find((r) => r.path === pathname) ?? routes.find((r) => menuPathMatches(r.path, pathname))
  );
}

/** Ids of the entries from the top of the tree down to the page (open submenus, selection). */
export function menuTrailIds(items: readonly MenuItem[], pathname: string): number[] {
  for (const item of items) {
    if (item.path && menuPathMatches(item.path, pathname)) return [item.id];
    const below = menuTrailIds(item.children, pathname);
    if (below.length > 0) return [item.id, ...below];
  }
  return [];
}

/** Spec 2.4 breadcrumb: 首页, then the titles of the matched entries. */
export function breadcrumbTitles(
  route: WorkspaceRoute | undefined,
  fallbackTitle: string,
): string[] {
  if (!route) return fallbackTitle ? ['首页', fallbackTitle] : ['首页'];
  return ['首页', ...route.parentNames, route.name];
}
