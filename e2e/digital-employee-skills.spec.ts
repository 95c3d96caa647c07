import { expect, test, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { holdDevReloads, signIn } from './support/session';
import { pickOption } from './support/ui';

/**
 * Issue 34 items 2-4, the AI employee at work: a member opens 员工技能 from the side menu, runs
 * 新成立企业, turns on its daily run; the schedule's job (the e2e server ticks every 2 s) runs it
 * after a new company was registered and a message with the new company reaches the message
 * centre, leading back to the page. A free-edition member sees a locked skill before any click.
 * The operator edits the configuration document and /ai greets with it. Screenshots 1366 / 390.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const UI_WAIT = 30_000;

test.beforeEach(async ({ context }) => holdDevReloads(context));

async function openFromMenu(page: Page) {
  await page.goto('/workbench', { timeout: 120_000 });
  const group = page.locator('.ws-menu-entry', { hasText: 'AI 助手' }).first();
  await expect(group).toBeVisible({ timeout: UI_WAIT });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: '员工技能' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/digitalEmployeeDetail/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('数字员工技能');
}

test('a member runs a skill, schedules it, and the daily run reports a new company', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page.request, 'standard_staff');
  await page.setViewportSize({ width: 1366, height: 900 });
  await openFromMenu(page);

  // Skill 6 from the picker; the URL keeps the key.
  const detail = page.getByTestId('skill-detail');
  await pickOption(
    page,
    detail.getByRole('combobox', { name: '选择技能' }),
    /^6\. 新成立企业/,
    page.getByTestId('skill-name').filter({ hasText: '新成立企业' }),
  );
  await expect(page).toHaveURL(/key=6/);

  await page.getByTestId('skill-run').click();
  const results = page.getByTestId('skill-results');
  await expect(results.locator('.ant-table-row').first()).toBeVisible({ timeout: UI_WAIT });
  await expect(results).toContainText('成立 1 年以内');
  await expect(page.getByTestId('skill-last-run')).toContainText('手动运行');

  // A daily schedule (stop an earlier run's first, so the test can run again).
  const schedule = page.getByTestId('skill-schedule');
  const stop = schedule.getByRole('button', { name: '停止每日运行' });
  if (await stop.isVisible()) await stop.click();
  await schedule.getByRole('button', { name: '每日运行' }).click();
  await expect(page.getByTestId('skill-schedule-state')).toContainText('每日运行中', {
    timeout: UI_WAIT,
  });
  await page.screenshot({ path: `${SHOTS}/skill-detail-1366.png`, fullPage: true });

  // A company registered today, and the schedule made due: its job runs within seconds.
  const name = `端到端新设企业${Date.now()}有限公司`;
  await withE2eDb(async (db) => {
    await db.query(
      `insert into enterprises (name, uncid, org_type, status, legal_person, province_code, city_code,
         industry_section, industry_division, establish_date, reg_capital, staff_size, tags, weight)
       values ($1, $2, '有限责任公司', '存续', '王五', '330000', '330100', 'I', '65', current_date, 100, '1-49人', '{}', 0)`,
      [name, `91E2E${String(Date.now()).slice(-13)}`],
    );
    await db.query(
      `update skill_schedules s set next_run_at = now() - interval '1 minute'
         from users u where u.id = s.user_id and u.username = 'standard_staff' and s.skill_key = 6`,
    );
  });

  await page.goto('/infoCenter');
  const row = page.getByRole('row').filter({ hasText: /数字员工「新成立企业」发现 \d+ 家新企业/ });
  await expect(async () => {
    await page.reload();
    await expect(row.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.first()).toContainText(name.slice(0, 8));
  await page.screenshot({ path: `${SHOTS}/skill-notification-1366.png`, fullPage: true });

  // The message leads back to the page, the new company marked 新.
  await page.goto('/digitalEmployeeDetail?key=6');
  await expect(page.getByTestId('skill-last-run')).toContainText('每日运行', { timeout: UI_WAIT });
  const fresh = page.getByTestId('skill-results').locator('.ant-table-row', { hasText: name });
  await expect(fresh).toBeVisible();
  await expect(fresh.getByTestId('skill-new')).toBeVisible();
  await page.getByTestId('skill-schedule').getByRole('button', { name: '停止每日运行' }).click();
  await expect(page.getByTestId('skill-schedule-state')).toContainText('每天自动运行一次');

  // 390 px: the page fits the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('skill-results')).toBeVisible({ timeout: UI_WAIT });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${SHOTS}/skill-detail-390.png`, fullPage: true });
});

test('a free-edition member sees a locked skill before clicking', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page.request, 'free_staff');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/digitalEmployeeDetail?key=7', { timeout: 120_000 });
  await expect(page.getByTestId('skill-locked')).toContainText('「区域扩张」需要高级版及以上版本', {
    timeout: UI_WAIT,
  });
  await expect(page.getByTestId('skill-run')).toBeDisabled();
  await expect(
    page.getByTestId('skill-schedule').getByRole('button', { name: '每日运行' }),
  ).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/skill-locked-390.png`, fullPage: true });
  // A bad key is not a 404: the first skill.
  await page.goto('/digitalEmployeeDetail?key=abc');
  await expect(page.getByTestId('skill-name')).toContainText('画像找客', { timeout: UI_WAIT });
});

test('the operator edits the configuration document and /ai greets with it', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page.request, 'admin', 'Admin@2026');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/userSystem/userInfo', { timeout: 120_000 });
  const menu = page.locator('.ws-menu-entry', { hasText: '平台管理' });
  await expect(menu).toBeVisible({ timeout: UI_WAIT });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.getByRole('link', { name: '数字员工配置' }).click();
  await expect(page).toHaveURL(/\/platform\/ai-employee$/);
  const text = page.getByTestId('ai-config-text');
  await expect(text).toContainText('"greeting"', { timeout: UI_WAIT });

  // A broken edit is caught before saving.
  const original = await text.inputValue();
  await text.fill(original.replace('"version": 1', '"version": 2'));
  await expect(page.getByTestId('ai-config-problem')).toContainText('配置版本须为 1');
  await expect(page.getByTestId('ai-config-save')).toBeDisabled();

  const doc = JSON.parse(original) as { greeting: string };
  await text.fill(JSON.stringify({ ...doc, greeting: '你好，我是数字员工小拓' }, null, 2));
  await page.getByTestId('ai-config-save').click();
  await expect(page.getByText('已保存')).toBeVisible({ timeout: UI_WAIT });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/ai-config-1366.png` });

  const member = await browser.newPage();
  try {
    await signIn(member.request, 'standard_admin');
    await member.goto('/ai', { timeout: 120_000 });
    await expect(member.getByTestId('ai-empty')).toContainText('你好，我是数字员工小拓', {
      timeout: UI_WAIT,
    });
  } finally {
    await member.close();
    // Back to the built-in document for the other specs.
    await page.getByRole('button', { name: '填入内置默认' }).click();
    await page.getByTestId('ai-config-save').click();
    await expect(page.getByText('已保存').last()).toBeVisible({ timeout: UI_WAIT });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/ai-config-390.png` });
});
