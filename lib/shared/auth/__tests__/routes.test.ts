import { browserBlockPage, postLoginTarget, postLogoutTarget, safeRedirect } from '../routes';
import { WORKSPACE_HOME } from '../../workspace/workspace-home';

describe('route rules', () => {
  it('accepts only same-origin redirect paths', () => {
    expect(safeRedirect('/favoritesPage?a=1')).toBe('/favoritesPage?a=1');
    expect(safeRedirect('//evil.com/x')).toBeNull();
    expect(safeRedirect('https://evil.com')).toBeNull();
    expect(safeRedirect('/\\evil.com')).toBeNull();
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
    expect(safeRedirect('')).toBeNull();
  });

  it('sends the user to the redirect with the extra query', () => {
    expect(
      postLoginTarget({ pathname: '/', search: '?redirect=%2FfavoritesPage%3Fp%3D2&tab=x' }),
    ).toBe('/favoritesPage?p=2&tab=x');
    expect(postLoginTarget({ pathname: '/', search: '?redirect=//evil.com' })).toBe(WORKSPACE_HOME);
  });

  it('lands in the workspace home from the home page, /login and the invite path (issue 28 item 7)', () => {
    expect(WORKSPACE_HOME).toBe('/workbench'); // 我的工作台 (issue 29 item 1)
    expect(postLoginTarget({ pathname: '/invite', search: '?invitationCode=AB' })).toBe(
      WORKSPACE_HOME,
    );
    expect(postLoginTarget({ pathname: '/login', search: '' })).toBe(WORKSPACE_HOME);
    expect(postLoginTarget({ pathname: '/', search: '' })).toBe(WORKSPACE_HOME);
  });

  it('honours the AI flag only when the page exists', () => {
    expect(postLoginTarget({ pathname: '/', search: '', aiFlag: true, aiAvailable: true })).toBe(
      '/ai?isJump=1',
    );
    expect(postLoginTarget({ pathname: '/', search: '', aiFlag: true, aiAvailable: false })).toBe(
      WORKSPACE_HOME,
    );
    // A skill chosen on /digitalEmployee: its request goes along, to be filled in on /ai.
    expect(
      postLoginTarget({
        pathname: '/digitalEmployee',
        search: '',
        aiFlag: true,
        aiAsk: '找杭州的软件开发企业&注册资本 500 万以上',
        aiAvailable: true,
      }),
    ).toBe(`/ai?isJump=1&ask=${encodeURIComponent('找杭州的软件开发企业&注册资本 500 万以上')}`);
  });

  it('reloads the current page without login parameters', () => {
    expect(
      postLoginTarget({ pathname: '/companySearch', search: '?searchValue=a&code=x&state=y' }),
    ).toBe('/companySearch?searchValue=a');
  });

  it('returns to a public previous page after logout, else the root', () => {
    expect(postLogoutTarget('/companySearch?searchValue=a')).toBe('/companySearch?searchValue=a');
    expect(postLogoutTarget('/favoritesPage')).toBe('/');
    expect(postLogoutTarget('/login')).toBe('/');
    expect(postLogoutTarget(null)).toBe('/');
  });

  it('detects the WeChat in-app browser and old desktop Safari', () => {
    expect(
      browserBlockPage(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40',
      ),
    ).toBe('/weixinError');
    expect(
      browserBlockPage(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.2 Safari/605.1.15',
      ),
    ).toBe('/safariError');
    expect(
      browserBlockPage(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      ),
    ).toBeNull();
    expect(
      browserBlockPage(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
      ),
    ).toBeNull();
  });
});
