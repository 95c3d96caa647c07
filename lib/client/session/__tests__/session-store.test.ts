import { closeLoginModal, openLoginModal, sessionStore } from '../session-store';

describe('session store', () => {
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
