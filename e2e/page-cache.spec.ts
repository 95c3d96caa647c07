import { expect, request, test, type APIRequestContext } from './support/test';
import { withE2eDb } from './support/db';
import { e2eEnv } from './support/env';
import { signIn } from './support/session';

/**
 * The public page cache (server.ts, lib/server/edge/page-cache) on the real production server: a
 * company page is rendered once and then served from memory, a change to the company shows on
 * the next request, the cached page still runs its scripts under its hash-based policy, and no
 * signed-in user's data ever reaches what other visitors get.
 */
type Company = { id: number; name: string; uncid: string; mobile: string };

/** A company with a mobile number that no tenant has unlocked, from the end of the ranking. */
async function quietCompany(skip: number): Promise<Company> {
  return withE2eDb(async (db) => {
    const { rows } = await db.query<Company>(
      `select e.id::int as id, e.name, e.uncid, c.value as mobile
         from enterprises e
         join lateral (select value from enterprise_contacts c
                        where c.enterprise_id = e.id and c.type = 'mobile' order by c.id limit 1) c on true
        where not exists (select 1 from enterprise_unlocks u where u.enterprise_id = e.id)
        order by e.weight asc, e.id offset $1 limit 1`,
      [skip],
    );
    return rows[0];
  });
}

const pageOf = (c: Company) => `/companySearchDetail?uncid=${c.uncid}`;

let visitor: APIRequestContext;
test.beforeAll(async () => {
  visitor = await request.newContext({ baseURL: e2eEnv().baseURL });
});
test.afterAll(async () => visitor.dispose());

test('a company page comes from memory and shows a change of the company on the next request', async ({
  page,
}) => {
  const company = await quietCompany(0);
  const first = await visitor.get(pageOf(company));
  expect(first.status()).toBe(200);
  const again = await visitor.get(pageOf(company));
  expect(again.headers()['x-page-cache']).toBe('hit');
  expect(again.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);

  const renamed = `${company.name}（已更名）`;
  await withE2eDb((db) =>
    db.query('update enterprises set name = $1 where id = $2', [renamed, company.id]),
  );
  try {
    // The change reaches the cache by NOTIFY just after the commit (ADR 0214): the next view
    // that asks after it arrived is rendered anew.
    await expect
      .poll(async () => {
        const changed = await visitor.get(pageOf(company));
        return (await changed.text()).includes(renamed) && changed.headers()['x-page-cache'];
      })
      .toBe('miss');

    // The stored page hydrates under its hash policy: the login entry opens the login dialog.
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const response = await page.goto(pageOf(company));
    expect(response?.headers()['x-page-cache']).toBe('hit');
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.getByText('登录/注册', { exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(violations).toEqual([]);
  } finally {
    await withE2eDb((db) =>
      db.query('update enterprises set name = $1 where id = $2', [company.name, company.id]),
    );
  }
});

test("one tenant's unlocked contacts never reach another visitor's copy of the page", async ({
  browser,
}) => {
  const company = await quietCompany(1);
  // The page is in the cache before anyone unlocks it.
  await visitor.get(pageOf(company));
  expect((await visitor.get(pageOf(company))).headers()['x-page-cache']).toBe('hit');

  const owner = await browser.newContext();
  const other = await browser.newContext();
  try {
    await signIn(owner.request, 'enterprise_admin');
    const unlock = await owner.request.post('/api/szjk/enterprise/unlock-enterprise', {
      data: { entId: company.id },
    });
    const unlocked = (await unlock.json()) as { code: number };
    expect(unlocked.code).toBe(200);

    // A member's page is rendered for them, in the workspace frame (never from or into the
    // store); the number the tenant paid for arrives with its own call, not in the HTML.
    const ownerPage = await owner.newPage();
    const ownerDoc = await ownerPage.goto(pageOf(company));
    expect(ownerDoc?.headers()['x-page-cache']).toBeUndefined();
    expect(await ownerDoc?.text()).not.toContain(company.mobile);
    await expect(ownerPage.getByText(company.mobile).first()).toBeVisible();

    // Another tenant's user and an anonymous visitor get the masked page.
    await signIn(other.request, 'free_admin');
    const otherPage = await other.newPage();
    const otherDoc = await otherPage.goto(pageOf(company));
    expect(otherDoc?.headers()['x-page-cache']).toBeUndefined();
    expect(await otherDoc?.text()).not.toContain(company.mobile);
    await expect(otherPage.getByRole('heading', { level: 1 })).toBeVisible();
    await otherPage.waitForLoadState('networkidle');
    expect(await otherPage.content()).not.toContain(company.mobile);

    const anonymous = await visitor.get(pageOf(company));
    expect(anonymous.headers()['x-page-cache']).toBe('hit');
    const html = await anonymous.text();
    expect(html).not.toContain(company.mobile);
    expect(html).toContain(`${company.mobile.slice(0, 3)}****`);
  } finally {
    await owner.close();
    await other.close();
  }
});
