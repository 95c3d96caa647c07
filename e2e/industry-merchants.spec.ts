import { expect, test } from './support/test';
import { holdDevReloads, signIn } from './support/session';
import { withE2eDb } from './support/db';

/**
 * Issue 31 item 4, 产业招商: a member opens the page from the side menu, picks a target region and
 * an industry, reads the reasons of the ranked companies, selects two and adds them to leads; an
 * unknown region is a real 404; the new leads carry the source 产业招商 (lead list filter and the
 * data board's source chart). Screenshot at 1366 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';

test.beforeEach(async ({ context }) => holdDevReloads(context));

test('a member picks region and industry, reads the reasons and adds companies to leads', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page.request, 'standard_admin');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/workbench', { timeout: 120_000 });
  // The entry is under 招商拓客 in the side menu (seeded, shown now that the page is built).
  const directory = page.locator('.ws-menu-entry', { hasText: '招商拓客' });
  await expect(directory).toBeVisible({ timeout: 30_000 });
  if ((await directory.getAttribute('aria-expanded')) !== 'true') await directory.click();
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: '产业招商' })
    .click();
  await expect(page).toHaveURL(/\/market-research\/industry-merchants/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('产业招商');

  await page
    .getByRole('region', { name: '选择目标地区' })
    .getByRole('link', { name: '江苏省', exact: true })
    .click();
  await expect(page).toHaveURL(/region=320000/);
  await page
    .getByRole('region', { name: '选择产业' })
    .getByRole('link', { name: '批发和零售业', exact: true })
    .click();
  await expect(page).toHaveURL(/region=320000&industry=F$/);
  const screen = page.getByTestId('merchants-screen');
  await expect(screen.getByRole('heading', { level: 2 })).toHaveText(
    '可能落地江苏省的批发和零售业企业',
  );
  const reasons = screen.getByTestId('merchant-reasons');
  await expect(reasons.first()).toBeVisible({ timeout: 30_000 });
  await expect(reasons.first()).toContainText(/异地设立分支|近期融资|注册资本增加|员工增长/);
  await expect(screen).toContainText(/共 \d+ 家企业/);

  const rows = screen.locator('.ant-table-tbody tr.ant-table-row');
  const count = Math.min(2, await rows.count());
  for (let i = 0; i < count; i++) await rows.nth(i).getByRole('checkbox').check();
  await expect(screen.getByTestId('enterprise-bulk-bar')).toContainText(`已选 ${count} 家`);
  await page.screenshot({ path: `${SHOTS}/industry-merchants-1366.png`, fullPage: true });
  const names: string[] = [];
  for (let i = 0; i < count; i++)
    names.push((await rows.nth(i).locator('a[target="_blank"]').first().innerText()).trim());
  // Leads of earlier runs go to the bin first, so these are created now (with their source).
  await withE2eDb((db) =>
    db.query(
      `update clues set deleted_at = now() where deleted_at is null and name = any($1::text[])
         and tenant_id = (select tenant_id from users where username = 'standard_admin')`,
      [names],
    ),
  );
  await screen
    .getByTestId('enterprise-bulk-bar')
    .getByRole('button', { name: /加入线索/ })
    .click();
  await expect(page.getByText(`已加入线索 ${count} 家`)).toBeVisible({ timeout: 15_000 });

  // A signal filter narrows the list to companies with that reason.
  await screen.getByRole('checkbox', { name: '近期融资' }).check();
  await expect(screen.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  const filtered = await screen.getByTestId('merchant-reasons').all();
  for (const r of filtered) await expect(r).toContainText('近期融资');

  expect(
    (await page.request.get('/market-research/industry-merchants?region=999999')).status(),
  ).toBe(404);

  // Issue 31: the leads say where they came from — 产业招商 in the lead list's source filter.
  await page.goto('/clue/list');
  await page.getByLabel('搜索线索').fill(names[0]);
  await page.getByLabel('搜索线索').press('Enter');
  await page.getByLabel('按来源筛选').click();
  await page.locator('.ant-select-item-option', { hasText: /^产业招商$/ }).click();
  await page.keyboard.press('Escape');
  const leads = page.locator('tr.ant-table-row');
  await expect(leads).toHaveCount(1, { timeout: 30_000 });
  await expect(leads.first()).toContainText(names[0]);
  await expect(leads.first()).toContainText('产业招商');
  await page.screenshot({ path: `${SHOTS}/clue-source-merchants-1366.png` });
  // … and a bar of its own in the data board's source chart.
  await page.goto('/dataBoard');
  const sources = page.locator('section.db-card', { hasText: '按来源' });
  await sources.getByText('表格', { exact: true }).click({ timeout: 30_000 });
  await expect(sources.locator('tr.ant-table-row', { hasText: '产业招商' })).toBeVisible();
});
