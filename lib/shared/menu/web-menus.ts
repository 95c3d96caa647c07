import type { MenuItem } from './menu-types';

/**
 * componentName of the navigation-menu-management page. A top-level entry holding it is a
 * container only: the web shows that page's children in its place (spec 4.1).
 */
export const NAV_MENU_MANAGEMENT_COMPONENT = 'NavigationMenuManagement';

/** Spec 4.1: menu items whose platform is neither 0 nor 2 are not for the web, at any level. */
function forWeb(items: MenuItem[]): MenuItem[] {
  return items
    .filter((m) => m.platform === 0 || m.platform === 2)
    .map((m) => ({ ...m, children: forWeb(m.children) }));
}

/**
 * The menu tree as the web shows it: web platforms only, and the special top-level entry replaced
 * by the children of its navigation-menu-management child (they become top-level entries).
 */
export function webMenus(items: MenuItem[]): MenuItem[] {
  return forWeb(items).flatMap((top) => {
    const nav = top.children.find((c) => c.componentName === NAV_MENU_MANAGEMENT_COMPONENT);
    return nav ? nav.children.map((c) => ({ ...c, parentId: 0 })) : [top];
  });
}
