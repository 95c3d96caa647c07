import { cacheablePageRequest, PAGE_CACHE_TTL } from '../page-cache-rules';
import { SESSION_COOKIE } from '@/lib/server/platform/session/session-cookie';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/150.0 Safari/537.36';

function rule(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const all: Record<string, string> = { 'user-agent': CHROME, ...headers };
  return cacheablePageRequest({ method, url, header: (name) => all[name] });
}

describe('which page requests the cache answers', () => {
  it('keys a company page by its lookup and tab, ignoring tracking parameters', () => {
    const a = rule('/companySearchDetail?uncid=91110000abc&utm_source=baidu');
    expect(a).toMatchObject({
      key: '/companySearchDetail?uncid=91110000ABC',
      pathname: '/companySearchDetail',
      policy: { kind: 'enterprise', lookup: { by: 'uncid', uncid: '91110000ABC' } },
    });
    // pid wins over uncid, as on the page; an invalid pid falls through to the next field.
    expect(rule('/companySearchDetail?uncid=X&pid=42')?.policy).toEqual({
      kind: 'enterprise',
      lookup: { by: 'id', id: 42 },
    });
    expect(rule('/companySearchDetail?pid=abc&company_name=%20甲公司%20')?.key).toBe(
      `/companySearchDetail?company_name=${encodeURIComponent('甲公司')}`,
    );
    expect(rule('/companySearchDetail?uncid=A&tab=graph')?.key).toBe(
      '/companySearchDetail?uncid=A&tab=graph',
    );
    expect(rule('/companySearchDetail?uncid=A&tab=<x>')).toBeNull();
    expect(rule('/companySearchDetail')).toBeNull();
  });

  it('keys a search page by its normalised query and refuses parameters the query drops', () => {
    const a = rule('/companySearch?searchValue=%E7%A7%91%E6%8A%80&searchType=default');
    const b = rule('/companySearch?searchValue=%E7%A7%91%E6%8A%80');
    expect(a?.key).toBe(b?.key);
    expect(a?.policy).toEqual({ kind: 'ttl', ttlMs: PAGE_CACHE_TTL.search });
    expect(rule('/companySearch?searchValue=a&cacheBuster=123')).toBeNull();
    expect(rule('/companySearch?searchType=park&parkName=x')).toBeNull();
  });

  it('keeps one entry for home and the agreements whatever their query', () => {
    expect(rule('/?redirect=%2Fworkspace')?.key).toBe('/');
    expect(rule('/')?.policy).toEqual({ kind: 'ttl', ttlMs: PAGE_CACHE_TTL.home });
    expect(rule('/serviceAndAgreement/agreement?x=1')?.key).toBe('/serviceAndAgreement/agreement');
  });

  it('leaves everything that may differ per visitor or is no document load to Next', () => {
    const path = '/companySearchDetail?uncid=A';
    const session = { cookie: `theme=dark; ${SESSION_COOKIE}=sealed` };
    // Home and agreements are the same HTML for members; search and company pages are not (a
    // member gets them in the workspace frame).
    expect(rule(path, session)).toBeNull();
    expect(rule(path, { cookie: 'theme=dark' })).not.toBeNull();
    expect(rule('/', session)).not.toBeNull();
    expect(rule('/companySearch?searchValue=a', session)).toBeNull();
    expect(rule('/companySearch?searchValue=a', { cookie: 'theme=dark' })).not.toBeNull();
    expect(rule(path, { rsc: '1' })).toBeNull();
    expect(rule(path, { 'next-router-prefetch': '1' })).toBeNull();
    expect(rule(`${path}&_rsc=abc`)).toBeNull();
    expect(rule(path, {}, 'POST')).toBeNull();
    expect(rule(path, {}, 'HEAD')).not.toBeNull();
    // In-app browsers are sent to their error page by the route guard.
    expect(rule(path, { 'user-agent': `${CHROME} MicroMessenger/8.0` })).toBeNull();
    expect(rule('/workspace')).toBeNull();
    expect(rule('/api/health')).toBeNull();
  });
});
