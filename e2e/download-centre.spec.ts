import fs from 'node:fs';
import { expect, test } from './support/test';
import { withE2eDb } from './support/db';
import { signUp } from './support/session';
import { untilStill } from './support/ui';

/**
 * Issue 14, 下载中心: an export made from the search results is kept there; it can be downloaded
 * again from the list and deleted. A new enterprise per run, so the list starts empty.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';

test('an export is listed in 下载中心, downloads again and can be deleted', async ({ page }) => {
  const companyName = `E2E下载${Date.now() % 1_000_000}科技有限公司`;
  await signUp(page.request, { companyName });
  const ids = await withE2eDb(async (db) => {
    // The free edition cannot export: this enterprise bought the standard one.
    await db.query(
      `update tenants set edition = 2, edition_expires_at = now() + interval '30 days' where name = $1`,
      [companyName],
    );
    const { rows } = await db.query<{ id: number }>(
      'select id::int as id from enterprises order by weight desc limit 3',
    );
    return rows.map((r) => r.id);
  });

  await page.goto('/downloadList');
  await expect(page.getByRole('heading', { name: '下载中心' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('暂无导出或导入任务')).toBeVisible({ timeout: 30_000 });
  // The menu leads here.
  await expect(page.getByTestId('side-menu').getByRole('link', { name: /下载中心/ })).toBeVisible();

  const exported = await page.request.post('/api/szjk/enterprise/export', {
    data: { entIds: ids },
  });
  expect(exported.headers()['content-type']).toContain('spreadsheetml');
  const original = await exported.body();

  await page.reload();
  const row = page.locator('tr.ant-table-row', { hasText: '企业导出（3 家）' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('已完成');
  await expect(row).toContainText('共 3 条');
  await page.screenshot({ path: `${SHOTS}/download-centre.png`, fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: /下\s*载/ }).click(),
  ]);
  // Named by content and date (issue 28 item 7).
  expect(download.suggestedFilename()).toMatch(/（3家）_\d{8}-\d{4}\.xlsx$/);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.equals(original)).toBe(true);

  await row.getByRole('button', { name: /删\s*除/ }).click();
  const confirm = page.locator('.ant-popconfirm');
  await untilStill(page, confirm);
  await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('已删除')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('暂无导出或导入任务')).toBeVisible();
});
