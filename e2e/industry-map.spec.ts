import { expect, test, type Page } from './support/test';
import { holdDevReloads, signIn } from './support/session';
import {
  expectServerMapOnly,
  reachForMap,
  instanceWithoutTiles,
  watchMapLoads,
} from './support/region-map';

/**
 * Issue 31 item 1, 产业地图: a visitor picks an industry and a chain, drills into a province by
 * the list, reads the year and capital tables and the leaders; the same figures without
 * JavaScript (the map too: the server draws it); an unknown industry is a real 404. Without a base
 * layer, ECharts comes only when the visitor reaches for the map. Screenshots at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/industry-map-${name}.png`, fullPage: true });

test.beforeEach(async ({ context }) => holdDevReloads(context));

test('a visitor: industry, chain, drill-down, tables and leaders', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/industryInsights/industryMap', { timeout: 120_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('全国制造业产业地图');
  const picker = page.getByRole('region', { name: '选择产业' });
  await picker.getByRole('link', { name: '信息传输、软件和信息技术服务业', exact: true }).click();
  await expect(page).toHaveURL(/industry=I$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    '全国信息传输、软件和信息技术服务业产业地图',
  );
  await expect(page.getByTestId('china-map').locator('canvas').first()).toBeVisible({
    timeout: 30_000,
  });
  const regions = page.getByRole('region', { name: '各地区企业数' });
  await expect(regions.getByRole('listitem')).toHaveCount(34);
  await expect(
    page.getByRole('table', { name: /按成立年份的企业数/ }).locator('tbody tr'),
  ).toHaveCount(11);
  await expect(
    page.getByRole('table', { name: /按注册资本的企业数/ }).locator('tbody tr'),
  ).toHaveCount(6);
  await expect(
    page.getByRole('region', { name: '龙头企业' }).locator('tbody tr').first(),
  ).toBeVisible();
  await shot(page, '1366-section');

  // The province with the most companies; the industry stays, a division narrows it.
  const first = regions.getByRole('link').first();
  const province = (await first.innerText()).trim();
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${province}信息传输、软件和信息技术服务业产业地图`,
  );
  await picker.getByRole('link', { name: '软件和信息技术服务业', exact: true }).click();
  await expect(page).toHaveURL(/industry=65&region=\d{6}/);
  await expect(page.getByRole('navigation', { name: '地区层级' })).toContainText(
    `全国 › ${province}`,
  );

  // A chain, and the way on to its graph.
  await picker.getByRole('link', { name: '集成电路', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('集成电路产业链产业地图');
  await expect(page.getByRole('link', { name: '产业链图谱' })).toHaveAttribute(
    'href',
    '/industryInsights/industryTP/CY001',
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/industryInsights/industryMap?industry=I');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, '390-section');
});

test('without JavaScript the figures are in the page; an unknown industry is a 404', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/industryInsights/industryMap?industry=C&region=350000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('福建省制造业产业地图');
  await expect(
    page.getByRole('region', { name: '各地区企业数' }).getByRole('listitem'),
  ).not.toHaveCount(0);
  // The map of the province's cities, each a link, drawn by the server.
  const svgMap = page.getByTestId('region-svg-map');
  await expect(svgMap.getByRole('link')).toHaveCount(9);
  await svgMap.getByRole('link', { name: /^厦门市：[\d,]+ 家$/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('厦门市制造业产业地图');
  await page.goBack();
  await expect(page.getByRole('table', { name: /按注册资本的企业数/ })).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(ld).toContain('"Dataset"');
  await context.close();
  expect((await request.get('/industryInsights/industryMap?industry=Z')).status()).toBe(404);
  expect((await request.get('/industryInsights/industryMap?chain=CY999')).status()).toBe(404);
});

test('a member reads an industry profile from the side menu and goes on to its map', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page.request, 'standard_admin');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/workbench');
  // The entry is under 产业研究 in the side menu.
  const directory = page.locator('.ws-menu-entry', { hasText: '产业研究' });
  await expect(directory).toBeVisible({ timeout: 30_000 });
  if ((await directory.getAttribute('aria-expanded')) !== 'true') await directory.click();
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: '行业洞察' })
    .click();
  await expect(page).toHaveURL(/\/market-research\/industry-details/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('制造业');
  const picker = page.getByRole('region', { name: '选择产业' });
  await picker.getByRole('link', { name: '信息传输、软件和信息技术服务业', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    '信息传输、软件和信息技术服务业',
  );
  const facts = page.getByRole('region', { name: '规模与增长' });
  await expect(facts).toContainText('企业总数');
  await expect(
    page.getByRole('table', { name: /企业数最多的省份/ }).locator('tbody tr'),
  ).not.toHaveCount(0);
  for (const name of ['融资事件', '相关政策', '研究报告', '行业资讯'])
    await expect(page.getByRole('region', { name })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/industry-details-1366.png`, fullPage: true });
  await facts.getByRole('link', { name: '产业地图' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    '全国信息传输、软件和信息技术服务业产业地图',
  );
  // A member stays in the workspace there.
  await expect(page.locator('.ws-topbar')).toBeVisible();
  expect((await page.request.get('/market-research/industry-details?industry=Z')).status()).toBe(
    404,
  );
});

test.describe('without a base layer', () => {
  const originWithoutTiles = instanceWithoutTiles();

  test('the server map first; the pointer over it brings ECharts, whose click drills', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const origin = originWithoutTiles();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      const loads = watchMapLoads(page);
      await page.goto(`${origin}/industryInsights/industryMap?industry=I`, { timeout: 120_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        '全国信息传输、软件和信息技术服务业产业地图',
      );
      await expectServerMapOnly(page, 34, loads);
      await shot(page, `${width}-server-map`);
      await reachForMap(page);
      await shot(page, `${width}-echarts`);
    }
    // The ECharts map's areas are links too.
    const box = (await page.getByTestId('china-map').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.62);
    await expect(page).toHaveURL(/industry=I&region=\d{6}/, { timeout: 15_000 });
  });
});
