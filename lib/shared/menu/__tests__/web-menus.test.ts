import type { MenuItem } from '../menu-types';
import { NAV_MENU_MANAGEMENT_COMPONENT, webMenus } from '../web-menus';

function item(
  id: number,
  platform: number,
  children: MenuItem[] = [],
  componentName = '',
): MenuItem {
  return {
    id,
    parentId: 0,
    name: `m${id}`,
    path: `/m${id}`,
    icon: '',
    component: '',
    componentName,
    visible: true,
    clickable: true,
    keepAlive: false,
    platform,
    badge: null,
    children,
  };
}

describe('webMenus', () => {
  it('keeps only web menus (platform 0 and 2), at every level', () => {
    const out = webMenus([item(1, 0, [item(2, 1), item(3, 2)]), item(4, 1)]);
    expect(out.map((m) => m.id)).toEqual([1]);
    expect(out[0].children.map((m) => m.id)).toEqual([3]);
  });

  it('replaces the special entry by the children of its navigation-menu-management child, in place', () => {
    const nav = item(
      21,
      0,
      [item(211, 0), item(212, 1), item(213, 2)],
      NAV_MENU_MANAGEMENT_COMPONENT,
    );
    const out = webMenus([item(1, 0), item(2, 0, [item(20, 0), nav]), item(3, 0)]);
    expect(out.map((m) => m.id)).toEqual([1, 211, 213, 3]);
    expect(out.every((m) => m.parentId === 0)).toBe(true);
  });

  it('leaves deeper navigation-menu-management pages alone and drops a special entry for another platform', () => {
    const nested = item(31, 0, [item(311, 0, [item(3111, 0)], NAV_MENU_MANAGEMENT_COMPONENT)]);
    const mobileOnly = item(4, 1, [item(41, 1, [item(411, 1)], NAV_MENU_MANAGEMENT_COMPONENT)]);
    const out = webMenus([item(3, 0, [nested]), mobileOnly]);
    expect(out.map((m) => m.id)).toEqual([3]);
    expect(out[0].children[0].children[0].id).toBe(311);
  });
});
