import type { MenuItem } from '@/lib/shared/menu/menu-types';
import { closeLoginModal, openLoginModal, sessionStore, webMenus } from '../session-store';

function item(id: number, platform: number, children: MenuItem[] = []): MenuItem {
  return {
    id,
    parentId: 0,
    name: `m${id}`,
    path: `/m${id}`,
    icon: '',
    component: '',
    componentName: '',
    visible: true,
    clickable: true,
    keepAlive: false,
    platform,
    badge: null,
    children,
  };
}

describe('session store', () => {
  it('keeps only web menus (platform 0 and 2), at every level', () => {
    const tree = [item(1, 0, [item(2, 1), item(3, 2)]), item(4, 1)];
    const out = webMenus(tree);
    expect(out.map((m) => m.id)).toEqual([1]);
    expect(out[0].children.map((m) => m.id)).toEqual([3]);
  });

  it('opens the login modal with a redirect and closes it', () => {
    const seen: boolean[] = [];
    const off = sessionStore.subscribe(() => seen.push(sessionStore.getSnapshot().loginModalOpen));
    openLoginModal('/favoritesPage');
    expect(sessionStore.getSnapshot()).toMatchObject({
      loginModalOpen: true,
      loginRedirect: '/favoritesPage',
    });
    closeLoginModal();
    expect(sessionStore.getSnapshot().loginModalOpen).toBe(false);
    expect(seen).toEqual([true, false]);
    off();
  });
});
