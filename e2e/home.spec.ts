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

  test('a visitor who asks for less motion gets the login dialog without its zoom', async ({
    browser,
  }) => {
    /** Opens the login dialog and says whether its zoom animation ran (the class of its active step). */
    async function zoomedOnOpen(reducedMotion: 'reduce' | 'no-preference'): Promise<boolean> {
      const context = await browser.newContext({ reducedMotion });
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(() => {
        const w = window as unknown as { zoomSeen: boolean };
        w.zoomSeen = false;
        const zoomed = (el: Element) =>
          /\bant-zoom-(appear|enter)-active\b/.test(el.getAttribute('class') ?? '');
        new MutationObserver((changes) => {
          for (const c of changes) {
            const added = [...c.addedNodes].filter((n): n is Element => n instanceof Element);
            const seen = [
              c.target as Element,
              ...added,
              ...added.flatMap((n) => [...n.querySelectorAll('*')]),
            ];
            if (seen.some(zoomed)) w.zoomSeen = true;
          }
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['class'],
        });
      });
      await page.getByRole('link', { name: '登录/注册' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('tab', { name: '密码登录' })).toBeVisible();
      // The form shows while the zoom is still being prepared: read only once the dialog is at rest.
      await expect(page.locator('.ant-modal')).not.toHaveClass(/ant-zoom/);
      const seen = await page.evaluate(() => (window as unknown as { zoomSeen: boolean }).zoomSeen);
      await context.close();
      return seen;
    }
    expect(await zoomedOnOpen('no-preference')).toBe(true);
    expect(await zoomedOnOpen('reduce')).toBe(false);
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
