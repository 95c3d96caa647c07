import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
type Ticket = { ticket: string; url: string; expireSeconds: number };
type Profile = { profileInfo: { weixinOpenId: string | null } };

async function bindTicket(u: TestUser): Promise<Ticket> {
  const r = await callApi<Ticket>('GET', '/mp/qrcode/create-qrcode-ticket?scene=bind', as(u));
  expect(r.code).toBe(200);
  return r.data;
}

const status = (u: TestUser, ticket: string) =>
  callApi<number>(
    'GET',
    `/mp/qrcode/get-qrcode-status?ticket=${encodeURIComponent(ticket)}`,
    as(u),
  );

describe('WeChat binding from the account centre (demo adapter)', () => {
  it('needs a session for a bind ticket; the QR opens this app’s /PhonePage', async () => {
    expect((await callApi('GET', '/mp/qrcode/create-qrcode-ticket?scene=bind')).code).toBe(401);
    const u = await createTestUser();
    const t = await bindTicket(u);
    expect(new URL(t.url).pathname).toBe('/PhonePage');
    expect(new URL(t.url).searchParams.get('ticket')).toBe(t.ticket);
    expect(t.expireSeconds).toBe(600);
  });

  it('polls 1 waiting, then 2 bound after a scan; the profile shows the openid; unbind type 31', async () => {
    const u = await createTestUser();
    const t = await bindTicket(u);
    expect((await status(u, t.ticket)).data).toBe(1);
    // Another account cannot read this ticket's state.
    const other = await createTestUser();
    expect((await status(other, t.ticket)).code).toBe(403);
    const scan = await callApi<number>('POST', '/mp/qrcode/phone/continue-as-new', {
      body: { ticket: t.ticket },
    });
    expect(scan.data).toBe(2);
    expect((await status(u, t.ticket)).data).toBe(2);
    const profile = await callApi<Profile>('GET', '/system/sztk_user/profile/get', as(u));
    const openid = profile.data.profileInfo.weixinOpenId;
    expect(openid).toBeTruthy();

    const wrong = await callApi('DELETE', '/system/social-user/unbind', {
      ...as(u),
      body: { type: 31, openid: 'someone-else' },
    });
    expect(wrong.code).toBe(1002018001);
    const ok = await callApi('DELETE', '/system/social-user/unbind', {
      ...as(u),
      body: { type: 31, openid },
    });
    expect(ok.code).toBe(200);
    const after = await callApi<Profile>('GET', '/system/sztk_user/profile/get', as(u));
    expect(after.data.profileInfo.weixinOpenId).toBeNull();
  });

  it('answers 3 when the scanning WeChat belongs to another account', async () => {
    const owner = await createTestUser();
    const t1 = await bindTicket(owner);
    await callApi('POST', '/mp/qrcode/phone/confirm', {
      ...as(owner),
      body: { ticket: t1.ticket },
    });
    expect((await status(owner, t1.ticket)).data).toBe(2);

    const u = await createTestUser();
    const t2 = await bindTicket(u);
    // The phone is signed in as `owner`: its WeChat is already someone else's.
    const scan = await callApi<number>('POST', '/mp/qrcode/phone/confirm', {
      ...as(owner),
      body: { ticket: t2.ticket },
    });
    expect(scan.data).toBe(3);
    expect((await status(u, t2.ticket)).data).toBe(3);
    const profile = await callApi<Profile>('GET', '/system/sztk_user/profile/get', as(u));
    expect(profile.data.profileInfo.weixinOpenId).toBeNull();
  });
});
