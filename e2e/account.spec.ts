import { createCanvas } from '@napi-rs/canvas';
import { expect, test, type Page } from './support/test';
import {
  freshE2eMobile,
  holdDevReloads,
  sendSmsCode,
  signIn,
  signInBySms,
  signUp,
} from './support/session';

/**
 * The account centre (/userSystem/userInfo), the invitation drawer and join approval on 企业信息,
 * as a new tenant administrator created for the run (seeded demo accounts stay untouched).
 * SMS codes come from the demo API, or for the run's own numbers are stored directly (see
 * sendSmsCode); the captcha is covered by its own journey.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const PASSWORD = 'E2eTest2026';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/account-${name}.png`, fullPage: true });

function companyName(): string {
  return `E2E账号测试${Date.now() % 1_000_000}科技有限公司`;
}

/** A real PNG drawn for the test. */
function avatarPng(): Buffer {
  const canvas = createCanvas(96, 96);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#1677ff';
  ctx.fillRect(0, 0, 96, 96);
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(48, 38, 18, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(20, 62, 56, 26);
  return canvas.toBuffer('image/png');
}

test.beforeEach(async ({ context }) => holdDevReloads(context));

async function openAccountCentre(page: Page) {
  // A cold dev server may reload the page a few times while it compiles its chunks.
  await expect(async () => {
    await page.goto('/userSystem/userInfo');
    await expect(page.getByRole('heading', { name: '个人中心' })).toBeVisible();
    await expect(page.getByText('账号信息')).toBeVisible({ timeout: 20_000 });
  }).toPass({ timeout: 150_000 });
}

test('account centre: nickname, avatar, password, WeChat bind/unbind, invitation link', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const { mobile } = await signUp(page.request, { companyName: companyName() });
  await openAccountCentre(page);
  await shot(page, 'centre');

  await test.step('nickname: 2-30 characters, live counter, saved and reloaded', async () => {
    await page.getByRole('button', { name: '修改用户名' }).click();
    const dialog = page.getByRole('dialog', { name: '修改用户名' });
    const input = dialog.getByRole('textbox', { name: '用户名' });
    await input.fill('王');
    await expect(dialog.getByText('1 / 30')).toBeVisible();
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect(dialog.getByText('请输入2-30个字符的昵称')).toBeVisible();
    await input.fill('E2E销售小王');
    await expect(dialog.getByText('7 / 30')).toBeVisible();
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(page.getByTestId('account-nickname')).toHaveText('E2E销售小王');
  });

  await test.step('avatar: a real PNG is stored; a fake .png is refused by content', async () => {
    const picker = page.locator('.acct-center input[type=file]');
    await picker.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image'),
    });
    await expect(page.getByText('只能上传 .jpg、.png 格式的文件')).toBeVisible();
    await picker.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: avatarPng() });
    await expect(page.getByText('头像已更新')).toBeVisible();
    const img = page.locator('.acct-avatar img');
    await expect(img).toHaveAttribute('src', /\/admin-api\/infra\/file\/get\/[a-f0-9]{32}\.png$/);
    const src = await img.getAttribute('src');
    const file = await page.request.get(src!);
    expect(file.headers()['content-type']).toBe('image/png');
  });

  await test.step('password: rules of spec 5, set with an SMS code', async () => {
    await page.getByRole('button', { name: '设置密码' }).click();
    const dialog = page.getByRole('dialog', { name: '设置密码' });
    await dialog
      .getByRole('textbox', { name: '验证码' })
      .fill(await sendSmsCode(page.request, mobile, 4));
    await dialog.getByLabel('新密码').fill('abcdefgh');
    await dialog.getByLabel('确认密码').fill('abcdefg1');
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect(dialog.getByText('密码必须包含字母和数字')).toBeVisible();
    await dialog.getByLabel('新密码').fill(PASSWORD);
    await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
    await dialog.getByLabel('确认密码').fill(PASSWORD);
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect(page.getByText('修改成功')).toBeVisible();
    await expect(page.getByRole('button', { name: '修改密码' })).toBeVisible();
  });

  await test.step('WeChat: bind by scanning on the demo phone page, then unbind', async () => {
    await page.getByRole('button', { name: '绑定', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '绑定公众号' });
    await expect(dialog.getByRole('img', { name: '绑定公众号二维码' })).toBeVisible();
    const box = dialog.locator('[data-qr-url]');
    const url = await box.getAttribute('data-qr-url');
    expect(new URL(url!).pathname).toBe('/PhonePage');
    // Cached for a reopen (spec 9: scene-bind QR url and ticket in local storage).
    expect(await page.evaluate(() => localStorage.getItem('sceneBindQrcode'))).toContain(
      new URL(url!).searchParams.get('ticket')!,
    );
    await shot(page, 'bind-dialog');

    // The "phone": another browser, signed in as the same person, opens what the QR encodes.
    // The tenant allows a second session for it (one session per user is the default).
    const multi = await page.request.put('/api/system/sztk-tenant/update-base-info', {
      data: { singleSession: false },
    });
    expect(((await multi.json()) as { code: number }).code).toBe(200);
    const phone = await browser.newContext({ viewport: { width: 390, height: 780 } });
    try {
      const phonePage = await phone.newPage();
      await signIn(phonePage.request, mobile, PASSWORD);
      const target = new URL(url!);
      await phonePage.goto(target.pathname + target.search);
      await phonePage.getByRole('button', { name: '确认绑定' }).click();
      await expect(phonePage.getByText('扫码成功')).toBeVisible();
    } finally {
      await phone.close();
    }
    // The dialog polls every 3 s.
    await expect(page.getByText('绑定成功')).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toBeHidden();
    await expect(page.getByText('已绑定')).toBeVisible();

    await page.getByRole('button', { name: '解绑' }).click();
    const confirm = page.getByRole('dialog', { name: '解绑微信' });
    await expect(confirm.getByText('确认要解绑微信吗？')).toBeVisible();
    await confirm.getByRole('button', { name: '确 定' }).click();
    await expect(page.getByText('解绑成功')).toBeVisible();
    await expect(page.getByText('未绑定（绑定后可微信扫码登录）')).toBeVisible();
  });

  await test.step('invitation drawer: share link with copy and reset', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('main').getByRole('button', { name: '邀请企业用户' }).click();
    const drawer = page.getByRole('dialog', { name: '邀请企业用户' });
    const link = drawer.getByRole('textbox', { name: '邀请链接' });
    await expect(link).toHaveValue(/\/invite\?invitationCode=\w+&type=0&username=/);
    await expect(drawer.getByText('有效期 365 天')).toBeVisible();
    await expect(drawer.getByText('暂无邀请记录')).toBeVisible();
    const first = await link.inputValue();
    await drawer.getByRole('button', { name: '复制链接' }).click();
    await expect(page.getByText('链接复制成功')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await shot(page, 'invitation-drawer');
    await drawer.getByRole('button', { name: '重置链接' }).click();
    await page.getByRole('button', { name: '确 定' }).click();
    await expect(page.getByText('重置成功')).toBeVisible();
    await expect(link).not.toHaveValue(first);
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
  });
});

// FIXME(next session): in the production build the second 确定 sends no request
// (update-user-mobile never reaches the network; form validation seems to stop it). The server
// side is covered by lib/server/identity/user/__tests__/profile.api.test.ts; the UI step needs a fix.
test('phone change in two steps, then back to login', async ({ page }) => {
  test.setTimeout(240_000);
  const { mobile } = await signUp(page.request, { companyName: companyName() });
  await openAccountCentre(page);
  await test.step('phone change in two steps, then back to login', async () => {
    await page.getByRole('button', { name: '变更' }).click();
    const dialog = page.getByRole('dialog', { name: '变更手机号码' });
    await expect(dialog.getByRole('textbox', { name: '当前手机号' })).toHaveValue(
      `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
    );
    await dialog.getByRole('button', { name: '下一步' }).click();
    await expect(dialog.getByText('请输入验证码')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: '验证码' })
      .fill(await sendSmsCode(page.request, mobile, 6));
    await dialog.getByRole('button', { name: '下一步' }).click();
    const next = freshE2eMobile();
    await dialog.getByRole('textbox', { name: '新手机号' }).fill(next.slice(0, 5));
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect(dialog.getByText('请输入11位电话号码')).toBeVisible();
    await dialog.getByRole('textbox', { name: '新手机号' }).fill(next);
    await dialog
      .getByRole('textbox', { name: '新手机验证码' })
      .fill(await sendSmsCode(page.request, next, 6));
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect(page.getByText('修改手机号码成功')).toBeVisible();
    // /login (the login page may then open its modal over the home page).
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
      .toMatch(/^\/(login)?$/);
    // The account follows the new number: it signs in with it.
    await signInBySms(page.request, next);
  });
});

test('account deletion: code of scene 9, logged out, back to the home page', async ({ page }) => {
  test.setTimeout(240_000);
  const { mobile } = await signUp(page.request, { companyName: companyName() });
  await openAccountCentre(page);
  await page.getByRole('button', { name: '注销账号' }).click();
  const dialog = page.getByRole('dialog', { name: '注销账号' });
  await expect(dialog.getByRole('textbox', { name: '手机号' })).toHaveAttribute('readonly', '');
  await dialog.getByRole('textbox', { name: '验证码' }).fill('000000');
  await dialog.getByRole('button', { name: '确认注销' }).click();
  await expect(dialog.getByText('验证码不正确，请重新填写')).toBeVisible();
  await shot(page, 'delete-dialog');
  await dialog
    .getByRole('textbox', { name: '验证码' })
    .fill(await sendSmsCode(page.request, mobile, 9));
  await dialog.getByRole('button', { name: '确认注销' }).click();
  await expect(page.getByText('账号注销成功')).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
  const me = await page.request.get('/api/system/sztk_user/profile/get');
  expect(((await me.json()) as { code: number }).code).toBe(401);
});

test('join approval: an administrator approves a request made through the share link', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page.request, { companyName: companyName() });
  const inv = await page.request.get('/api/system/sztk_user/join/get-invitation-code?type=0');
  const { data } = (await inv.json()) as { data: { code: string } };

  const applicantContext = await browser.newContext();
  let applicantMobile: string;
  try {
    const joined = await signUp(applicantContext.request, { invitationCode: data.code });
    expect(joined.code).toBe(1002029003);
    applicantMobile = joined.mobile;
  } finally {
    await applicantContext.close();
  }

  // Approvals are on 成员管理, beside 「N 人待审批」 (issue 28 item 7).
  await page.goto('/employeeManagement/member');
  await page.getByRole('link', { name: /人待审批/ }).click();
  // The approved member joins the member table above: the rows of the approvals only.
  const approvals = page.locator('#join-requests');
  await expect(approvals.getByRole('heading', { name: '加入申请' })).toBeVisible();
  const row = approvals.getByRole('row').filter({ hasText: applicantMobile });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText('待审核')).toBeVisible();
  await shot(page, 'join-requests');
  await row.getByRole('button', { name: '通过' }).click();
  await expect(approvals.getByRole('row').filter({ hasText: applicantMobile })).toHaveCount(0);
  await approvals.locator('.ant-segmented').getByText('已通过').click();
  const approved = approvals.getByRole('row').filter({ hasText: applicantMobile });
  await expect(approved).toBeVisible();
  await expect(approved.getByText('已通过')).toBeVisible();

  // The approval flag: off means later share-link joins need no approval.
  await page.goto('/employeeManagement/enterprise');
  await expect(page.getByRole('heading', { name: '企业信息' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: '加入审批' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(
    page.getByText('已关闭：通过邀请链接加入的用户无需审批，直接成为企业成员。'),
  ).toBeVisible();
  const direct = await browser.newContext();
  try {
    expect((await signUp(direct.request, { invitationCode: data.code })).code).toBe(200);
  } finally {
    await direct.close();
  }
});
