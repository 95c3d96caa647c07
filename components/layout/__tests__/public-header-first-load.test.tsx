import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { getSztkProfile } from '@/lib/shared/user/user.contract';
import { LEAN_ROUTES } from '@/lib/client/lean/lean-routes';
import { consumeLoginSuccessFlag, setLoginSuccessFlag } from '@/lib/client/session/login-flags';
import { clientFirstLoadViolations, ROOT } from './first-load-walk';
import { LeanUserMenu } from '../LeanUserMenu';
import { endsSession } from '../lean-push';
import {
  LOGIN_SUCCESS_KEY,
  leanUserFrom,
  loginJustHappened,
  runtimeWantedAtStart,
  shortName,
} from '../lean-user';

/**
 * Issue 10: public pages stay light for signed-in users too. The header's user area (LoginEntry)
 * draws the signed-in menu in plain HTML and loads the antd runtime only on intent; these tests
 * fail when a public page's first load reaches antd, zod or a contract again (statically), or
 * when recognising a signed-in user alone is made a reason to load the runtime.
 */
const PUBLIC_PAGES = [
  'app/page.tsx',
  'app/companySearch/page.tsx',
  'app/companySearchDetail/page.tsx',
  'app/policySearch/page.tsx',
  'app/policyDetail/page.tsx',
  'app/serviceAndAgreement/service/page.tsx',
  'app/industryInsights/industryInformation/page.tsx',
  'app/zxyb/yjbg/page.tsx',
];

describe('public pages, first load with the header', () => {
  it.each(PUBLIC_PAGES)('%s: client islands without antd, zod or contracts', (page) => {
    const { violations, clientFiles } = clientFirstLoadViolations(path.join(ROOT, page));
    // The header's user area is part of what was walked; the signed-in part is not (below).
    expect(clientFiles).toEqual(
      expect.arrayContaining([
        'components/layout/LoginEntry.tsx',
        'components/layout/lean-user.ts',
      ]),
    );
    expect(clientFiles).not.toContain('components/layout/LeanUserMenu.tsx');
    expect(violations).toEqual([]);
  });

  it('the signed-in user area (loaded for every signed-in user) has no antd, zod or contracts', () => {
    const { violations, clientFiles } = clientFirstLoadViolations(
      path.join(ROOT, 'components/layout/SignedInArea.tsx'),
    );
    expect(clientFiles).toEqual(
      expect.arrayContaining([
        'components/layout/LeanUserMenu.tsx',
        'components/layout/lean-push.ts',
        'lib/client/push/push-client.ts',
        'components/providers/runtime-loader.ts',
      ]),
    );
    expect(violations).toEqual([]);
  });

  it('the antd user actions are reached only through import() (they would be flagged otherwise)', () => {
    const { violations } = clientFirstLoadViolations(
      path.join(ROOT, 'components/providers/PublicRuntime.tsx'),
    );
    expect(violations.some((v) => v.includes('user-actions.tsx → antd (antd)'))).toBe(true);
  });
});

describe('when the runtime loads', () => {
  const quiet = { addressWantsLogin: false, loginJustHappened: false };

  it('not because a signed-in user was recognised', () => {
    expect(runtimeWantedAtStart({ status: 'signed-in', ...quiet })).toBe(false);
    expect(runtimeWantedAtStart({ status: 'signed-out', ...quiet })).toBe(false);
    expect(runtimeWantedAtStart({ status: 'loading', ...quiet })).toBe(false);
  });

  it('at once when the address asks for the login modal', () => {
    for (const status of ['loading', 'signed-in', 'signed-out'] as const)
      expect(runtimeWantedAtStart({ status, ...quiet, addressWantsLogin: true })).toBe(true);
  });

  it('when a login just reloaded the page and 登录成功 is waiting', () => {
    expect(runtimeWantedAtStart({ status: 'signed-in', ...quiet, loginJustHappened: true })).toBe(
      true,
    );
    expect(runtimeWantedAtStart({ status: 'signed-out', ...quiet, loginJustHappened: true })).toBe(
      false,
    );
  });

  it('reads the flag login-flags.ts sets, without taking it', () => {
    const store = new Map<string, string>();
    const sessionStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const g = globalThis as { window?: unknown };
    g.window = { sessionStorage };
    try {
      expect(loginJustHappened()).toBe(false);
      setLoginSuccessFlag();
      expect(store.has(LOGIN_SUCCESS_KEY)).toBe(true);
      expect(loginJustHappened()).toBe(true);
      // Still there for SessionProvider's 登录成功.
      expect(consumeLoginSuccessFlag()).toBe(true);
      expect(loginJustHappened()).toBe(false);
    } finally {
      delete g.window;
    }
  });
});

describe('the lean push channel', () => {
  it('hands over the messages that end the session, and only those', () => {
    expect(endsSession({ type: 'offline', content: '您已退出登录' })).toBe(true);
    expect(endsSession({ type: 'text', content: '用户已在别处登录' })).toBe(true);
    expect(endsSession({ type: 'relogin', content: '您的角色已变更，请重新登录' })).toBe(true);
    expect(endsSession({ type: 'notify', content: { id: 1 } })).toBe(false);
    expect(endsSession({ type: 'reconnected', content: null })).toBe(false);
  });
});

describe('the lean signed-in user area', () => {
  it('asks the profile endpoint of the contract', () => {
    expect(LEAN_ROUTES.profile).toEqual({
      method: getSztkProfile.method,
      path: getSztkProfile.path,
    });
  });

  it('takes name, avatar and the WeChat binding from the profile', () => {
    expect(
      leanUserFrom({
        nickname: '张三丰富多彩的名字啊',
        avatar: '/a.png',
        accountInfo: { username: 'zs' },
        profileInfo: { weixinOpenId: 'o1' },
      }),
    ).toEqual({ name: '张三丰富多彩的名字啊', avatar: '/a.png', wechatBound: true });
    expect(leanUserFrom({ nickname: '', accountInfo: { username: 'zs' } })).toEqual({
      name: 'zs',
      avatar: '',
      wechatBound: false,
    });
    expect(leanUserFrom(null).name).toBe('用户');
    expect(shortName('张三丰富多彩的名字啊')).toBe('张三丰富多彩的名…');
  });

  it('renders the menu button in plain HTML: name in the accessible name, no antd classes', () => {
    const html = renderToString(
      <LeanUserMenu
        user={{ name: '张三丰富多彩的名字啊', avatar: '/a.png', wechatBound: false }}
        onLogout={() => undefined}
      />,
    );
    expect(html).toContain('aria-label="张三丰富多彩的名…，用户菜单"');
    expect(html).toContain('aria-haspopup="menu"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('src="/a.png"');
    expect(html).not.toMatch(/class="[^"]*\bant-/);
    // Closed until asked.
    expect(html).not.toContain('role="menu"');
  });
});
