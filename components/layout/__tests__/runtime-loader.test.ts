import type { RuntimeApi } from '@/components/providers/runtime-loader';

/** A fresh module per test: the loader keeps its state per page load. */
function loader(): typeof import('@/components/providers/runtime-loader') {
  let mod!: typeof import('@/components/providers/runtime-loader');
  jest.isolateModules(() => {
    mod = jest.requireActual('@/components/providers/runtime-loader');
  });
  return mod;
}

function fakeApi(name: string): RuntimeApi & { name: string } {
  const nothing = () => undefined;
  return {
    name,
    openLoginModal: nothing,
    goToLogin: nothing,
    success: nothing,
    reportError: nothing,
    openInvitation: nothing,
    confirmLogout: nothing,
    pushArrived: nothing,
  };
}

describe('runtime loader', () => {
  it('a request before the runtime is mounted waits for it', async () => {
    const rt = loader();
    const asked = rt.requestRuntime();
    rt.runtimeMounted(fakeApi('first'));
    expect(((await asked) as RuntimeApi & { name: string }).name).toBe('first');
  });

  it('after a client navigation remounted it, requests reach the new one, not the gone one', async () => {
    const rt = loader();
    const unmountFirst = rt.runtimeMounted(fakeApi('first'));
    expect(((await rt.requestRuntime()) as RuntimeApi & { name: string }).name).toBe('first');
    unmountFirst();
    const asked = rt.requestRuntime();
    rt.runtimeMounted(fakeApi('second'));
    expect(((await asked) as RuntimeApi & { name: string }).name).toBe('second');
    expect(((await rt.requestRuntime()) as RuntimeApi & { name: string }).name).toBe('second');
  });

  it('an old runtime unmounting late does not drop the new one', async () => {
    const rt = loader();
    const unmountFirst = rt.runtimeMounted(fakeApi('first'));
    rt.runtimeMounted(fakeApi('second'));
    unmountFirst();
    expect(((await rt.requestRuntime()) as RuntimeApi & { name: string }).name).toBe('second');
  });

  describe('the login shell (issue 28 item 7: the modal came ~2 s after the click)', () => {
    it('shows at once on 登录/注册, before the runtime is there, and goes when the modal is up', async () => {
      const rt = loader();
      const opened: string[] = [];
      rt.openLogin();
      // Synchronously: the frame is up while the runtime and the modal's code load.
      expect(isShellUp(rt)).toBe(true);
      rt.runtimeMounted({ ...fakeApi('rt'), openLoginModal: () => void opened.push('login') });
      await flush();
      expect(opened).toEqual(['login']);
      expect(isShellUp(rt)).toBe(true);
      rt.loginModalShown();
      expect(isShellUp(rt)).toBe(false);
    });

    it('closed before the runtime came: the modal does not open', async () => {
      const rt = loader();
      const opened: string[] = [];
      rt.sendToLogin();
      rt.closeLoginShell();
      rt.runtimeMounted({ ...fakeApi('rt'), goToLogin: () => void opened.push('login') });
      await flush();
      expect(opened).toEqual([]);
      expect(isShellUp(rt)).toBe(false);
    });
  });
});

const flush = () => new Promise((r) => setTimeout(r, 0));

/** The shell flag as the hook reads it (its store snapshot), outside React. */
function isShellUp(rt: typeof import('@/components/providers/runtime-loader')): boolean {
  return rt.loginShellUp();
}
