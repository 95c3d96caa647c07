import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { createParkEntryCode, exchangeParkEntryCode } from '@/lib/shared/park/park.contract';
import { callContract, createTestUser, expectHandoffCode } from '@/test/helpers/api';

const PARK_SITE = 'https://park.test/entry?from=leadradar';
const original = process.env.PARK_SITE_URL;

beforeEach(() => {
  process.env.PARK_SITE_URL = PARK_SITE;
});
afterAll(() => {
  if (original === undefined) delete process.env.PARK_SITE_URL;
  else process.env.PARK_SITE_URL = original;
});

/** A signed-in user's park entry URL and the code it carries. */
async function entryFor(user: { accessToken: string }) {
  const r = await callContract(createParkEntryCode, {}, { token: user.accessToken });
  expect(r.code).toBe(200);
  const url = new URL(r.data.url);
  return { url, code: url.searchParams.get('code') ?? '' };
}

const exchange = (code: string) => callContract(exchangeParkEntryCode, { body: { code } });

describe('POST /system/park/create-entry-code', () => {
  it('answers the park site with a one-time code and never a token', async () => {
    const user = await createTestUser();
    const { url } = await entryFor(user);
    expect(`${url.origin}${url.pathname}`).toBe('https://park.test/entry');
    expect(url.searchParams.get('from')).toBe('leadradar');
    expectHandoffCode(url, user);
  });

  it('refuses a visitor', async () => {
    const r = await callContract(createParkEntryCode);
    expect(r.code).toBe(401);
  });

  it('says so when no park site is configured', async () => {
    process.env.PARK_SITE_URL = '';
    const user = await createTestUser();
    const r = await callContract(createParkEntryCode, {}, { token: user.accessToken });
    expect(r.code).toBe(501);
    expect(r.msg).toBe('园区查询服务未配置');
  });
});

describe('POST /system/park/exchange-entry-code', () => {
  it('tells the park site who the user is, once', async () => {
    const user = await createTestUser();
    const { code } = await entryFor(user);
    const first = await exchange(code);
    expect(first.code).toBe(200);
    expect(first.data).toEqual({
      userId: user.userId,
      tenantId: user.tenantId,
      nickname: expect.stringMatching(/^测试用户/),
    });
    const second = await exchange(code);
    expect(second.code).toBe(400);
    expect(second.msg).toBe('园区入口码无效、已过期或已使用');
  });

  it('refuses an expired code', async () => {
    const user = await createTestUser();
    const { code } = await entryFor(user);
    await getDb().execute(
      sql`update one_time_codes set expires_at = now() - interval '1 second' where kind = 'park_entry' and user_id = ${user.userId}`,
    );
    const r = await exchange(code);
    expect(r.code).toBe(400);
    expect(r.msg).toBe('园区入口码无效、已过期或已使用');
  });

  it('refuses an unknown or empty code', async () => {
    expect((await exchange('not-a-real-code')).code).toBe(400);
    expect((await exchange('')).code).toBe(400);
  });

  it('does not accept an access token as a code', async () => {
    const user = await createTestUser();
    expect((await exchange(user.accessToken)).code).toBe(400);
  });
});
