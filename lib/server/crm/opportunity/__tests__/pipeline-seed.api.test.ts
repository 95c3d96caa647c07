import { sealData } from 'iron-session';
import { createCustomer } from '@/lib/shared/customer/customer.contract';
import {
  createOpportunity,
  getPipeline,
  type Pipeline,
} from '@/lib/shared/opportunity/opportunity.contract';
import { PIPELINE_CARDS_DEFAULT } from '@/lib/shared/opportunity/opportunity.constants';
import {
  SESSION_COOKIE,
  sessionSecret,
  type BffSession,
} from '@/lib/server/platform/session/session-cookie';
import { callContract, type TestUser } from '@/test/helpers/api';
import { as, seedCrmTeam, type CrmTeam } from '@/test/helpers/crm-team';
import { readPipelineSeed } from '@/lib/server/edge/workspace/pipeline-seed';

/**
 * The board's first answer read by the 商机管理 page on the server (issue 15): the caller's own
 * pipeline through the API root, with the route's checks; null whenever the browser must ask.
 */

// The page request's cookie and headers, as next/headers would give them.
let cookie: string | undefined;
jest.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) =>
      name === SESSION_COOKIE && cookie !== undefined ? { name, value: cookie } : undefined,
  }),
  headers: async () => new Headers({ 'user-agent': 'Mozilla/5.0 Chrome/150.0' }),
}));

let t: CrmTeam;

async function signIn(u: TestUser, extra: Partial<BffSession> = {}) {
  process.env.SESSION_SECRET ??= 'test-session-secret-of-at-least-32-characters';
  cookie = await sealData(
    { accessToken: u.accessToken, refreshToken: u.refreshToken, tenantId: u.tenantId, ...extra },
    { password: sessionSecret() },
  );
}

function shape(p: Pipeline | null) {
  return p?.columns.map((c) => [c.stage.name, c.count, c.amount, c.cards.map((k) => k.id)]);
}

beforeAll(async () => {
  t = await seedCrmTeam();
  // 25 opportunities of the admin and 2 of a 仅本人 member in the first stage.
  const mine = await callContract(createCustomer, { body: { name: '种子客户甲' } }, as(t.admin));
  for (let i = 0; i < 25; i++)
    await callContract(
      createOpportunity,
      { body: { customerId: mine.data, name: `种子商机${i}`, amount: 100 * (i + 1) } },
      as(t.admin),
    );
  const own = await callContract(createCustomer, { body: { name: '种子客户乙' } }, as(t.selfOnly));
  for (let i = 0; i < 2; i++)
    await callContract(
      createOpportunity,
      { body: { customerId: own.data, name: `本人商机${i}`, amount: 7 } },
      as(t.selfOnly),
    );
});

afterEach(() => {
  cookie = undefined;
});

describe('pipeline seed of the 商机管理 page', () => {
  it('answers what the browser would get: totals of all, the first cards of each stage', async () => {
    await signIn(t.admin);
    const seed = await readPipelineSeed();
    const api = await callContract(
      getPipeline,
      { body: { cardLimit: PIPELINE_CARDS_DEFAULT } },
      as(t.admin),
    );
    expect(seed).not.toBeNull();
    expect(shape(seed)).toEqual(shape(api.data));
    expect(seed!.totalCount).toBe(27);
    expect(seed!.columns[0]).toMatchObject({ count: 27 });
    expect(seed!.columns[0].cards).toHaveLength(PIPELINE_CARDS_DEFAULT);
  });

  it("is the caller's own: a 仅本人 member's seed holds only their opportunities", async () => {
    await signIn(t.selfOnly);
    const seed = await readPipelineSeed();
    expect(seed?.totalCount).toBe(2);
    expect(seed?.columns[0].cards.map((c) => c.name).sort()).toEqual(['本人商机0', '本人商机1']);
    expect(seed?.totalAmount).toBe(14);
  });

  it('is null when the browser must ask itself: no session, a bad cookie or token, no permission', async () => {
    expect(await readPipelineSeed()).toBeNull();
    cookie = 'not-a-sealed-cookie';
    expect(await readPipelineSeed()).toBeNull();
    await signIn(t.admin, { accessToken: 'expired-or-forged' });
    expect(await readPipelineSeed()).toBeNull();
    // Refused by the route (szjk:opportunity:query), not skipped.
    await signIn(t.noPerm);
    expect(await readPipelineSeed()).toBeNull();
    // A session whose tenant does not match its token is refused too.
    await signIn(t.admin, { tenantId: t.outsider.tenantId });
    expect(await readPipelineSeed()).toBeNull();
  });
});
