import ExcelJS from 'exceljs';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/session';
import { pickOption } from './support/ui';

/**
 * Issue 31 item 5, 权威榜单: a visitor reads /authoritativeList and one list (server-rendered,
 * filters as links); a member opens an album, picks a list, a region and a page, goes elsewhere in
 * the workspace and comes back to the album as left (keep-alive), and exports the list.
 * Screenshots at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/industry-lists-${name}.png`, fullPage: true });

test('a visitor reads the lists and one list with a region filter', async ({ page }) => {
  await page.goto('/authoritativeList');
  await expect(page.getByRole('heading', { level: 1, name: '权威榜单' })).toBeVisible();
  await expect(page).toHaveTitle(/权威榜单/);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(/\/authoritativeList$/);
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(ld).toContain('CollectionPage');
  await shot(page, 'index-1366');

  await page.getByRole('link', { name: /高新技术企业名单/ }).click();
  await expect(page).toHaveURL(/\/authoritativeList\/gxjs$/);
  await expect(page.getByTestId('list-title')).toHaveText('高新技术企业名单');
  const total = Number((await page.getByTestId('list-total').textContent())!.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('list-table').locator('tbody tr').first()).toBeVisible();

  const region = page.getByRole('group', { name: '地区' }).locator('a.sr-opt').nth(1);
  const count = Number(await region.locator('.sr-count').textContent());
  await region.click();
  await expect(page).toHaveURL(/province=\d{6}/);
  await expect(page.getByTestId('list-total')).toHaveText(`共 ${count} 家`);
  // Not signed in: 导出 leads to the login.
  await page.getByTestId('list-export').click();
  await expect(page.getByRole('dialog').or(page.locator('.login-modal')).first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/authoritativeList/gxjs');
  await shot(page, 'list-390');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test('unknown lists and albums are 404 pages', async ({ page }) => {
  const res = await page.goto('/authoritativeList/no-such-list');
  expect(res?.status()).toBe(404);
  await signIn(page.request, 'standard_admin');
  const album = await page.goto('/industryAlbum/authoritativeList/no-such-album');
  expect(album?.status()).toBe(404);
});

test('a member keeps the album as left and exports a list', async ({ page }) => {
  await signIn(page.request, 'standard_admin');
  await page.goto('/industryAlbum/authoritativeList/kjcx');
  const screen = page.getByTestId('album-screen');
  await expect(screen.getByRole('heading', { name: '科技创新榜单专辑' })).toBeVisible();
  await screen.getByRole('tab', { name: /高新技术企业名单/ }).click();
  const list = page.getByTestId('album-list-gxjs');
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  const province = list.getByTestId('album-province');
  const regionSelect = list.locator('.ant-select').first();
  await pickOption(page, province, /（\d+）/, list.locator('.ant-select', { hasText: /（\d+）/ }));
  const chosen = (await regionSelect.textContent())!;
  const total = list.getByTestId('album-total');
  await expect(total).not.toHaveText('共 … 家');
  const shown = await total.textContent();
  const firstRow = await list.locator('.ant-table-row').first().textContent();
  await page.setViewportSize({ width: 1366, height: 860 });
  await shot(page, 'album-1366');

  // Elsewhere in the workspace (the side menu: a client navigation), then back.
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: '我的工作台' })
    .click();
  await expect(page).toHaveURL(/\/workbench/);
  await expect(screen).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/industryAlbum\/authoritativeList\/kjcx$/);
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('tab', { name: /高新技术企业名单/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(regionSelect).toHaveText(chosen);
  await expect(total).toHaveText(shown!);
  await expect(list.locator('.ant-table-row').first()).toHaveText(firstRow!);

  const downloading = page.waitForEvent('download');
  await list.getByTestId('album-export').click();
  const file = await downloading;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const rows = Number(shown!.replace(/\D/g, ''));
  expect(wb.worksheets[0].rowCount).toBeGreaterThanOrEqual(rows);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'album-390');
});

test('a member opens the atlas, a chain node and its company search', async ({ page }) => {
  await signIn(page.request, 'standard_admin');
  await page.goto('/atlas');
  const atlas = page.getByTestId('atlas-screen');
  await expect(atlas.getByRole('heading', { name: '产业图谱' })).toBeVisible();
  await atlas.getByRole('searchbox', { name: '搜索产业链' }).fill('快递');
  await atlas.getByRole('searchbox', { name: '搜索产业链' }).press('Enter');
  await expect(page.getByTestId('atlas-chains').locator('li')).toHaveCount(1);
  await page.getByRole('link', { name: /现代物流产业链/ }).click();
  await expect(page).toHaveURL(/\/industryInsights\/industryTP\/CY009$/);
  const chain = page.getByTestId('chain-screen');
  await expect(chain.getByRole('heading', { level: 1 })).toHaveText('现代物流产业链');
  // The node buttons are server-rendered: a click before hydration does nothing, so click until
  // the button reports itself pressed.
  const storage = chain.getByTestId('chain-node').filter({ hasText: '仓储' });
  await expect(async () => {
    await storage.click();
    await expect(storage).toHaveAttribute('aria-pressed', 'true', { timeout: 1_000 });
  }).toPass();
  const detail = page.getByTestId('chain-node-detail');
  await expect(detail).toContainText('仓储');
  await expect(chain.locator('.il-chain-canvas canvas').first()).toBeVisible();
  await shot(page, 'chain-1366');
  const companies = Number(
    (await detail.getByTestId('chain-node-search').textContent())!.replace(/\D/g, ''),
  );
  await detail.getByTestId('chain-node-search').click();
  await expect(page).toHaveURL(/\/companySearch\?industry=5920/);
  if (companies > 0) await expect(page.locator('body')).toContainText(String(companies));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/industryInsights/industryTP/CY009');
  await expect(page.getByTestId('chain-screen')).toBeVisible();
  await shot(page, 'chain-390');
  const missing = await page.goto('/industryInsights/industryTP/CY999');
  expect(missing?.status()).toBe(404);
});
