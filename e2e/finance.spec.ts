import { expect, test, type Page } from './support/test';
import { withE2eDb } from './support/db';

/**
 * Issue 32 items 1, 2 and 4: a visitor opens an annual report from a company page's 年报 tab and
 * moves between years; filters /finance and opens an institution and a project; unknown ids are
 * 404 pages. Screenshots at 1366 and 390 px (no sideways scroll at 390).
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/finance-${name}.png`, fullPage: true });

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test('a visitor opens an annual report from the company page and switches years', async ({
  page,
}) => {
  // A company with more than one published year.
  const { uncid, name, years } = await withE2eDb(async (db) => {
    const { rows } = await db.query<{ uncid: string; name: string; years: number[] }>(
      `select e.uncid, e.name, array_agg(a.year order by a.year desc) years
       from enterprise_annual_reports a join enterprises e on e.id = a.enterprise_id
       group by e.id having count(*) > 1 order by e.id limit 1`,
    );
    return rows[0];
  });
  await page.goto(`/companySearchDetail?uncid=${uncid}&tab=annualReports`);
  const link = page.getByTestId('annual-report-link');
  await expect(link).toHaveText(`查看${years[0]}年度报告详情`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/annualReportDetail\\?uncid=${uncid}&year=${years[0]}`));
  await expect(page).toHaveTitle(new RegExp(`^${name} ${years[0]}年度报告`));
  await expect(page.getByTestId('annual-title')).toHaveText(`${name} ${years[0]}年度报告`);
  for (const section of ['企业基本信息', '资产状况信息', '股东及出资信息', '对外投资信息'])
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toContain(`/annualReportDetail?uncid=${uncid}&year=${years[0]}`);
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(ld).toContain('"Report"');
  await shot(page, 'annual-1366');

  // The other years are one click away.
  await page
    .getByTestId('annual-years')
    .getByRole('link', { name: `${years[1]}年度` })
    .click();
  await expect(page.getByTestId('annual-title')).toHaveText(`${name} ${years[1]}年度报告`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await shot(page, 'annual-390');
  await noSidewaysScroll(page);

  // An unknown year is a real 404; a company without reports shows an empty state.
  expect((await page.goto(`/annualReportDetail?uncid=${uncid}&year=1999`))?.status()).toBe(404);
  const none = await withE2eDb(async (db) => {
    const { rows } = await db.query<{ uncid: string }>(
      `select uncid from enterprises e where not exists
         (select 1 from enterprise_annual_reports a where a.enterprise_id = e.id)
       order by id limit 1`,
    );
    return rows[0].uncid;
  });
  const res = await page.goto(`/annualReportDetail?uncid=${none}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId('annual-empty')).toHaveText('该企业暂无公示的企业年报。');
});

test('a visitor filters /finance and opens an institution and a project', async ({ page }) => {
  await page.goto('/finance');
  await expect(page.getByRole('heading', { level: 1, name: '投融资' })).toBeVisible();
  await expect(page).toHaveTitle(/^投融资/);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(/\/finance$/);
  const all = Number((await page.getByTestId('finance-total').textContent())!.replace(/\D/g, ''));
  expect(all).toBeGreaterThan(0);
  await shot(page, 'index-1366');

  // Filter by a round, then sort by amount: links, server-rendered.
  await page
    .getByRole('group', { name: '轮次' })
    .getByRole('link', { name: 'A轮', exact: true })
    .click();
  await expect(page).toHaveURL(/round=A%E8%BD%AE|round=A轮/);
  const filtered = Number(
    (await page.getByTestId('finance-total').textContent())!.replace(/\D/g, ''),
  );
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(all);
  const rows = page.getByTestId('finance-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const round of await rows.locator('.il-tag').allTextContents()) expect(round).toBe('A轮');
  await page.getByRole('group', { name: '排序' }).getByRole('link', { name: '金额最高' }).click();
  await expect(page).toHaveURL(/sort=amount_desc/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  // An investor of the first event: its institution page.
  const investor = rows.first().locator('td[data-label="投资方"] a').first();
  const investorName = (await investor.textContent())!;
  await investor.click();
  await expect(page).toHaveURL(/\/details\/organizationDetail\?id=\d+$/);
  await expect(page.getByTestId('institution-title')).toHaveText(investorName);
  await expect(page).toHaveTitle(new RegExp(`^${investorName} - 投资机构`));
  await expect(page.getByTestId('portfolio-round').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('portfolio-section').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('portfolio-year').locator('li').first()).toBeVisible();
  await shot(page, 'institution-1366');

  // A project of the institution: the company's rounds.
  const projectLink = page.getByTestId('finance-table').locator('tbody th a').first();
  const projectName = (await projectLink.textContent())!;
  await projectLink.click();
  await expect(page).toHaveURL(/\/details\/projectionDetail\?uncid=[0-9A-Z]{18}$/);
  await expect(page.getByTestId('project-title')).toHaveText(projectName);
  // The institution we came from is among the project's investors.
  expect(
    await page.getByTestId('finance-table').getByRole('link', { name: investorName }).count(),
  ).toBeGreaterThan(0);
  await shot(page, 'project-1366');

  // From the company page's 融资信息 tab: the project page, and an investor's institution page.
  const uncid = new URL(page.url()).searchParams.get('uncid')!;
  await page.goto(`/companySearchDetail?uncid=${uncid}&tab=financing`);
  await expect(page.getByTestId('finance-project-link')).toHaveAttribute(
    'href',
    `/details/projectionDetail?uncid=${uncid}`,
  );
  await page
    .locator('a[href*="/details/organizationDetail?name="]', { hasText: investorName })
    .first()
    .click();
  await expect(page).toHaveURL(/\/details\/organizationDetail\?id=\d+$/);
  await expect(page.getByTestId('institution-title')).toHaveText(investorName);
  const project = page.url().replace(/organizationDetail.*$/, `projectionDetail?uncid=${uncid}`);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const [name, url] of [
    ['project-390', project],
    ['index-390', '/finance'],
  ] as const) {
    await page.goto(url);
    await shot(page, name);
    await noSidewaysScroll(page);
  }
  await page.getByTestId('finance-institutions').getByRole('link').first().click();
  await expect(page.getByTestId('institution-title')).toBeVisible();
  await shot(page, 'institution-390');
  await noSidewaysScroll(page);
});

test('unknown institutions and projects are 404 pages', async ({ page }) => {
  expect((await page.goto('/details/organizationDetail?id=999999999'))?.status()).toBe(404);
  expect((await page.goto('/details/organizationDetail?id=abc'))?.status()).toBe(404);
  expect((await page.goto('/details/projectionDetail?uncid=91110000MA00000000'))?.status()).toBe(
    404,
  );
  expect((await page.goto('/annualReportDetail?uncid=91110000MA00000000'))?.status()).toBe(404);
});
