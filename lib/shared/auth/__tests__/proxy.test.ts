import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { SESSION_COOKIE } from '@/lib/server/platform/session/session-cookie';
import { MEMBER_VIEW_PATHS } from '@/lib/shared/workspace/member-view';

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

async function run(path: string, opts: { cookie?: boolean; ua?: string } = {}) {
  const headers = new Headers({ 'user-agent': opts.ua ?? CHROME_UA });
  if (opts.cookie) headers.set('cookie', `${SESSION_COOKIE}=sealed`);
  const res = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers }));
  return {
    location: res.headers.get('location'),
    rewrite: res.headers.get('x-middleware-rewrite'),
  };
}

describe('proxy (route guard)', () => {
  it('sends a protected page without a session home with the full path as redirect', async () => {
    expect((await run('/favoritesPage?tab=1')).location).toBe(
      'http://localhost:3000/?redirect=%2FfavoritesPage%3Ftab%3D1',
    );
  });

  it('lets open pages and signed-in users through', async () => {
    expect((await run('/?from=a')).location).toBeNull();
    expect((await run('/favoritesPage', { cookie: true })).location).toBeNull();
  });

  it('leaves unknown paths to the real 404 page instead of the login', async () => {
    expect((await run('/no-such-page-here')).location).toBeNull();
    expect((await run('/userSystem/userInfo')).location).toBe(
      'http://localhost:3000/?redirect=%2FuserSystem%2FuserInfo',
    );
    expect((await run('/industryInsights/industryTP/C39')).location).not.toBeNull();
    expect((await run('/industryInsights/industryInformation')).location).toBeNull();
  });

  it('sends a signed-in /login to the workspace home, except type=logout', async () => {
    expect((await run('/login', { cookie: true })).location).toBe(
      'http://localhost:3000/workbench',
    );
    expect((await run('/login?type=logout', { cookie: true })).location).toBeNull();
    expect((await run('/login')).location).toBeNull();
  });

  it('serves /phonePage from /PhonePage', async () => {
    expect((await run('/phonePage?ticket=x')).rewrite).toBe(
      'http://localhost:3000/PhonePage?ticket=x',
    );
  });

  it('sends the WeChat in-app browser to /weixinError, but not from the phone page', async () => {
    const ua = 'Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.40';
    expect((await run('/', { ua })).location).toBe('http://localhost:3000/weixinError');
    expect((await run('/PhonePage?ticket=x', { ua })).location).toBeNull();
  });

  it('renders a member’s tool page from its member route, a visitor’s from the public one', async () => {
    for (const path of MEMBER_VIEW_PATHS) {
      expect((await run(`${path}?q=1`, { cookie: true })).rewrite).toBe(
        `http://localhost:3000/member-view${path}?q=1`,
      );
      const visitor = await run(`${path}?q=1`);
      expect(visitor.rewrite).toBeNull();
      expect(visitor.location).toBeNull();
    }
    // Other pages are not rewritten for members.
    expect((await run('/policySearch', { cookie: true })).rewrite).toBeNull();
  });

  it('sends a direct request for a member route to its public address, query kept', async () => {
    expect((await run('/member-view/companySearch?searchValue=x', { cookie: true })).location).toBe(
      'http://localhost:3000/companySearch?searchValue=x',
    );
    expect((await run('/member-view/mapGetCustomer')).location).toBe(
      'http://localhost:3000/mapGetCustomer',
    );
    expect((await run('/member-view')).location).toBe('http://localhost:3000/');
  });
});
