import { expect, test, type Page } from './support/test';
import { holdDevReloads, signIn } from './support/session';
import {
  expectServerMapOnly,
  reachForMap,
  instanceWithoutTiles,
  watchMapLoads,
} from './support/region-map';

/**
 * Issue 30 item 2, /mapGetCustomer for everyone: a visitor sees counts per region on the map and
 * in a list and a masked company list, drills into a province by the map or the list, filters,
 * and is asked to sign in to go further; a member gets the same page in the workspace frame.
 * Without a base layer the map is the server's SVG until the visitor reaches for it.
 * Screenshots at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/map-get-customer-${name}.png`, fullPage: true });

test.beforeEach(async ({ context }) => holdDevReloads(context));

test('a visitor: region counts on the map and in a list, a masked list, drill, filter, sign in', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/mapGetCustomer', { timeout: 120_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('全国企业分布');
  await expect(page.locator('header.pub-header')).toBeVisible();
  const regions = page.getByRole('region', { name: '各地区企业数' });
  await expect(regions.getByRole('listitem')).toHaveCount(34);
  // The server's map under the ECharts map (which loads at once over a base layer).
  await expect(page.getByTestId('region-svg-map').getByRole('link')).toHaveCount(34);
  const map = page.getByTestId('china-map');
  await expect(map.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  // Names, places and industries; no telephone number anywhere on the page.
  const rows = page.locator('.mgc-table tbody tr');
  await expect(rows).toHaveCount(10);
  expect(await page.locator('main').innerText()).not.toMatch(/1[3-9]\d{9}|1[3-9]\d\*{4}/);
  await shot(page, '1366-national');

  // The province with the most companies, from the list (sorted by count).
  const first = regions.getByRole('link').first();
  const province = (await first.innerText()).trim();
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${province}企业分布`);
  await expect(page.getByRole('navigation', { name: '地区层级' })).toContainText(
    `全国 › ${province}`,
  );
  await expect(map.locator('canvas').first()).toBeVisible({ timeout: 30_000 });

  // A keyword keeps the region; the counts and the list follow it.
  await page.getByLabel('关键词').fill('科技');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/keyword=%E7%A7%91%E6%8A%80/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${province}“科技”企业分布`);
  const names = await rows.locator('td').first().allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  await shot(page, '1366-province-keyword');

  // Back to China by the trail, then into a province by a click on the map.
  await page
    .getByRole('navigation', { name: '地区层级' })
    .getByRole('link', { name: '全国' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('全国“科技”企业分布');
  await expect(map.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1500); // the map's first draw animates
  const box = (await map.boundingBox())!;
  // Roughly where 四川/重庆 lie on the national map: any province will do.
  await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.62);
  await expect(page).toHaveURL(/region=\d{6}/, { timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: '地区层级' })).toContainText('全国 ›');

  // A city draws its districts' outlines, coloured by their counts; a click opens a district.
  const districts = page.waitForResponse((r) => r.url().endsWith('/maps/350200.json'));
  await page.goto('/mapGetCustomer?region=350200');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('厦门市企业分布');
  expect((await districts).ok()).toBe(true);
  await expect(map.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1500); // the map's first draw animates
  await shot(page, '1366-city-districts');
  const cityBox = (await map.boundingBox())!;
  await page.mouse.click(cityBox.x + cityBox.width * 0.5, cityBox.y + cityBox.height * 0.5);
  await expect(page).toHaveURL(/region=3502\d\d/, { timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: '地区层级' })).toContainText(
    '全国 › 福建省 › 厦门市 ›',
  );

  // Going further asks the visitor to sign in.
  await page.getByRole('link', { name: /登录后圈选客户/ }).click();
  await expect(page).toHaveURL(/redirect=%2Fcustomer-seeking%2Fsearch-on-map/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/mapGetCustomer?region=350000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('福建省企业分布');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, '390-province');
});

test('a member gets the page in the workspace, with the way on to the drawing tools', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page.request, 'standard_staff');
  await page.goto('/mapGetCustomer?keyword=%E7%A7%91%E6%8A%80');
  await expect(page.locator('.ws-topbar')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('header.pub-header')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('全国“科技”企业分布');
  await page.getByRole('link', { name: '在地图上圈选客户' }).click();
  await expect(page).toHaveURL(/\/customer-seeking\/search-on-map/);
});

test.describe('without a base layer', () => {
  const originWithoutTiles = instanceWithoutTiles();

  test('the server draws the map, its areas drill; reaching for it brings ECharts, whose click drills', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const origin = originWithoutTiles();
    await page.setViewportSize({ width: 1366, height: 900 });
    const loads = watchMapLoads(page);
    await page.goto(`${origin}/mapGetCustomer`, { timeout: 120_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('全国企业分布');
    const svgMap = page.getByTestId('region-svg-map');
    await expect(
      svgMap.getByRole('group', { name: '全国企业分布（地图，数据见列表）' }),
    ).toBeVisible();
    await expectServerMapOnly(page, 34, loads);
    // Hovering an area shows its count (its SVG title), no script needed.
    await expect(svgMap.locator('a > title').first()).toHaveText(/^\S+：[\d,]+ 家$/);
    await expect(svgMap.locator('.region-svg-legend')).toContainText('低 0');
    await shot(page, '1366-national-server-map');

    // An area is a link: the keyboard opens 福建省.
    await svgMap.getByRole('link', { name: /^福建省：/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/region=350000/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('福建省企业分布');
    await expect(svgMap.getByRole('link')).toHaveCount(9);

    // The pointer over the map: ECharts draws the same cities in the same box; a click drills.
    await reachForMap(page);
    await expect(page.locator('.region-map-static')).toHaveCSS('opacity', '0');
    await shot(page, '1366-province-echarts');
    const box = (await page.getByTestId('china-map').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await expect(page).toHaveURL(/region=35\d\d00/, { timeout: 15_000 });
    await expect(page.getByRole('navigation', { name: '地区层级' })).toContainText(
      '全国 › 福建省 ›',
    );

    // A phone: a city's districts, then the ECharts map in their place.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${origin}/mapGetCustomer?region=350200`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('厦门市企业分布');
    await expect(svgMap.getByRole('link')).toHaveCount(6);
    await shot(page, '390-city-server-map');
    await reachForMap(page);
    await shot(page, '390-city-echarts');
    // A district is drawn on its city's map, marked.
    await page.goto(`${origin}/mapGetCustomer?region=350203`);
    await expect(svgMap.locator('path.is-focus')).toHaveCount(1);
    await expect(svgMap.getByRole('link')).toHaveCount(0);
    await shot(page, '390-district-server-map');
  });
});
