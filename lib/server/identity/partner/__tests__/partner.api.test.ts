import { and, eq, sql } from 'drizzle-orm';
import { auditLogs } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { exchangePartnerCode, partnerAuth } from '@/lib/shared/partner/partner.contract';
import { listMenus } from '@/lib/shared/auth/auth.contract';
import type { MenuItem } from '@/lib/shared/menu/menu-types';
import { signExchange } from '../partner.service';
import { callContract, createTestUser, expectHandoffCode, type TestUser } from '@/test/helpers/api';

const ONE = { id: 'one', origin: 'https://partner.example.cn', secret: 'a'.repeat(40) };
const TWO = { id: 'two', origin: 'https://two.example.cn:8443', secret: 'b'.repeat(40) };
const saved = { ...process.env };

const REPORT = { section: 'common', src: 'report', title: '合作报告', path: '/r' };

beforeEach(() => {
  process.env.PARTNER_PLATFORMS = JSON.stringify(
    [ONE, TWO].map((p) => ({
      ...p,
      name: p.id,
      signInPath: '/sso',
      pages: p === ONE ? [REPORT] : [],
    })),
  );
});
afterAll(() => {
  process.env = { ...saved };
});

const auth = (user: TestUser, redirectUrl: string) =>
  callContract(partnerAuth, { query: { redirectUrl } }, { token: user.accessToken });

async function codeFor(user: TestUser, redirectUrl = `${ONE.origin}/sso?next=%2Fpages%2Freport`) {
  const r = await auth(user, redirectUrl);
  expect(r.code).toBe(200);
  const url = new URL(r.data.url);
  return { url, code: url.searchParams.get('code') ?? '' };
}

const now = () => Math.floor(Date.now() / 1000);

function exchange(
  code: string,
  opts: { partner?: typeof ONE; partnerId?: string; timestamp?: number; signature?: string } = {},
) {
  const partner = opts.partner ?? ONE;
  const partnerId = opts.partnerId ?? partner.id;
  const timestamp = opts.timestamp ?? now();
  const signature = opts.signature ?? signExchange(partner.secret, partnerId, timestamp, code);
  return callContract(exchangePartnerCode, { body: { partnerId, code, timestamp, signature } });
}

async function refusals(partnerId: string): Promise<string[]> {
  const rows = await getDb()
    .select({ detail: auditLogs.detail })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, 'partner.exchange_refused'), eq(auditLogs.target, partnerId)));
  return rows.map((r) => String((r.detail as { reason?: string }).reason));
}

describe('GET /tanji/auth?redirectUrl=', () => {
  it('sends a member to the partner with a one-time code, never a token', async () => {
    const user = await createTestUser({ edition: 2 });
    const { url } = await codeFor(user);
    expect(`${url.origin}${url.pathname}`).toBe('https://partner.example.cn/sso');
    expect(url.searchParams.get('next')).toBe('/pages/report');
    expectHandoffCode(url, user);
  });

  it('takes a partner on another port when that port is the one configured', async () => {
    const user = await createTestUser();
    const { url } = await codeFor(user, `${TWO.origin}/x`);
    expect(url.origin).toBe(TWO.origin);
  });

  it.each([
    ['another host', 'https://evil.example.com/sso'],
    ['a look-alike host', 'https://partner.example.cn.evil.com/sso'],
    ['a host ending like it', 'https://evilpartner.example.cn/sso'],
    ['a scheme-relative address', '//evil.example.com/sso'],
    ['a scheme-relative address to the partner', '//partner.example.cn/sso'],
    ['a path', '/sso'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['javascript: in mixed case', 'JaVaScRiPt:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['user info before the host', 'https://partner.example.cn@evil.example.com/sso'],
    ['user info with the partner as name', 'https://partner.example.cn:x@evil.example.com/'],
    ['user info on the partner', 'https://evil@partner.example.cn/sso'],
    ['encoded dots in the host', 'https://partner%2eexample%2ecn/sso'],
    ['an encoded @', 'https://partner.example.cn%40evil.example.com/sso'],
    ['a backslash', 'https://partner.example.cn\\@evil.example.com/'],
    ['a backslash as slash', 'https:\\\\evil.example.com/sso'],
    ['another port', 'https://partner.example.cn:444/sso'],
    ['the default port spelt out', 'https://partner.example.cn:443/sso'],
    ['plain http', 'http://partner.example.cn/sso'],
    ['a mixed-case host', 'https://PARTNER.example.cn/sso'],
    ['a mixed-case scheme', 'HTTPS://partner.example.cn/sso'],
    ['a tab inside', 'https://partner.example.cn\t.evil.com/'],
    ['a newline inside', 'https://partner.example.cn/\nLocation: https://evil.example.com'],
    ['a trailing dot', 'https://partner.example.cn./sso'],
    ['the other partner on a wrong port', 'https://two.example.cn/sso'],
  ])('refuses %s', async (_name, redirectUrl) => {
    const user = await createTestUser();
    const r = await auth(user, redirectUrl);
    expect(r.code).toBe(400);
    expect(r.msg).toBe('跳转地址不属于已登记的合作平台');
    const minted = await getDb().execute(
      sql`select count(*)::int as n from one_time_codes where kind = 'partner_entry' and user_id = ${user.userId}`,
    );
    expect(minted.rows[0]).toEqual({ n: 0 });
  });

  it('refuses a visitor and a missing address', async () => {
    const visitor = await callContract(partnerAuth, {
      query: { redirectUrl: `${ONE.origin}/sso` },
    });
    expect(visitor.code).toBe(401);
    const user = await createTestUser();
    const empty = await auth(user, '');
    expect(empty.code).toBe(400);
    expect(empty.msg).toBe('请提供跳转地址');
  });

  it('refuses everything while no partner is configured', async () => {
    process.env.PARTNER_PLATFORMS = '';
    process.env.DEMO_PARTNER_PORT = '0';
    const user = await createTestUser();
    expect((await auth(user, `${ONE.origin}/sso`)).code).toBe(400);
  });
});

describe('POST /tanji/auth/exchange-code', () => {
  it("tells the partner who the member is, with the tenant's edition, once", async () => {
    const user = await createTestUser({ edition: 3 });
    const { code } = await codeFor(user);
    const first = await exchange(code);
    expect(first.code).toBe(200);
    expect(first.data).toEqual({
      userId: user.userId,
      tenantId: user.tenantId,
      nickname: expect.stringMatching(/^测试用户/),
      tenantName: expect.stringMatching(/^测试企业/),
      edition: 3,
    });
    // Replayed: refused and logged.
    const replay = await exchange(code);
    expect(replay.code).toBe(400);
    expect(replay.msg).toBe('登录码无效、已过期或已使用');
    expect(await refusals('one')).toContain('unknown, expired or used code');
  });

  it('answers the free edition once the paid one has run out', async () => {
    const user = await createTestUser({ edition: 4 });
    await getDb().execute(
      sql`update tenants set edition_expires_at = now() - interval '1 day' where id = ${user.tenantId}`,
    );
    const { code } = await codeFor(user);
    expect((await exchange(code)).data.edition).toBe(0);
  });

  it('refuses a code older than 60 seconds', async () => {
    const user = await createTestUser();
    const { code } = await codeFor(user);
    const [row] = (
      await getDb().execute(
        sql`select extract(epoch from expires_at - created_at)::int as ttl from one_time_codes where kind = 'partner_entry' and user_id = ${user.userId}`,
      )
    ).rows;
    expect(row).toEqual({ ttl: 60 });
    await getDb().execute(
      sql`update one_time_codes set expires_at = now() - interval '1 second' where kind = 'partner_entry' and user_id = ${user.userId}`,
    );
    const r = await exchange(code);
    expect(r.code).toBe(400);
    expect(r.msg).toBe('登录码无效、已过期或已使用');
  });

  it("refuses one partner's code at another, and the code is spent", async () => {
    const user = await createTestUser();
    const { code } = await codeFor(user);
    const other = await exchange(code, { partner: TWO });
    expect(other.code).toBe(400);
    expect(other.msg).toBe('登录码无效、已过期或已使用');
    expect(await refusals('two')).toContain('code of another partner');
    expect((await exchange(code)).code).toBe(400);
  });

  it.each([
    ['unsigned', { signature: '' }, 'unsigned'],
    [
      'signed with another secret',
      { signature: signExchange('c'.repeat(40), 'one', now(), 'x') },
      'bad signature',
    ],
    ['signed with the other partner secret', { partner: { ...TWO, id: 'one' } }, 'bad signature'],
    ['from an unknown partner', { partnerId: 'nobody' }, 'unknown partner'],
    ['stale', { timestamp: now() - 3600 }, 'stale timestamp'],
    ['from the future', { timestamp: now() + 3600 }, 'stale timestamp'],
  ])('refuses and logs an exchange %s, leaving the code good', async (_n, opts, reason) => {
    const user = await createTestUser();
    const { code } = await codeFor(user);
    const r = await exchange(code, opts);
    expect(r.code).toBe(401);
    expect(r.msg).toBe('合作平台签名无效');
    const partnerId = 'partnerId' in opts ? String(opts.partnerId) : 'one';
    expect(await refusals(partnerId)).toContain(reason);
    // Nothing was redeemed: the rightful partner still can.
    expect((await exchange(code)).code).toBe(200);
  });

  it('refuses a signature over another code', async () => {
    const user = await createTestUser();
    const a = await codeFor(user);
    const b = await codeFor(user);
    const ts = now();
    const r = await exchange(a.code, {
      timestamp: ts,
      signature: signExchange(ONE.secret, 'one', ts, b.code),
    });
    expect(r.code).toBe(401);
  });

  it('does not accept an access token or a park code as a sign-in code', async () => {
    const user = await createTestUser();
    expect((await exchange(user.accessToken)).code).toBe(400);
    expect((await exchange('not-a-real-code')).code).toBe(400);
  });

  it('refuses the code of a member disabled since', async () => {
    const user = await createTestUser();
    const { code } = await codeFor(user);
    await getDb().execute(sql`update users set status = 1 where id = ${user.userId}`);
    expect((await exchange(code)).code).toBe(400);
  });

  it('answers bad input in Chinese, never a 500', async () => {
    const r = await callContract(exchangePartnerCode, {
      body: { partnerId: '', code: '', timestamp: 0 } as never,
    });
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/请提供/);
  });
});

describe('menu entries of partner pages', () => {
  const paths = (items: MenuItem[]): [string, boolean][] =>
    items.flatMap((i) => [[i.path, i.visible] as [string, boolean], ...paths(i.children)]);

  it('lists a configured page, visible, and none once no partner is set', async () => {
    const user = await createTestUser();
    const withPartner = await callContract(listMenus, {}, { token: user.accessToken });
    expect(paths(withPartner.data)).toContainEqual(['/common/report', true]);
    process.env.PARTNER_PLATFORMS = '';
    process.env.DEMO_PARTNER_PORT = '0';
    const without = await callContract(listMenus, {}, { token: user.accessToken });
    expect(
      paths(without.data).filter(([p, visible]) => p.startsWith('/common/') && visible),
    ).toEqual([]);
  });
});
