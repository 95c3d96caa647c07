import { expect, test, type Page } from './support/test';
import { holdDevReloads, signIn } from './support/session';

/**
 * Issue 30 item 5, parks and buildings: the top bar's park option finds a demo park by part of
 * its name and opens its page with the companies inside; the page lists them by type (an industry
 * section) and draws the outline on the map. Screenshots at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/parks-${name}.png`, fullPage: true });

type Park = { id: number; name: string; companyCount: number };

test.beforeEach(async ({ context }) => holdDevReloads(context));

test('the park option of the search box finds a park; its page lists the companies by type', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signIn(page.request, 'enterprise_admin');
  // The fullest demo park (generated at first start over the busiest district).
  const res = await page.request.post('/api/shuzhituoke/park/search', {
    data: { keyword: '', kind: 'park', pageSize: 1 },
  });
  const park = ((await res.json()) as { data: { list: Park[] } }).data.list[0];
  expect(park.companyCount).toBeGreaterThan(0);
  const part = Array.from(park.name).slice(-3).join('');

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/workbench', { timeout: 180_000 });
  const bar = page.getByTestId('workspace-top-bar');
  const input = bar.getByTestId('top-search-input');
  // Typing brings the full box (suggestions); then the park option.
  await input.fill(part);
  await expect(bar.locator('.ant-select').first()).toBeVisible({ timeout: 30_000 });
  await bar.getByLabel('搜索类型').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '园区' }).click();
  await expect(bar.getByPlaceholder('请输入园区名称')).toBeVisible();
  const suggestion = page.getByTestId('park-suggestion').filter({ hasText: park.name });
  await expect(async () => {
    await input.fill('');
    await input.fill(part);
    await expect(suggestion.first()).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(suggestion.first()).toContainText(`${park.companyCount} 家企业`);
  await expect(suggestion.first()).toContainText('园区');
  await shot(page, '1366-suggest');

  // The suggestion opens the park's page in a new tab: outline, occupancy, companies.
  // The list may close on a late re-render of the top bar (seen once in a full run): open it
  // again and click.
  const opened = context.waitForEvent('page', { timeout: 60_000 });
  await expect(async () => {
    if (!(await suggestion.first().isVisible())) {
      await input.fill('');
      await input.fill(part);
    }
    await suggestion.first().click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const tab = await opened;
  await tab.setViewportSize({ width: 1366, height: 900 });
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(`/customer-seeking/estate-search/${park.id}/all`);
  await expect(tab.getByRole('heading', { level: 1 })).toContainText(park.name, {
    timeout: 60_000,
  });
  await expect(
    tab.getByTestId('estate-search').getByText('演示数据', { exact: true }),
  ).toBeVisible();
  await expect(tab.getByTestId('estate-total')).toContainText(/[1-9]\d* 家/);
  const rows = tab.getByTestId('estate-companies').locator('tr.ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(tab.getByTestId('china-map').locator('canvas').first()).toBeVisible({
    timeout: 30_000,
  });
  await tab.waitForTimeout(800);
  await shot(tab, '1366-park');

  // By type: the first industry of the occupancy; every listed company is in it.
  const types = tab.getByRole('navigation', { name: '按行业查看企业' }).getByRole('link');
  const industry = types.nth(1);
  const label = ((await industry.textContent()) ?? '').replace(/\s*\d+$/, '').trim();
  const count = Number(/(\d+)$/.exec(((await industry.textContent()) ?? '').trim())![1]);
  await industry.click();
  await expect(tab).toHaveURL(new RegExp(`/customer-seeking/estate-search/${park.id}/[A-T]$`), {
    timeout: 60_000,
  });
  await expect(tab.locator('.estate-list h2')).toContainText(label);
  await expect(tab.locator('.estate-list-total')).toHaveText(`共 ${count} 家`, { timeout: 30_000 });
  for (const cell of await rows.locator('td:nth-child(2)').all())
    await expect(cell).toHaveText(label);
  await shot(tab, '1366-by-type');

  await tab.setViewportSize({ width: 390, height: 844 });
  await tab.waitForTimeout(800);
  await shot(tab, '390-by-type');
  // A type that does not exist: a clear message, not an error page.
  await tab.goto(`/customer-seeking/estate-search/${park.id}/ZZ`);
  await expect(tab.getByText('企业类型不存在')).toBeVisible();
  await tab.close();

  // Enter in the park option: the companies inside that park's outline on the results page.
  await input.fill(park.name);
  const [results] = await Promise.all([context.waitForEvent('page'), input.press('Enter')]);
  await results.waitForLoadState();
  expect(new URL(results.url()).searchParams.get('searchType')).toBe('park');
  await expect(results.getByText(`「${park.name}」园区内的企业`)).toBeVisible({ timeout: 60_000 });
  await results.setViewportSize({ width: 390, height: 844 });
  await shot(results, '390-results');
});

test('地图找客 recommends parks like the member’s customers, with reasons, and opens one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page.request, 'enterprise_admin');
  const res = await page.request.post('/api/shuzhituoke/park/recommendation-page', {
    data: { pageNo: 1, pageSize: 10 },
  });
  const first = (
    (await res.json()) as { data: { list: (Park & { reasons: string[]; score: number })[] } }
  ).data.list[0];
  expect(first.reasons.length).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/customer-seeking/search-on-map', { timeout: 180_000 });
  await page.getByRole('button', { name: '推荐园区' }).click();
  const drawer = page.getByRole('dialog', { name: '推荐园区' });
  // One antd list item per park (the reasons inside are a list of their own).
  const items = drawer.locator('.ant-list-item');
  await expect(items.first()).toBeVisible({ timeout: 60_000 });
  // The API's order, its reasons and score shown with each park.
  await expect(items.first()).toContainText(first.name);
  await expect(items.first()).toContainText(first.reasons[0]);
  await expect(items.first()).toContainText(`${Math.round(first.score)}分`);
  await expect(
    drawer.getByTestId('park-portrait').or(drawer.getByText('您还没有线索或客户')),
  ).toBeVisible();
  await shot(page, '1366-recommend');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  await shot(page, '390-recommend');

  await items.first().getByRole('link', { name: '查看园区' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer-seeking/estate-search/${first.id}/all$`), {
    timeout: 60_000,
  });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(first.name, {
    timeout: 60_000,
  });
});
