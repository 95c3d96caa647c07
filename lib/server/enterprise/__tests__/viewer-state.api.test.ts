import { callApi, createTestUser } from '@/test/helpers/api';
import type { EnterpriseViewer } from '@/lib/shared/enterprise/enterprise.contract';
import { seedFamily, SECRET_EMAIL, SECRET_MOBILE, SECRET_PHONE, type Family } from './fixtures';

/**
 * /szjk/enterprise/viewer-state: the signed-in user's part of a company page (the page's HTML is
 * the same for everyone). Real contacts only for the tenant that unlocked; favourites per user,
 * leads per tenant; visitors and users without a tenant are refused.
 */
let f: Family;

beforeAll(async () => {
  f = await seedFamily();
});

const PATH = '/szjk/enterprise/viewer-state';

function viewerOf(token: string, entId: number) {
  return callApi<EnterpriseViewer>('POST', PATH, { body: { entId }, token });
}

describe('viewer-state', () => {
  it('refuses visitors and users without a tenant, and unknown companies', async () => {
    const anon = await callApi('POST', PATH, { body: { entId: f.mainId } });
    expect(anon.code).toBe(401);
    const noTenant = await createTestUser({ noTenant: true });
    const r = await callApi('POST', PATH, {
      body: { entId: f.mainId },
      token: noTenant.accessToken,
    });
    expect(r.code).toBe(1002000010);
    const user = await createTestUser({ edition: 1 });
    const missing = await viewerOf(user.accessToken, 999_999_999);
    expect(missing.code).toBe(1004010000);
  });

  it("returns the viewer's own state: unlock per tenant, favourite per user, lead per tenant", async () => {
    const alice = await createTestUser({ edition: 1 });
    const teammate = await createTestUser({ edition: 1, tenantId: alice.tenantId! });
    const other = await createTestUser({ edition: 1 });

    const before = await viewerOf(alice.accessToken, f.mainId);
    expect(before.code).toBe(200);
    expect(before.data).toMatchObject({
      entId: f.mainId,
      state: { unlocked: false, favorite: false, inCrm: false, clueId: null },
      contacts: null,
      annualReport: null,
      blockedCode: null,
    });
    expect(before.data.credit.remaining).toBe(20);

    const unlocked = await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: f.mainId },
      token: alice.accessToken,
    });
    expect(unlocked.code).toBe(200);
    await callApi('POST', '/szjk/favorite/add', {
      body: { entId: f.mainId },
      token: alice.accessToken,
    });
    await callApi('POST', '/szjk/enterprise/to-crm', {
      body: { entIds: [f.mainId] },
      token: alice.accessToken,
    });

    const mine = await viewerOf(alice.accessToken, f.mainId);
    expect(mine.data.state).toMatchObject({ unlocked: true, favorite: true, inCrm: true });
    expect(mine.data.state.clueId).toEqual(expect.any(Number));
    expect(mine.data.credit.remaining).toBe(19);
    expect(mine.data.contacts?.unlocked).toBe(true);
    const values = mine.data.contacts?.list.map((c) => c.value) ?? [];
    expect(values).toEqual(expect.arrayContaining([SECRET_MOBILE, SECRET_PHONE, SECRET_EMAIL]));
    // The newest annual report comes with its real contacts.
    expect(mine.data.annualReport?.year).toBe(2024);
    expect(JSON.stringify(mine.data.annualReport)).toContain(SECRET_MOBILE);

    // A teammate shares the unlock and the lead, not the favourite.
    const mate = await viewerOf(teammate.accessToken, f.mainId);
    expect(mate.data.state).toMatchObject({ unlocked: true, favorite: false, inCrm: true });
    expect(mate.data.contacts?.list.map((c) => c.value)).toContain(SECRET_MOBILE);

    // Another tenant sees nothing of it: no contacts, no report, no lead, no favourite.
    const theirs = await viewerOf(other.accessToken, f.mainId);
    expect(theirs.data.state).toMatchObject({ unlocked: false, favorite: false, inCrm: false });
    expect(theirs.data.contacts).toBeNull();
    expect(theirs.data.annualReport).toBeNull();
    const raw = JSON.stringify(theirs.data);
    for (const secret of [SECRET_MOBILE, SECRET_PHONE, SECRET_EMAIL])
      expect(raw).not.toContain(secret);
  });

  it('names the quota code a free edition would get', async () => {
    const free = await createTestUser({ edition: 0 });
    const r = await viewerOf(free.accessToken, f.childId);
    expect(r.code).toBe(200);
    expect(r.data.state.unlocked).toBe(false);
    expect(r.data.blockedCode).not.toBeNull();
  });
});
