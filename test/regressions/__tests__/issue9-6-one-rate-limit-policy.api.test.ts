import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { enterpriseSuggest } from '@/lib/shared/auth/auth.contract';
import { getEnterpriseRegistration } from '@/lib/shared/enterprise/enterprise.contract';
import { callContract, createTestUser, useUpRateLimit, type TestUser } from '@/test/helpers/api';
import { pageRequest, sealSession } from '@/test/helpers/page-request';
import { limitPageRequest } from '@/lib/server/identity/auth/page-rate-limit';
import { RATE_POLICIES, rateLimitClock } from '@/lib/server/platform/rate-limit/rate-limit.service';

/**
 * One policy for pages and API (RATE_POLICIES). The limiter's clock is pinned 15 s into a minute
 * of its own, so every count below lands in one window and Retry-After is known: the 45 s left of
 * the minute plus the second or two into the next after which the sliding window has let enough
 * of this minute's hits go (the limit and the refused ones) for one more request.
 */
const WINDOW_START = Date.UTC(2031, 0, 1, 12, 0, 0);
const realClock = rateLimitClock.now;
beforeAll(() => (rateLimitClock.now = () => WINDOW_START + 15_000));
afterAll(() => (rateLimitClock.now = realClock));

const TOO_MANY = { code: 429, msg: '请求过于频繁，请稍后重试' };
const retryAfterIsKnown = (value: string | null | undefined) =>
  expect(['46', '47']).toContain(value);
const detail = RATE_POLICIES.companyDetail;

let entId = 0;
beforeAll(async () => {
  const r = await getDb().execute<{ id: number }>(sql`select id from enterprises limit 1`);
  entId = Number(r.rows[0].id);
});

/** A public company endpoint, as the detail page's tabs call it. */
const readCompany = (opts: { ip?: string; user?: TestUser }) =>
  callContract(
    getEnterpriseRegistration,
    { query: { entId } },
    { ip: opts.ip ?? '10.61.0.1', token: opts.user?.accessToken, tenantId: opts.user?.tenantId },
  );

/** The server-rendered company page, as proxy.ts counts it. */
const viewCompanyPage = (ip: string, session?: string) =>
  limitPageRequest(pageRequest(`/companySearchDetail?pid=${entId}`, ip, session));

function expectRefusedApi(r: Awaited<ReturnType<typeof readCompany>>) {
  expect({ code: r.code, msg: r.msg }).toEqual(TOO_MANY);
  expect(r.status).toBe(429);
  retryAfterIsKnown(r.res.headers.get('retry-after'));
}

async function expectRefusedPage(res: Response | null) {
  expect(res?.status).toBe(429);
  retryAfterIsKnown(res?.headers.get('retry-after'));
  const html = await res!.text();
  expect(html).toContain('访问过于频繁');
  expect(html).not.toMatch(/Error|at \w+ \(/);
}

describe('company detail: pages and API share one budget per IP', () => {
  it(`refuses the ${detail.perIp + 1}st request of a minute whichever path it takes`, async () => {
    const ip = '10.61.1.1';
    const half = detail.perIp / 2;
    for (let i = 0; i < half; i++) expect(await viewCompanyPage(ip)).toBeNull();
    for (let i = 0; i < half; i++) expect((await readCompany({ ip })).code).toBe(200);
    expectRefusedApi(await readCompany({ ip }));
    await expectRefusedPage(await viewCompanyPage(ip));
    // Another address has its own budget.
    expect(await viewCompanyPage('10.61.1.2')).toBeNull();
    expect((await readCompany({ ip: '10.61.1.2' })).code).toBe(200);
  });

  it('counts page views against the API: a used-up budget refuses the API, and back', async () => {
    const ip = '10.61.2.1';
    await useUpRateLimit(`${detail.key}:ip:${ip}`, detail.perIp - 1);
    expect(await viewCompanyPage(ip)).toBeNull();
    expectRefusedApi(await readCompany({ ip }));

    const other = '10.61.2.2';
    await useUpRateLimit(`${detail.key}:ip:${other}`, detail.perIp - 1);
    expect((await readCompany({ ip: other })).code).toBe(200);
    await expectRefusedPage(await viewCompanyPage(other));
  });
});

describe('IPv6 callers', () => {
  it('share one budget per /64: a script cannot start afresh with each address of its block', async () => {
    await useUpRateLimit(`${detail.key}:ip:2001:db8:61:7::/64`, detail.perIp);
    expectRefusedApi(await readCompany({ ip: '2001:db8:61:7::1' }));
    expectRefusedApi(await readCompany({ ip: '2001:db8:61:7:abcd:1234:5678:9abc' }));
    await expectRefusedPage(await viewCompanyPage('2001:db8:61:7::ffff'));
    // The next /64 is another customer line.
    expect((await readCompany({ ip: '2001:db8:61:8::1' })).code).toBe(200);
  });
});

describe('signed-in users: limited too, more generously by edition', () => {
  it('stops a free user at the free allowance, pages and API alike', async () => {
    const free = await createTestUser({ edition: 0 });
    const allowance = detail.perUser[0];
    expect(allowance).toBeGreaterThan(detail.perIp);
    // Signed in, the address's budget does not apply.
    await useUpRateLimit(`${detail.key}:ip:10.61.4.1`, detail.perIp);
    await useUpRateLimit(`${detail.key}:user:${free.userId}`, allowance - 1);
    expect((await readCompany({ ip: '10.61.4.1', user: free })).code).toBe(200);
    expectRefusedApi(await readCompany({ ip: '10.61.4.2', user: free }));
    // Scraping the pages through the same account hits the same wall.
    const session = await sealSession(free);
    await expectRefusedPage(await viewCompanyPage('10.61.4.3', session));
  });

  it('allows a paid edition more than the free one', async () => {
    const paid = await createTestUser({ edition: 2 });
    const allowance = detail.perUser[2];
    expect(allowance).toBeGreaterThan(detail.perUser[0]);
    await useUpRateLimit(`${detail.key}:user:${paid.userId}`, detail.perUser[0]);
    expect((await readCompany({ user: paid })).code).toBe(200);
    const session = await sealSession(paid);
    expect(await viewCompanyPage('10.61.5.1', session)).toBeNull();
    await useUpRateLimit(`${detail.key}:user:${paid.userId}`, allowance - 1);
    expect((await readCompany({ user: paid })).code).toBe(200);
    expectRefusedApi(await readCompany({ user: paid }));
  });
});

describe('login-screen enterprise suggestions', () => {
  const suggest = RATE_POLICIES.enterpriseSuggest;
  const ask = (ip: string) =>
    callContract(enterpriseSuggest, { query: { keyword: '科技' } }, { ip });

  it('are throttled per IP', async () => {
    const ip = '10.61.6.1';
    await useUpRateLimit(`${suggest.key}:ip:${ip}`, suggest.perIp - 1);
    expect((await ask(ip)).code).toBe(200);
    const over = await ask(ip);
    expect({ code: over.code, msg: over.msg }).toEqual(TOO_MANY);
    expect(over.status).toBe(429);
    retryAfterIsKnown(over.res.headers.get('retry-after'));
    expect((await ask('10.61.6.2')).code).toBe(200);
  });
});
