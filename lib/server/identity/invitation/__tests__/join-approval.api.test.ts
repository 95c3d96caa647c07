import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { joinRequests, notifications, tenants, users } from '@/db/schema';
import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';

const ADMIN = ['admin', 'tenant_admin'];
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

type InvitationInfo = { code: string; type: number; expireTimestamp: number; link: string };
type JoinPage = { total: number; list: { id: number; userId: number; status: number }[] };

installMemoryFileStorage();

async function tenantWithAdminAndStaff() {
  const admin = await createTestUser({ roleCodes: ADMIN });
  const staff = await createTestUser({ roleCodes: ['employee'], tenantId: admin.tenantId! });
  return { admin, staff, tenantId: admin.tenantId! };
}

/** A signed-in user without an enterprise who asks to join through a share link. */
async function applicant(code: string) {
  const u = await createTestUser({ noTenant: true });
  const r = await callApi('POST', '/system/sztk_user/join/join-by-invitation', {
    token: u.accessToken,
    body: { invitationCode: code },
  });
  return { u, r };
}

async function shareCode(u: TestUser): Promise<InvitationInfo> {
  const r = await callApi<InvitationInfo>(
    'GET',
    '/system/sztk_user/join/get-invitation-code',
    as(u),
  );
  expect(r.code).toBe(200);
  return r.data;
}

describe('invitation drawer calls', () => {
  it('creates a 365-day share link with invitationCode, type=0 and username; reset replaces it', async () => {
    const { staff } = await tenantWithAdminAndStaff();
    const first = await shareCode(staff);
    expect(first.type).toBe(0);
    const days = (first.expireTimestamp - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);
    const link = new URL(first.link);
    expect(link.pathname).toBe('/invite');
    expect(link.searchParams.get('invitationCode')).toBe(first.code);
    expect(link.searchParams.get('type')).toBe('0');
    expect(link.searchParams.get('username')).toBeTruthy();
    expect((await shareCode(staff)).code).toBe(first.code);

    const reset = await callApi<InvitationInfo>(
      'PUT',
      '/system/sztk_user/join/reset-invitation-code',
      {
        ...as(staff),
        body: { type: 0, day: 365 },
      },
    );
    expect(reset.code).toBe(200);
    expect(reset.data.code).not.toBe(first.code);
    // Public lookup (no token): the old code is gone.
    const oldLookup = await callApi(
      'GET',
      `/system/sztk_user/join/get-invitation-by-code?code=${first.code}`,
    );
    expect(oldLookup.code).toBe(1002029004);
  });

  it('lets only administrators hand out direct-join (type 1) codes', async () => {
    const { admin, staff } = await tenantWithAdminAndStaff();
    const denied = await callApi(
      'GET',
      '/system/sztk_user/join/get-invitation-code?type=1',
      as(staff),
    );
    expect(denied.code).toBe(403);
    const resetDenied = await callApi('PUT', '/system/sztk_user/join/reset-invitation-code', {
      ...as(staff),
      body: { type: 1, day: 365 },
    });
    expect(resetDenied.code).toBe(403);
    const ok = await callApi<InvitationInfo>(
      'GET',
      '/system/sztk_user/join/get-invitation-code?type=1',
      as(admin),
    );
    expect(ok.data.type).toBe(1);
  });
});

describe('join requests (admin page)', () => {
  it('a staff account gets 403 on the list and both approval calls', async () => {
    const { staff } = await tenantWithAdminAndStaff();
    expect((await callApi('GET', '/system/sztk_user/join/join-request-page', as(staff))).code).toBe(
      403,
    );
    expect(
      (
        await callApi('PUT', '/system/sztk_user/join/update-join-request', {
          ...as(staff),
          body: { id: 1, status: 1 },
        })
      ).code,
    ).toBe(403);
    expect(
      (
        await callApi('PUT', '/system/sztk_user/join/update-all-join-request', {
          ...as(staff),
          body: { status: 1 },
        })
      ).code,
    ).toBe(403);
  });

  it('an administrator approves one request: the applicant joins, the inviter gets a record', async () => {
    const { admin, staff, tenantId } = await tenantWithAdminAndStaff();
    const inv = await shareCode(staff);
    const { u, r } = await applicant(inv.code);
    expect(r.code).toBe(1002029003);
    const page = await callApi<JoinPage>(
      'GET',
      '/system/sztk_user/join/join-request-page?status=0',
      as(admin),
    );
    expect(page.code).toBe(200);
    const req = page.data.list.find((x) => x.userId === u.userId)!;
    expect(req.status).toBe(0);
    const ok = await callApi('PUT', '/system/sztk_user/join/update-join-request', {
      ...as(admin),
      body: { id: req.id, status: 1 },
    });
    expect(ok.code).toBe(200);
    const [row] = await getDb().select().from(users).where(eq(users.id, u.userId));
    expect(row.tenantId).toBe(tenantId);
    // Handled once: a second decision finds nothing pending.
    const again = await callApi('PUT', '/system/sztk_user/join/update-join-request', {
      ...as(admin),
      body: { id: req.id, status: 2 },
    });
    expect(again.code).toBe(1002029005);
    // The inviter sees the invitee (masked) in the drawer's record table; the reward is claimable.
    const records = await callApi<{ total: number; list: { invitedMobile: string }[] }>(
      'GET',
      '/system/sztk_user/join/invitation-record-page?pageNo=1&pageSize=10',
      as(staff),
    );
    expect(records.data.total).toBe(1);
    expect(records.data.list[0].invitedMobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const reward = await callApi<{ pendingReward: number }>(
      'GET',
      '/sztk/vip/company-reward-info',
      as(staff),
    );
    expect(reward.data.pendingReward).toBeGreaterThan(0);
    const claim = await callApi<{ granted: number }>('POST', '/sztk/vip/claim-reward', as(staff));
    expect(claim.data.granted).toBe(reward.data.pendingReward);
    expect((await callApi('POST', '/sztk/vip/claim-reward', as(staff))).code).toBe(1002029006);
  });

  it("tells the administrators where approvals are: 成员管理's 加入申请 (issue 28 item 7)", async () => {
    const { admin, staff } = await tenantWithAdminAndStaff();
    const inv = await shareCode(staff);
    const { r } = await applicant(inv.code);
    expect(r.code).toBe(1002029003);
    const [m] = await getDb()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.userId));
    expect(m.templateCode).toBe('join_request');
    expect(m.content).toContain('成员管理 › 加入申请');
    expect(m.content).not.toContain('企业信息');
  });

  it('rejects one, and approves all the rest at once', async () => {
    const { admin, tenantId } = await tenantWithAdminAndStaff();
    const inv = await shareCode(admin);
    const a = await applicant(inv.code);
    const b = await applicant(inv.code);
    const c = await applicant(inv.code);
    const [reqA] = await getDb()
      .select()
      .from(joinRequests)
      .where(eq(joinRequests.userId, a.u.userId));
    const rej = await callApi('PUT', '/system/sztk_user/join/update-join-request', {
      ...as(admin),
      body: { id: reqA.id, status: 2 },
    });
    expect(rej.code).toBe(200);
    const all = await callApi<number>('PUT', '/system/sztk_user/join/update-all-join-request', {
      ...as(admin),
      body: { status: 1 },
    });
    expect(all.data).toBe(2);
    const members = await getDb().select().from(users).where(eq(users.tenantId, tenantId));
    const ids = members.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([b.u.userId, c.u.userId]));
    expect(ids).not.toContain(a.u.userId);
  });

  it("refuses another tenant's requests and another tenant's tenant-id", async () => {
    const one = await tenantWithAdminAndStaff();
    const two = await tenantWithAdminAndStaff();
    const inv = await shareCode(two.admin);
    const { u } = await applicant(inv.code);
    const [req] = await getDb()
      .select()
      .from(joinRequests)
      .where(eq(joinRequests.userId, u.userId));
    // Admin of tenant one cannot decide tenant two's request by id.
    const cross = await callApi('PUT', '/system/sztk_user/join/update-join-request', {
      ...as(one.admin),
      body: { id: req.id, status: 1 },
    });
    expect(cross.code).toBe(1002029005);
    // Nor read or act in tenant two by sending its tenant-id.
    const foreignHeader = await callApi('GET', '/system/sztk_user/join/join-request-page', {
      token: one.admin.accessToken,
      tenantId: two.tenantId,
    });
    expect(foreignHeader.code).toBe(403);
    const foreignBase = await callApi('PUT', '/system/sztk-tenant/update-approval?approval=false', {
      token: one.admin.accessToken,
      tenantId: two.tenantId,
    });
    expect(foreignBase.code).toBe(403);
    const list = await callApi<JoinPage>(
      'GET',
      '/system/sztk_user/join/join-request-page',
      as(one.admin),
    );
    expect(list.data.list.some((x) => x.id === req.id)).toBe(false);
  });
});

describe('tenant base info and the approval flag', () => {
  it('reads the base info; only administrators change name, logo and approval', async () => {
    const { admin, staff, tenantId } = await tenantWithAdminAndStaff();
    const info = await callApi<{ name: string; approval: boolean; logo: string }>(
      'GET',
      '/system/sztk-tenant/get-base-info',
      as(staff),
    );
    expect(info.code).toBe(200);
    expect(info.data.approval).toBe(true);
    expect(
      (
        await callApi('PUT', '/system/sztk-tenant/update-base-info', {
          ...as(staff),
          body: { name: '员工改名有限公司' },
        })
      ).code,
    ).toBe(403);
    expect(
      (await callApi('PUT', '/system/sztk-tenant/update-approval?approval=false', as(staff))).code,
    ).toBe(403);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const staffLogo = new FormData();
    staffLogo.append('file', new File([new Uint8Array(png)], 'logo.png'));
    expect(
      (await callApi('POST', '/system/sztk-tenant/update-logo', { ...as(staff), form: staffLogo }))
        .code,
    ).toBe(403);

    const rename = await callApi('PUT', '/system/sztk-tenant/update-base-info', {
      ...as(admin),
      body: { name: `新名称${tenantId}科技有限公司` },
    });
    expect(rename.code).toBe(200);
    const bad = new FormData();
    bad.append('file', new File([new Uint8Array(Buffer.from('not an image'))], 'logo.png'));
    const badR = await callApi('POST', '/system/sztk-tenant/update-logo', {
      ...as(admin),
      form: bad,
    });
    expect(badR.code).toBe(1002003005);
    const good = new FormData();
    good.append('file', new File([new Uint8Array(png)], 'logo.png'));
    const logo = await callApi<string>('POST', '/system/sztk-tenant/update-logo', {
      ...as(admin),
      form: good,
    });
    expect(logo.code).toBe(200);
    const after = await callApi<{ name: string; logo: string }>(
      'GET',
      '/system/sztk-tenant/get-base-info',
      as(admin),
    );
    expect(after.data.name).toBe(`新名称${tenantId}科技有限公司`);
    expect(after.data.logo).toBe(logo.data);
  });

  it('with approval off, a share-link applicant joins at once without a request', async () => {
    const { admin, tenantId } = await tenantWithAdminAndStaff();
    const off = await callApi(
      'PUT',
      '/system/sztk-tenant/update-approval?approval=false',
      as(admin),
    );
    expect(off.code).toBe(200);
    const [t] = await getDb().select().from(tenants).where(eq(tenants.id, tenantId));
    expect(t.approvalRequired).toBe(false);
    const inv = await shareCode(admin);
    const { u, r } = await applicant(inv.code);
    expect(r.code).toBe(200);
    expect(r.data).toEqual({ outcome: 'joined', tenantId });
    const pending = await getDb()
      .select()
      .from(joinRequests)
      .where(eq(joinRequests.userId, u.userId));
    expect(pending).toHaveLength(0);

    // Back on: the next applicant waits for approval.
    await callApi('PUT', '/system/sztk-tenant/update-approval?approval=true', as(admin));
    const next = await applicant(inv.code);
    expect(next.r.code).toBe(1002029003);
  });
});
