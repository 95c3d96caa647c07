import { expect, test, type Page } from './support/test';
import { passwordLoginInModal } from './support/captcha';
import { e2eEnv } from './support/env';
import { DEMO_PASSWORD, signIn } from './support/session';

/**
 * The embedded partner platform (issue 35, ADR 0206) with the demo partner this app serves on its
 * second port: a member's partner page inside the workspace, the partner's login page ending the
 * session here, a silent partner's retry, and a visitor signing in through /tungee-login.
 */
const SHOTS = process.env.PARTNER_SHOTS_DIR || 'test-results/screens';
const UI_WAIT = process.env.E2E_DEV ? 45_000 : 15_000;
const { partnerOrigin } = e2eEnv();
const PARTNER_NAME = '演示合作平台';

function partnerFrame(page: Page, title = '合作平台报告') {
  return page.frameLocator(`iframe[title="${title}"]`);
}

async function shots(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/partner-${name}-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/partner-${name}-390.png` });
  await page.setViewportSize({ width: 1366, height: 860 });
}

/**
 * Every address the page asks of the partner, to prove the session never travels in one. (Cookies
 * are scoped by host, not port: on one machine the browser sends this app's cookie to the demo
 * partner's port too, which a partner on its own host never gets; the demo partner ignores it.)
 */
function partnerRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(partnerOrigin)) seen.push(r.url());
  });
  return seen;
}

test.describe('embedded partner platform', () => {
  test.describe.configure({ timeout: process.env.E2E_DEV ? 180_000 : 90_000 });

  test('a member opens a partner page in the workspace and the partner knows them', async ({
    page,
    context,
  }) => {
    await signIn(page.request, 'standard_admin');
    const toPartner = partnerRequests(page);
    const res = await page.goto('/common/report');
    // The policy frames exactly the partner's origin.
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(new RegExp(`frame-src 'self' ${partnerOrigin}(;|$)`));

    // The shell: title, breadcrumb, tag and the menu entry that exists because a partner does.
    await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('合作平台报告');
    await expect(page.getByTestId('tag').filter({ hasText: '合作平台报告' })).toBeVisible();
    await expect(page).toHaveTitle(/合作平台报告/);

    // The partner redeemed the code and shows who the member is, with the edition.
    const user = partnerFrame(page).getByTestId('partner-user');
    await expect(user).toContainText('演示科技有限公司（标准版）', { timeout: UI_WAIT });
    await expect(user).toContainText('标准版');
    // APP_PAGE_LOADED hid the loader (not the timeout).
    await expect(page.getByTestId('partner-page')).toHaveAttribute('data-state', 'loaded');
    await expect(page.getByText(`正在打开${PARTNER_NAME}…`)).toBeHidden();
    await expect(page.getByText(`${PARTNER_NAME}暂未响应`)).toBeHidden();

    // Nothing of the session in the frame's address, the partner's addresses or its cookies.
    const session = (await context.cookies()).find((c) => c.name === 'leadradar_session');
    expect(session?.value.length).toBeGreaterThan(20);
    const src = (await page.locator('iframe[title="合作平台报告"]').getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/tanji\/auth\?redirectUrl=/);
    expect(src).not.toContain('code=');
    expect(src).not.toContain(session!.value);
    expect(toPartner.length).toBeGreaterThan(0);
    for (const url of toPartner) expect(url).not.toContain(session!.value);
    // The code was used once, at the sign-in endpoint; the page itself carries none.
    expect(toPartner.filter((url) => url.includes('code=')).length).toBe(1);
    const frameUrl =
      page
        .frames()
        .find((f) => f.url().startsWith(partnerOrigin))
        ?.url() ?? '';
    expect(frameUrl).toBe(`${partnerOrigin}/pages/report`);

    await shots(page, 'frame');

    // Another section, through the side menu's entry.
    await page.goto('/factoryAndBuilding/plants');
    await expect(
      partnerFrame(page, '厂房楼宇').getByRole('heading', { name: '厂房楼宇' }),
    ).toBeVisible({
      timeout: UI_WAIT,
    });
    await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('厂房楼宇');

    // An address no partner serves is a 404, and no frame is drawn.
    await page.goto('/industryAnalysis/no-such-page');
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test("the partner's login page ends the session here (spec 4.1)", async ({ page }) => {
    await signIn(page.request, 'personal_staff');
    await page.goto('/industryAnalysis/overview');
    const frame = partnerFrame(page, '产业分析');
    await expect(frame.getByTestId('partner-user')).toContainText('个人版', { timeout: UI_WAIT });
    // Signing out at the partner shows its login page, which posts LOGIN_PAGE_LOADED.
    await frame.getByRole('button', { name: '退出合作平台登录' }).click();
    await expect(page.getByText('您的账号已在别处登录,已被迫下线')).toBeVisible({
      timeout: UI_WAIT,
    });
    await expect(page.locator('.ant-modal').filter({ hasText: '账号已下线' })).toBeVisible();
    const me = await page.request.get('/api/system/auth/get-permission-info');
    expect(((await me.json()) as { code: number }).code).toBe(401);
  });

  test('a partner that does not answer gets a retry; the shell is drawn first', async ({
    page,
  }) => {
    await signIn(page.request, 'free_staff');
    // The frame's way to the partner hangs until the retry. (Playwright routes the first request
    // of a navigation, not where it is redirected: the frame's /tanji/auth is held.)
    let hang = true;
    await page.route('**/tanji/auth?**', async (route) => {
      if (hang) return; // never answered
      await route.continue();
    });
    await page.goto('/common/report');
    await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('合作平台报告');
    await expect(page.getByText(`正在打开${PARTNER_NAME}…`)).toBeVisible();
    await expect(page.getByText(`${PARTNER_NAME}暂未响应`)).toBeVisible({ timeout: 20_000 });
    await shots(page, 'retry');
    hang = false;
    await page.getByRole('button', { name: '重新加载' }).click();
    await expect(partnerFrame(page).getByTestId('partner-user')).toContainText('免费版', {
      timeout: UI_WAIT,
    });
    await expect(page.getByText(`${PARTNER_NAME}暂未响应`)).toBeHidden();
    await expect(page.getByTestId('partner-page')).toHaveAttribute('data-state', 'loaded');
  });

  test('a visitor signs in through /tungee-login and goes back to the partner', async ({
    page,
  }) => {
    // At the partner, signed out: its login page offers this product's account.
    await page.goto(`${partnerOrigin}/pages/plants`);
    await expect(page).toHaveURL(`${partnerOrigin}/login`);
    await page.getByRole('link', { name: '使用拓客雷达账号登录' }).click();
    await expect(page).toHaveURL(/\/tungee-login\?redirectUrl=/);
    const card = page.getByTestId('tungee-login');
    await expect(card).toContainText(`使用拓客雷达账号登录${PARTNER_NAME}`);
    await expect(card.getByRole('button', { name: '登录并返回' })).toBeVisible({
      timeout: UI_WAIT,
    });
    await shots(page, 'tungee-login');

    await card.getByRole('button', { name: '登录并返回' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: /欢迎登录/ });
    await expect(modal).toBeVisible({ timeout: UI_WAIT });
    await passwordLoginInModal(page, modal, 'advanced_staff', DEMO_PASSWORD);

    // Back at the partner, signed in there by the code exchange; the code is gone from the address.
    await expect(page).toHaveURL(`${partnerOrigin}/pages/report`, { timeout: UI_WAIT });
    await expect(page.getByTestId('partner-user')).toContainText('高级版');

    // Signed in here already: straight back, no second login.
    await page.goto(
      `/tungee-login?redirectUrl=${encodeURIComponent(`${partnerOrigin}/sso?next=/pages/overview`)}`,
    );
    await expect(page).toHaveURL(`${partnerOrigin}/pages/overview`, { timeout: UI_WAIT });
  });

  test('hostile addresses never leave with a code', async ({ page }) => {
    // A visitor sent by a site that is no partner is refused, clearly.
    await page.goto('/tungee-login?redirectUrl=https%3A%2F%2Fevil.example.com%2Fsso');
    await expect(page.getByText('来源平台未登记，无法通过拓客雷达账号登录')).toBeVisible({
      timeout: UI_WAIT,
    });
    await shots(page, 'tungee-refused');

    await signIn(page.request, 'standard_staff');
    for (const target of [
      'https://evil.example.com/sso',
      '//evil.example.com/sso',
      'javascript:alert(1)',
      `${partnerOrigin}@evil.example.com/`,
      `${partnerOrigin}.evil.example.com/`,
      `${partnerOrigin.replace('localhost', 'LOCALHOST')}/sso`,
      `${partnerOrigin}\\@evil.example.com/`,
    ]) {
      const r = await page.request.get(`/tanji/auth?redirectUrl=${encodeURIComponent(target)}`, {
        maxRedirects: 0,
      });
      expect(r.status()).toBe(302);
      const location = r.headers().location ?? '';
      expect(location.startsWith('/tungee-login?')).toBe(true);
      expect(location).not.toContain('code=');
    }
    const ok = await page.request.get(
      `/tanji/auth?redirectUrl=${encodeURIComponent(`${partnerOrigin}/sso`)}`,
      { maxRedirects: 0 },
    );
    expect(ok.headers().location).toMatch(new RegExp(`^${partnerOrigin}/sso\\?code=[\\w-]{32,}$`));
    expect(ok.headers()['cache-control']).toBe('no-store');
  });
});
