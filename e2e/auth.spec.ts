import { expect, test, type Browser, type Page } from './support/test';
import { sliderWidget, solveSliderCaptcha } from './support/captcha';
import { withE2eDb } from './support/db';
import { DEMO_PASSWORD, signIn } from './support/session';
import { untilStill } from './support/ui';

const SHOTS = process.env.AUTH_SHOTS_DIR || 'test-results/screens';
/** The dev server compiles on demand and the machine may be busy: UI waits get more room there. */
const UI_WAIT = process.env.E2E_DEV ? 45_000 : 10_000;

function loginModal(page: Page) {
  return page.locator('.ant-modal').filter({ hasText: /欢迎登录|找回密码|完善/ });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/auth-${name}.png` });
}

async function agree(page: Page) {
  // The QR tab stays mounted (its poll runs while the modal is open): use the visible box.
  await loginModal(page)
    .getByRole('checkbox', { name: '同意服务协议和隐私协议' })
    .filter({ visible: true })
    .check();
}

/** Sends the SMS code through the real button and slider; demo mode fills the code in. */
async function requestSmsCode(page: Page) {
  await loginModal(page).getByTestId('sms-code-button').click();
  await solveSliderCaptcha(page);
  await expect(loginModal(page).getByLabel('验证码', { exact: true })).toHaveValue(/^\d{6}$/);
}

/** Resolves once the page's push socket says "connected"; call before the page loads. */
function pushConnected(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/websocket/message')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('connected')) resolve();
      });
    });
  });
}

async function expectSignedIn(page: Page) {
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible({ timeout: UI_WAIT });
}

test.describe('sign-in and sessions', () => {
  // The dev server compiles each page and the modal on first use.
  test.describe.configure({ timeout: process.env.E2E_DEV ? 180_000 : 60_000 });

  test.beforeAll(async ({ browser }) => {
    // Warm-up: the first load of the home page, the modal chunk and the phone page compile slowly
    // on the dev server; later steps keep the default timeouts.
    test.setTimeout(300_000);
    const page = await browser.newPage();
    await page.goto('/login');
    await expect(loginModal(page)).toBeVisible({ timeout: 240_000 });
    await page.goto('/PhonePage?ticket=warmup');
    await expect(page.getByText('二维码已过期')).toBeVisible({ timeout: 120_000 });
    await page.close();
  });

  test('guard sends a protected page home with the modal, password login returns there', async ({
    page,
  }) => {
    await page.goto('/favoritesPage?tab=1');
    await expect(page).toHaveURL(/\/\?redirect=%2FfavoritesPage%3Ftab%3D1$/);
    const modal = loginModal(page);
    await expect(modal).toBeVisible({ timeout: UI_WAIT });
    // The QR is masked until consent is ticked.
    await expect(modal.getByRole('button', { name: '请先阅读并同意' })).toBeVisible();
    await shot(page, 'qr-masked');

    await modal.getByRole('tab', { name: '密码登录' }).click();
    const submit = modal.getByRole('button', { name: /登\s*录/ });
    await expect(submit).toBeDisabled();
    await modal.getByLabel('账号').fill('free_admin');
    await expect(submit).toBeDisabled();
    await modal.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await expect(submit).toBeEnabled();
    await expect(modal.getByRole('checkbox', { name: '记住我' })).toBeChecked();
    // Pressed before consent: a small confirm names the agreements; 同意并继续 ticks the box and
    // goes on to the slider (issue 28 item 7).
    await submit.click();
    await expect(page.getByTestId('consent-confirm')).toBeVisible();
    await shot(page, 'password');
    await page.getByRole('button', { name: '同意并继续' }).click();
    // The slider shows in the login dialog, in place of the form: one dialog, one close button.
    await expect(page.getByTestId('captcha-in-dialog')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await solveSliderCaptcha(page);
    await expect(page).toHaveURL(/\/favoritesPage\?tab=1$/, { timeout: UI_WAIT });
    await expect(page.getByText('登录成功')).toBeVisible({ timeout: UI_WAIT });

    // Signed in, /login goes to the workspace home (issue 28 item 7).
    await page.goto('/login');
    await expect(page).toHaveURL(/\/workbench$/, { timeout: UI_WAIT });
    await expectSignedIn(page);

    // Logout asks first, then the remembered account name is pre-filled next time.
    await page.getByRole('button', { name: '用户菜单' }).click();
    await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeVisible();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText('系统提示');
    await expect(confirm).toContainText('确定要退出登录吗？');
    await shot(page, 'logout-confirm');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    await page.getByRole('link', { name: '登录/注册' }).click();
    await untilStill(page, loginModal(page));
    await loginModal(page).getByRole('tab', { name: '密码登录' }).click();
    await expect(loginModal(page).getByLabel('账号')).toHaveValue('free_admin');
    await expect(loginModal(page).getByLabel('密码', { exact: true })).toHaveValue('');
  });

  test('SMS login with the demo code', async ({ page }) => {
    await page.goto('/login');
    const modal = loginModal(page);
    await expect(modal).toBeVisible({ timeout: UI_WAIT });
    await modal.getByRole('tab', { name: '短信登录' }).click();
    await modal.getByLabel('手机号').fill('13800000002');
    await agree(page);
    await requestSmsCode(page);
    await shot(page, 'sms');
    await modal.getByRole('button', { name: '登录 / 注册' }).click();
    await expect(page).toHaveURL(/\/workbench$/, { timeout: UI_WAIT });
    await expectSignedIn(page);
  });

  test('a new phone number registers through bind enterprise (type 1)', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: '登录/注册' }).click();
    const modal = loginModal(page);
    await modal.getByRole('tab', { name: '短信登录' }).click();
    const mobile = `139${String(Date.now()).slice(-8)}`;
    await modal.getByLabel('手机号').fill(mobile);
    await agree(page);
    await requestSmsCode(page);
    await modal.getByRole('button', { name: '登录 / 注册' }).click();
    await expect(modal.getByRole('heading', { name: '完善企业信息' })).toBeVisible();
    await expect(modal).toContainText('欢迎新用户');
    await modal.getByLabel('企业名称').fill(`端到端测试科技有限公司${mobile.slice(-4)}`);
    await shot(page, 'bind-enterprise');
    await modal.getByRole('button', { name: '完成注册' }).click();
    await expectSignedIn(page);
  });

  test('QR login confirmed on a phone (second browser) as an existing account', async ({
    page,
    browser,
  }) => {
    const phone = await scanLoginQr(page, browser, 'qr');
    // The phone: signs in with its password, then confirms.
    await expect(phone.getByRole('button', { name: '以新微信用户继续' })).toBeVisible({
      timeout: UI_WAIT,
    });
    await phone.screenshot({ path: `${SHOTS}/auth-phone-choose.png` });
    await phone.getByText('已有账号：密码登录').click();
    await phone.getByLabel('账号').fill('advanced_staff');
    await phone.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    // On the phone the slider sits in the form (fixed mode): 登录 waits for it.
    const login = phone.getByRole('button', { name: /登\s*录/ });
    await expect(login).toBeDisabled();
    const inline = phone.getByRole('group', { name: '安全验证' });
    await expect(sliderWidget(phone, inline)).toHaveAttribute('data-token', /.+/);
    const missed = await sliderWidget(phone, inline).getAttribute('data-token');
    await solveSliderCaptcha(phone, { within: inline, offset: 40, expectSuccess: false });
    await expect(inline).toContainText('验证失败');
    await expect(login).toBeDisabled();
    // A new challenge replaces the missed one.
    await expect
      .poll(() => sliderWidget(phone, inline).getAttribute('data-token'), { timeout: UI_WAIT })
      .not.toBe(missed);
    await solveSliderCaptcha(phone, { within: inline, input: 'touch' });
    await phone.screenshot({ path: `${SHOTS}/auth-phone-inline-captcha.png` });
    await login.click();
    await phone.getByRole('button', { name: '确认登录' }).click();
    await expect(phone.getByText('扫码成功')).toBeVisible();
    await phone.screenshot({ path: `${SHOTS}/auth-phone-page.png` });
    await phone.context().close();

    await expect(page).toHaveURL(/\/workbench$/, { timeout: UI_WAIT });
    await expectSignedIn(page);
  });

  test('a new WeChat identity scans, binds a phone and an enterprise (type 0 path)', async ({
    page,
    browser,
  }) => {
    const phone = await scanLoginQr(page, browser);
    const modal = loginModal(page);
    await phone.getByRole('button', { name: '以新微信用户继续' }).click();
    await expect(phone.getByText('扫码成功')).toBeVisible();
    await phone.context().close();

    await expect(modal.getByRole('heading', { name: '完善手机号' })).toBeVisible({
      timeout: 10_000,
    });
    const mobile = `137${String(Date.now()).slice(-8)}`;
    await modal.getByLabel('手机号').fill(mobile);
    await requestSmsCode(page);
    await shot(page, 'bind-phone');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect(modal.getByRole('heading', { name: '完善企业信息' })).toBeVisible();
    await modal.getByLabel('企业名称').fill(`扫码测试科技有限公司${mobile.slice(-4)}`);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expectSignedIn(page);
  });

  test('forgot password has its own title and returns to the account tab', async ({ page }) => {
    await page.goto('/login');
    const modal = loginModal(page);
    await expect(modal).toBeVisible({ timeout: UI_WAIT });
    await modal.getByRole('tab', { name: '密码登录' }).click();
    await modal.getByRole('button', { name: '忘记密码' }).click();
    await expect(modal.getByRole('heading', { name: '找回密码' })).toBeVisible();
    await modal.getByLabel('新密码', { exact: true }).fill('abc');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect(modal).toContainText('请输入8-16位字符组成的密码');
    await shot(page, 'forgot');
    await modal.getByRole('button', { name: '返回账号密码登录' }).click();
    await expect(modal.getByLabel('账号')).toBeVisible();
  });

  test('logging in elsewhere forces this session offline', async ({ page, browser }) => {
    await signIn(page.request, 'personal_staff');
    // The push socket says "connected" as soon as it opens: listen before the page loads.
    const connected = pushConnected(page);
    await page.goto('/');
    await expectSignedIn(page);
    await connected;

    const other = await browser.newContext();
    await signIn(other.request, 'personal_staff');
    await other.close();

    const dialog = page.locator('.ant-modal').filter({ hasText: '账号已下线' });
    await expect(dialog).toBeVisible({ timeout: UI_WAIT });
    await expect(dialog).toContainText('您的账号已在其他地方登录，当前已被迫下线');
    await expect(page.getByText('您的账号已在别处登录,已被迫下线')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '修改密码' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: '联系客服' })).toBeVisible();
    await shot(page, 'offline');
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(loginModal(page)).toBeVisible({ timeout: UI_WAIT });
  });

  test('a role change asks for a new login, after which the session is rebuilt', async ({
    page,
    browser,
  }) => {
    await signIn(page.request, 'personal_staff');
    const connected = pushConnected(page);
    await page.goto('/companySearch');
    await expectSignedIn(page);
    await connected;

    // The tenant's administrator gives the member the same employee role again: still a change
    // of roles as far as the sessions go.
    const { memberId, roleId } = await withE2eDb(async (db) => {
      const m = await db.query<{ id: string }>(
        `select id from users where username = 'personal_staff'`,
      );
      const r = await db.query<{ id: string }>(
        `select id from roles where code = 'employee' and tenant_id is null`,
      );
      return { memberId: Number(m.rows[0].id), roleId: Number(r.rows[0].id) };
    });
    const adminContext = await browser.newContext();
    await signIn(adminContext.request, 'personal_admin');
    const assigned = await adminContext.request.post('/api/system/permission/assign-user-role', {
      data: { userId: memberId, roleIds: [roleId] },
    });
    expect(((await assigned.json()) as { code: number }).code).toBe(200);
    await adminContext.close();

    await expect(page.getByText('您的角色已变更，请重新登录')).toBeVisible({ timeout: UI_WAIT });
    const modal = loginModal(page);
    await expect(modal).toBeVisible();
    await expect(page.getByRole('button', { name: '用户菜单' })).toBeHidden();
    // Signing in again rebuilds the session (roles, permissions, menus) on the same page.
    await modal.getByRole('tab', { name: '密码登录' }).click();
    await modal.getByLabel('账号', { exact: true }).fill('personal_staff');
    await modal.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await agree(page);
    await modal
      .getByRole('tabpanel')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await solveSliderCaptcha(page);
    await expectSignedIn(page);
    await expect(page).toHaveURL(/\/companySearch/);
    const info = await page.request.get('/api/system/auth/get-permission-info');
    expect(await info.json()).toMatchObject({ code: 200, data: { roles: ['employee'] } });
  });

  test('an embedded platform frame that shows its login page ends the session here', async ({
    page,
  }) => {
    await signIn(page.request, 'personal_staff');
    // A page rendered for this request (the stored public pages carry hashes, not a nonce).
    await page.goto('/favoritesPage');
    await expectSignedIn(page);
    // A frame of this origin posting APP_PAGE_LOADED is only noted; another origin is ignored.
    await page.evaluate(() => window.postMessage({ type: 'APP_PAGE_LOADED' }, location.origin));
    const foreignMessageOrigin = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          // A sandboxed frame has an opaque origin ("null"), like a page of another site. It
          // inherits the page's CSP, so its script carries the page's nonce to run at all.
          const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
          window.addEventListener('message', (e) => {
            if (e.data?.type === 'LOGIN_PAGE_LOADED') setTimeout(() => resolve(e.origin), 500);
          });
          const frame = document.createElement('iframe');
          frame.setAttribute('sandbox', 'allow-scripts');
          frame.srcdoc = `<script nonce="${nonce}">parent.postMessage({ type: 'LOGIN_PAGE_LOADED' }, '*')</script>`;
          document.body.append(frame);
        }),
    );
    // The message did arrive, from another origin, and was ignored.
    expect(foreignMessageOrigin).toBe('null');
    await expectSignedIn(page);
    // The same message from this origin forces the offline dialog.
    await page.evaluate(() => window.postMessage({ type: 'LOGIN_PAGE_LOADED' }, location.origin));
    const dialog = page.locator('.ant-modal').filter({ hasText: '账号已下线' });
    await expect(dialog).toBeVisible({ timeout: UI_WAIT });
    await expect(page.getByText('您的账号已在别处登录,已被迫下线')).toBeVisible();
    // The session cookie is gone on the server side too.
    const me = await page.request.get('/api/system/auth/get-permission-info');
    expect(((await me.json()) as { code: number }).code).toBe(401);
  });

  test('the WeChat in-app browser gets its error page', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40',
    });
    const p = await context.newPage();
    await p.goto('/companySearch');
    await expect(p).toHaveURL(/\/weixinError$/);
    await expect(p.getByRole('heading')).toContainText(
      '暂不支持微信浏览器访问，请到其他浏览器进行访问',
    );
    await context.close();
  });
});

/**
 * Opens the login modal on /login, agrees, and opens the QR's URL (the demo adapter's
 * /PhonePage?ticket=…) in a phone-sized second browser, as scanning it would. `shotName` saves
 * the QR tab first.
 */
async function scanLoginQr(page: Page, browser: Browser, shotName?: string): Promise<Page> {
  await page.goto('/login');
  await agree(page);
  const qr = loginModal(page).getByRole('img', { name: '微信扫码登录二维码' });
  await expect(qr).toBeVisible();
  if (shotName) await shot(page, shotName);
  const url = await qr.getAttribute('data-qr-url');
  expect(url).toContain('/PhonePage?ticket=');
  return openPhone(browser, url!);
}

async function openPhone(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 780 },
    hasTouch: true,
  });
  const phone = await context.newPage();
  // The QR encodes SITE_URL; the test server's base URL is the same origin.
  await phone.goto(url);
  return phone;
}
