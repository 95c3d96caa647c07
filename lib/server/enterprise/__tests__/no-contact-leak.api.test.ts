import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';
import { getRoutes } from '@/lib/server/edge/api/routes';
import { enterpriseRoutes } from '../enterprise.routes';
import { seedFamily, SECRET_EMAIL, SECRET_MOBILE, SECRET_PHONE, type Family } from './fixtures';

/**
 * The product's promise: a company's real contacts leave the server only for a tenant that
 * unlocked it. Calls every public endpoint (all enterprise routes, and every public GET of the
 * API root) about a seeded company, as a visitor and as a tenant that did not unlock it, and
 * scans the raw bodies for the real phone, mobile and e-mail.
 */
let f: Family;
let other: TestUser;

beforeAll(async () => {
  f = await seedFamily();
  other = await createTestUser({ edition: 4 });
});

const SECRETS = [SECRET_MOBILE, SECRET_PHONE, SECRET_PHONE.replace('-', ''), SECRET_EMAIL];

function paramsFor(fam: Family): Record<string, string> {
  return {
    entId: String(fam.mainId),
    id: String(fam.mainId),
    pid: String(fam.mainId),
    keyword: fam.mainName,
    entName: fam.mainName,
    uncid: fam.mainUncid,
    company_name: fam.mainName,
    personName: '王建国',
    pageNo: '1',
    pageSize: '100',
  };
}

async function scan(method: string, path: string, token?: string) {
  const p = paramsFor(f);
  const qs = new URLSearchParams(p).toString();
  const body =
    method === 'GET'
      ? undefined
      : { ...p, entId: f.mainId, entIds: [f.mainId], pageNo: 1, pageSize: 100 };
  const r = await callApi(method, `${path}?${qs}`, {
    body,
    token,
    ip: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const raw = r.json ? JSON.stringify(r.json) : '';
  return { code: r.code, raw };
}

describe('no contact leaks', () => {
  const publicEnterprise = enterpriseRoutes.filter(
    (r) => r.access === 'public' && !r.path.includes('{'),
  );

  it('covers the public enterprise endpoints', () => {
    expect(publicEnterprise.length).toBeGreaterThanOrEqual(20);
  });

  for (const who of ['a visitor', 'another tenant'] as const) {
    it(`public enterprise endpoints never show the real contacts to ${who}`, async () => {
      const token = who === 'a visitor' ? undefined : other.accessToken;
      let sawMasked = false;
      for (const route of publicEnterprise) {
        const { code, raw } = await scan(route.method, route.path, token);
        expect({ path: route.path, code }).toEqual({ path: route.path, code: 200 });
        for (const s of SECRETS)
          expect({ path: route.path, leaked: raw.includes(s) }).toEqual({
            path: route.path,
            leaked: false,
          });
        if (raw.includes('138****5678')) sawMasked = true;
      }
      // The scan saw the contacts (masked), so it was not vacuous.
      expect(sawMasked).toBe(true);
    });
  }

  it('no public GET of the whole API root shows them either', async () => {
    const gets = getRoutes().filter(
      (r) => r.access === 'public' && r.method === 'GET' && !r.path.includes('{'),
    );
    for (const route of gets) {
      const { raw } = await scan('GET', route.path);
      for (const s of SECRETS)
        expect({ path: route.path, leaked: raw.includes(s) }).toEqual({
          path: route.path,
          leaked: false,
        });
    }
  });

  it('the scan does find them for the tenant that unlocked the company (positive control)', async () => {
    const owner = await createTestUser({ edition: 1 });
    expect(
      (
        await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
          body: { entId: f.mainId },
          token: owner.accessToken,
        })
      ).code,
    ).toBe(200);
    const { raw } = await scan(
      'POST',
      '/shuzhituoke/enterprise-info/get-contact-general-info',
      owner.accessToken,
    );
    for (const s of [SECRET_MOBILE, SECRET_PHONE, SECRET_EMAIL]) expect(raw).toContain(s);
  });

  it('tenant endpoints of a tenant that did not unlock show masked values only', async () => {
    for (const path of ['/szjk/enterprise/wyw-contact', '/szjk/enterprise/get-wyw-status']) {
      const { code, raw } = await scan('GET', path, other.accessToken);
      expect(code).toBe(200);
      for (const s of SECRETS) expect(raw.includes(s)).toBe(false);
    }
    for (const path of [
      '/szjk/enterprise/get-enterprise-unlock-state',
      '/szjk/enterprise/unlock-page',
    ]) {
      const { code, raw } = await scan('POST', path, other.accessToken);
      expect(code).toBe(200);
      for (const s of SECRETS) expect(raw.includes(s)).toBe(false);
    }
  });
});
