import { NextRequest } from 'next/server';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { config, proxy } from '@/proxy';
import { contentSecurityPolicy, HSTS_VALUE, strictTransportSecurity } from '../security-headers';
import { policyOrigin } from '../external-sources';

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name, sources];
    }),
  );

function withTrustProxy(value: string | undefined, run: () => void) {
  const before = process.env.TRUST_PROXY;
  if (value === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = value;
  try {
    run();
  } finally {
    if (before === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = before;
  }
}

describe('Strict-Transport-Security decision', () => {
  const forwardedHttps = new Headers({ 'x-forwarded-proto': 'https' });

  it('is sent on a direct HTTPS request', () => {
    expect(strictTransportSecurity(new Headers(), 'https://radar.example/')).toBe(HSTS_VALUE);
    expect(HSTS_VALUE).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent over plain http', () => {
    withTrustProxy('1', () =>
      expect(strictTransportSecurity(new Headers(), 'http://localhost:3000/')).toBeNull(),
    );
  });

  it('trusts X-Forwarded-Proto https only with TRUST_PROXY=1', () => {
    withTrustProxy(undefined, () =>
      expect(strictTransportSecurity(forwardedHttps, 'http://app:3000/')).toBeNull(),
    );
    withTrustProxy('0', () =>
      expect(strictTransportSecurity(forwardedHttps, 'http://app:3000/')).toBeNull(),
    );
    withTrustProxy('1', () =>
      expect(strictTransportSecurity(forwardedHttps, 'http://app:3000/')).toBe(HSTS_VALUE),
    );
    withTrustProxy('1', () =>
      expect(
        strictTransportSecurity(new Headers({ 'x-forwarded-proto': 'http' }), 'http://app:3000/'),
      ).toBeNull(),
    );
  });
});

describe('Content-Security-Policy', () => {
  const base = {
    scripts: { nonce: 'bm9uY2U=' },
    host: 'radar.example:3000',
    secure: false,
    dev: false,
  };

  it('allows scripts only with the nonce (and what they load), never inline or eval', () => {
    const d = directives(contentSecurityPolicy(base));
    expect(d['script-src']).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(d['frame-ancestors']).toEqual(["'self'"]);
    expect(d['form-action']).toEqual(["'self'"]);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    // antd's CSS-in-JS and style attributes: inline styles only.
    expect(d['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d['upgrade-insecure-requests']).toBeUndefined();
  });

  it('lets the push socket connect to the same host, ws or wss with the page', () => {
    expect(directives(contentSecurityPolicy(base))['connect-src']).toEqual([
      "'self'",
      'ws://radar.example:3000',
    ]);
    const secure = directives(contentSecurityPolicy({ ...base, secure: true }));
    expect(secure['connect-src']).toEqual(["'self'", 'wss://radar.example:3000']);
    expect(secure['upgrade-insecure-requests']).toEqual([]);
  });

  it('keeps a hostile Host header out of the policy', () => {
    const csp = contentSecurityPolicy({ ...base, host: "x; script-src 'unsafe-inline'" });
    expect(directives(csp)['connect-src']).toEqual(["'self'"]);
    expect(directives(csp)['script-src']).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain('x;');
  });

  it('allows a cached page exactly its own inline scripts by hash, and no strict-dynamic', () => {
    const hashes = ["'sha256-AAAA'", "'sha256-BBBB'"];
    const d = directives(contentSecurityPolicy({ ...base, scripts: { hashes } }));
    expect(d['script-src']).toEqual(["'self'", ...hashes]);
    // No inline script at all: files from the site only.
    const none = directives(contentSecurityPolicy({ ...base, scripts: { hashes: [] } }));
    expect(none['script-src']).toEqual(["'self'"]);
  });

  it("adds 'unsafe-eval' for next dev only", () => {
    expect(directives(contentSecurityPolicy({ ...base, dev: true }))['script-src']).toContain(
      "'unsafe-eval'",
    );
  });
});

describe('proxy.ts page headers', () => {
  const page = (path: string, headers: Record<string, string> = {}) =>
    proxy(
      new NextRequest(`http://localhost:3000${path}`, {
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/150.0', host: 'localhost:3000', ...headers },
      }),
    );

  it('renders pages under a CSP whose nonce Next receives in the request headers', async () => {
    const res = await page('/');
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // NextResponse.next({ request: { headers } }) hands these to the page render.
    expect(res.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expect(res.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('uses a fresh nonce for every response, aliases included', async () => {
    const a = (await page('/')).headers.get('content-security-policy');
    const b = (await page('/phonePage?ticket=x')).headers.get('content-security-policy');
    expect(a).toContain("'nonce-");
    expect(b).toContain("'nonce-");
    expect(a).not.toBe(b);
  });

  it('adds HSTS behind a trusted TLS proxy, redirects included', async () => {
    const before = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '1';
    try {
      const https = { 'x-forwarded-proto': 'https' };
      expect((await page('/', https)).headers.get('strict-transport-security')).toBe(HSTS_VALUE);
      const redirect = await page('/favoritesPage', https);
      expect(redirect.headers.get('location')).not.toBeNull();
      expect(redirect.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
    }
  });
});

describe('proxy.ts matcher', () => {
  const runs = (url: string, headers: Record<string, string> = {}) =>
    unstable_doesMiddlewareMatch({ config, url, headers });

  it('runs for page views and navigations, not for assets, the API or layout-only prefetches', () => {
    expect(runs('/companySearchDetail?pid=1')).toBe(true);
    expect(runs('/companySearchDetail?pid=1', { rsc: '1' })).toBe(true);
    // A prefetch that renders the page itself is a page view.
    expect(runs('/companySearch', { rsc: '1', 'next-router-prefetch': '2' })).toBe(true);
    expect(runs('/companySearch', { rsc: '1', 'next-router-prefetch': '1' })).toBe(false);
    expect(runs('/api/system/auth/get-permission-info')).toBe(false);
    expect(runs('/admin-api/openapi.json')).toBe(false);
    expect(runs('/_next/static/chunks/app.js')).toBe(false);
    expect(runs('/robots.txt')).toBe(false);
  });
});

describe('Content-Security-Policy: outside services (ADR 0190)', () => {
  const base = {
    scripts: { nonce: 'bm9uY2U=' },
    host: 'radar.example:3000',
    secure: false,
    dev: false,
  };
  const saved = { ...process.env };
  // No demo partner unless a test asks for it: its frame would join every policy.
  beforeEach(() => {
    process.env.DEMO_PARTNER_PORT = '0';
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('admits nothing outside the site while no outside service is on', () => {
    delete process.env.CAPTCHA_PROVIDER;
    const d = directives(contentSecurityPolicy(base));
    expect(d['frame-src']).toBeUndefined();
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(d['script-src']).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
  });

  it("admits exactly Tencent's captcha hosts while the Tencent captcha is on", () => {
    process.env.CAPTCHA_PROVIDER = 'tencent';
    const d = directives(contentSecurityPolicy(base));
    const widget = 'https://turing.captcha.qcloud.com';
    const images = 'https://turing.captcha.gtimg.com';
    expect(d['script-src']).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'", widget]);
    expect(d['frame-src']).toEqual(["'self'", widget]);
    expect(d['connect-src']).toEqual(["'self'", 'ws://radar.example:3000', widget, images]);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', widget, images]);
    // A cached page (no strict-dynamic) still may load the widget by its host.
    const cached = directives(contentSecurityPolicy({ ...base, scripts: { hashes: [] } }));
    expect(cached['script-src']).toEqual(["'self'", widget]);
  });

  it('takes the configured widget address, and never a malformed one', () => {
    process.env.CAPTCHA_PROVIDER = 'tencent';
    process.env.TENCENT_CAPTCHA_SCRIPT_URL = 'https://captcha.example.cn:8443/TJCaptcha.js';
    expect(directives(contentSecurityPolicy(base))['frame-src']).toEqual([
      "'self'",
      'https://captcha.example.cn:8443',
    ]);
    process.env.TENCENT_CAPTCHA_SCRIPT_URL = "https://x.example; script-src 'unsafe-inline'";
    const csp = contentSecurityPolicy(base);
    expect(csp).not.toContain('x.example');
    expect(directives(csp)['script-src']).not.toContain("'unsafe-inline'");
    expect(directives(csp)['frame-src']).toBeUndefined();
  });

  it("admits the map tiles' hosts in img-src alone while a base layer is set (ADR 0202)", () => {
    delete process.env.CAPTCHA_PROVIDER;
    delete process.env.MAP_TILE_URL;
    expect(directives(contentSecurityPolicy(base))['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
    ]);
    process.env.MAP_TILE_URL = 'https://wprd0{s}.tiles.example.cn/{z}/{x}/{y}.png';
    process.env.MAP_TILE_SUBDOMAINS = '1,2';
    const d = directives(contentSecurityPolicy(base));
    expect(d['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://wprd01.tiles.example.cn',
      'https://wprd02.tiles.example.cn',
    ]);
    expect(d['connect-src']).toEqual(["'self'", 'ws://radar.example:3000']);
    expect(d['script-src']).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(d['frame-src']).toBeUndefined();
    // With the captcha on as well, each keeps its own hosts.
    process.env.CAPTCHA_PROVIDER = 'tencent';
    expect(directives(contentSecurityPolicy(base))['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://turing.captcha.qcloud.com',
      'https://turing.captcha.gtimg.com',
      'https://wprd01.tiles.example.cn',
      'https://wprd02.tiles.example.cn',
    ]);
    // A setting the map cannot use adds nothing.
    delete process.env.CAPTCHA_PROVIDER;
    process.env.MAP_TILE_URL = 'http://tiles.example.cn/{z}/{x}/{y}.png';
    expect(directives(contentSecurityPolicy(base))['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
    ]);
  });

  it('frames exactly the configured partner origins, and none while no partner is set (ADR 0206)', () => {
    delete process.env.CAPTCHA_PROVIDER;
    delete process.env.PARTNER_PLATFORMS;
    process.env.DEMO_PARTNER_PORT = '0';
    expect(directives(contentSecurityPolicy(base))['frame-src']).toBeUndefined();
    const partner = (id: string, origin: string) => ({
      id,
      name: id,
      origin,
      signInPath: '/sso',
      secret: 's'.repeat(32),
      pages: [],
    });
    process.env.PARTNER_PLATFORMS = JSON.stringify([
      partner('one', 'https://partner.example.cn'),
      partner('two', 'https://two.example.cn:8443'),
      // Refused settings add nothing: plain http off the machine, a path, user info.
      partner('three', 'http://plain.example.cn'),
      partner('four', 'https://path.example.cn/app'),
      partner('five', 'https://u:p@info.example.cn'),
    ]);
    const d = directives(contentSecurityPolicy(base));
    expect(d['frame-src']).toEqual([
      "'self'",
      'https://partner.example.cn',
      'https://two.example.cn:8443',
    ]);
    // Framing only: no script, connection or image from a partner.
    expect(d['script-src']).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(d['connect-src']).toEqual(["'self'", 'ws://radar.example:3000']);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    // Taken off again: the policy follows the setting.
    process.env.PARTNER_PLATFORMS = '';
    expect(directives(contentSecurityPolicy(base))['frame-src']).toBeUndefined();
  });

  it('frames the demo partner in demo mode when no partner is set', () => {
    delete process.env.CAPTCHA_PROVIDER;
    delete process.env.PARTNER_PLATFORMS;
    process.env.DEMO_MODE = '1';
    process.env.DEMO_PARTNER_PORT = '3213';
    process.env.SITE_URL = 'http://localhost:3203';
    process.env.SESSION_SECRET = 'x'.repeat(40);
    expect(directives(contentSecurityPolicy(base))['frame-src']).toEqual([
      "'self'",
      'http://localhost:3213',
    ]);
    process.env.DEMO_MODE = '0';
    expect(directives(contentSecurityPolicy(base))['frame-src']).toBeUndefined();
  });

  it.each([
    ['http://turing.captcha.qcloud.com/TJCaptcha.js', null],
    ['https://user:pw@turing.captcha.qcloud.com/x.js', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
    ['https://turing.captcha.qcloud.com/TJCaptcha.js', 'https://turing.captcha.qcloud.com'],
  ])('policyOrigin(%s) is %s', (url, origin) => {
    expect(policyOrigin(url)).toBe(origin);
  });
});
