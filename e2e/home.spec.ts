import { expect, test } from './support/test';

test.describe('home page', () => {
  test('shows the intro and the demo banner, and searching lands on results', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('demo-banner')).toContainText('演示数据');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('拓客雷达');
    await page.screenshot({ path: 'test-results/screens/home.png', fullPage: true });

    await page
      .getByRole('searchbox')
      .or(page.locator('input[name="searchValue"]'))
      .first()
      .fill('科技');
    await page.getByRole('button', { name: /查一下|查\s*一\s*下/ }).click();
    await expect(page).toHaveURL(/\/companySearch\?searchValue=/);
    await expect(page.locator('main')).toContainText('科技');
    await page.screenshot({ path: 'test-results/screens/home-search-results.png', fullPage: true });
  });

  test('works with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('拓客雷达');
    await page.locator('input[name="searchValue"]').fill('教育');
    await page.locator('input[name="searchValue"]').press('Enter');
    await expect(page).toHaveURL(/\/companySearch\?searchValue=/);
    await context.close();
  });

  test('health reports the database', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.data.database.ok).toBe(true);
  });

  test('unknown pages are a real 404', async ({ page }) => {
    const res = await page.goto('/no-such-page-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('页面不存在')).toBeVisible();
  });
});
