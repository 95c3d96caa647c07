import { expect, test, type Page } from './test';
import { startSecondInstance, stopInstance, type Instance } from './second-instance';

/**
 * The open map pages (地图获客, 产业地图) draw their map on the server as SVG links; the ECharts
 * map replaces it when the visitor reaches for it, unless a base layer is configured (then it
 * loads at once). The e2e server has a base layer (env.ts): these tests use a second instance
 * without one, started for the describe block that calls `instanceWithoutTiles()` (its origin).
 */
export function instanceWithoutTiles(): () => string {
  let app: Instance | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    app = await startSecondInstance(undefined, { MAP_TILE_URL: '' });
  });
  test.afterAll(async () => {
    if (app) await stopInstance(app);
  });
  return () => app!.origin;
}

/** The boundary files the page fetched so far (the ECharts map fetches them; the server map does not). */
export function watchMapLoads(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/maps/')) seen.push(r.url());
  });
  return seen;
}

/**
 * The server's map is shown and no ECharts: no canvas, no boundary file fetched. `links`: how
 * many areas are links.
 */
export async function expectServerMapOnly(page: Page, links: number, loads: string[]) {
  const svgMap = page.getByTestId('region-svg-map');
  await expect(svgMap.getByRole('link')).toHaveCount(links);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('canvas')).toHaveCount(0);
  expect(loads).toEqual([]);
}

/** The pointer over the map: the ECharts map loads and takes over the same box. */
export async function reachForMap(page: Page) {
  const box = page.locator('.region-map-box');
  // Where the box sits in the page (hovering may scroll it into view): unchanged by the swap.
  const place = () =>
    box.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height];
    });
  const before = await place();
  // Until the page is hydrated a hover does nothing (a person takes longer than that).
  await expect(async () => {
    await page.mouse.move(0, 0);
    await box.hover();
    await expect(box.locator('canvas').first()).toBeAttached({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('.region-map-box.is-drawn')).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1500); // the first draw animates
  expect(await place()).toEqual(before);
}
