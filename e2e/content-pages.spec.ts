import { expect, test, type Browser, type Page } from './support/test';
import { followLink } from './support/ui';
import { withE2eDb } from './support/db';
import { signIn } from './support/session';

/**
 * The public knowledge pages of issue 17: policies, subsidies, research reports, industry
 * briefings, industry news and the health topics. Without JavaScript every page has its content
 * in the HTML (titles, canonical URLs, JSON-LD); a visitor searches, opens a policy and a report
 * and compares policies and report indicators (showYDBList); unknown ids are real 404s.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';

// The dev server compiles each page on first use; on a busy machine that takes a while.
test.describe.configure({ timeout: 180_000 });

type Ids = {
  policyId: number;
  policyTitle: string;
  subsidyId: number;
  subsidyPolicyId: number;
  yjbgId: number;
  cyzxId: number;
  newsId: number;
  topicSlug: string;
};

/** Items of each kind from the seeded demo content (a policy with subsidies, reports with charts). */
async function contentIds(): Promise<Ids> {
  return withE2eDb(async (db) => {
    const one = async <T>(sql: string): Promise<T> => {
      const { rows } = await db.query<T & object>(sql);
      if (!rows[0]) throw new Error(`no demo content for: ${sql}`);
      return rows[0];
    };
    const s = await one<{ id: number; policy_id: number; title: string }>(
      `select s.id::int, s.policy_id::int, p.title from content_subsidies s
         join content_policies p on p.id = s.policy_id order by s.id limit 1`,
    );
    const y = await one<{ id: number }>(
      `select id::int from content_reports where kind = 'yjbg' and jsonb_array_length(charts) >= 2 order by id limit 1`,
    );
    const c = await one<{ id: number }>(
      `select id::int from content_reports where kind = 'cyzx' order by id limit 1`,
    );
    const n = await one<{ id: number }>(`select id::int from content_news order by id limit 1`);
    const t = await one<{ slug: string }>(
      `select slug from content_health_topics order by sort, slug limit 1`,
    );
    return {
      policyId: s.policy_id,
      policyTitle: s.title,
      subsidyId: s.id,
      subsidyPolicyId: s.policy_id,
      yjbgId: y.id,
      cyzxId: c.id,
      newsId: n.id,
      topicSlug: t.slug,
    };
  });
}

async function jsonLdTypes(page: Page): Promise<string[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types: string[] = [];
  for (const t of texts) {
    const data = JSON.parse(t) as { '@type'?: string; '@graph'?: { '@type': string }[] };
    if (data['@type']) types.push(data['@type']);
    for (const g of data['@graph'] ?? []) types.push(g['@type']);
  }
  return types;
}

async function canonical(page: Page): Promise<string> {
  return (await page.locator('link[rel=canonical]').getAttribute('href')) ?? '';
}

async function noScriptPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

let ids: Ids;
test.beforeAll(async () => {
  ids = await contentIds();
});

test.describe('knowledge pages without JavaScript', () => {
  test('policy search, policy and subsidy pages have their content in the HTML', async ({
    browser,
  }) => {
    const { context, page } = await noScriptPage(browser);
    const res = await page.goto('/policySearch');
    expect(res?.status()).toBe(200);
    // Spec 2.2: a fixed title.
    await expect(page).toHaveTitle(/^政策查询 - /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('政策查询');
    const items = page.getByTestId('policy-item');
    expect(await items.count()).toBeGreaterThan(0);
    const total = Number(
      ((await page.getByTestId('result-summary').textContent()) ?? '').replace(/\D/g, ''),
    );
    expect(total).toBeGreaterThan(10);
    expect(await canonical(page)).toMatch(/\/policySearch$/);
    await expect(page.getByTestId('content-demo-note')).toBeVisible();
    // Filters are links: a level with its count narrows the list without JavaScript.
    const filters = page.getByRole('group', { name: '政策层级' });
    await filters.getByRole('link', { name: /省级/ }).click();
    await expect(page).toHaveURL(/level=provincial/);
    const tags = await page.getByTestId('policy-item').locator('.ptag-blue').allTextContents();
    expect(tags.length).toBeGreaterThan(0);
    for (const t of tags) expect(t).toBe('省级');
    // The keyword form works as a plain GET form and keeps the filter.
    await page.getByRole('searchbox', { name: '搜索政策' }).fill(ids.policyTitle.slice(0, 2));
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(page).toHaveURL(/level=provincial/);

    const detail = await page.goto(`/policyDetail?id=${ids.policyId}`);
    expect(detail?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ids.policyTitle);
    await expect(page).toHaveTitle(new RegExp(`^${ids.policyTitle.replace(/[()（）]/g, '.')}`));
    expect((await page.getByTestId('policy-body').textContent())?.length).toBeGreaterThan(20);
    for (const h of ['政策原文', '政策解读', '扶持项目与申报', '相关政策'])
      await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
    await expect(page.getByTestId('subsidy-item').first()).toBeVisible();
    expect(await canonical(page)).toMatch(new RegExp(`/policyDetail\\?id=${ids.policyId}$`));
    expect(await jsonLdTypes(page)).toEqual(
      expect.arrayContaining(['GovernmentService', 'BreadcrumbList']),
    );
    await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('政策查询');

    const subsidy = await page.goto(`/views_lianke/subsidyDetail?id=${ids.subsidyId}`);
    expect(subsidy?.status()).toBe(200);
    await expect(page.getByTestId('subsidy-title')).not.toBeEmpty();
    await expect(page.getByRole('heading', { level: 2, name: '申报条件' })).toBeVisible();
    await expect(page.getByRole('link', { name: ids.policyTitle }).first()).toBeVisible();
    expect(await jsonLdTypes(page)).toContain('GovernmentService');
    await context.close();
  });

  test('report lists and report pages, with the chart data as tables', async ({ browser }) => {
    const { context, page } = await noScriptPage(browser);
    for (const [kind, title, id] of [
      ['yjbg', '产业研究报告', ids.yjbgId],
      ['cyzx', '产业资讯', ids.cyzxId],
    ] as const) {
      const list = await page.goto(`/zxyb/${kind}`);
      expect(list?.status()).toBe(200);
      // Spec 2.2: the industry-reports list has a fixed title.
      await expect(page).toHaveTitle(new RegExp(`^${title} - `));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await page.getByTestId('report-item').count()).toBeGreaterThan(0);
      const detail = await page.goto(`/zxyb/${kind}/reportDetail?id=${id}`);
      expect(detail?.status()).toBe(200);
      await expect(page.getByTestId('report-title')).not.toBeEmpty();
      expect((await page.getByTestId('report-body').textContent())?.length).toBeGreaterThan(20);
      expect(await canonical(page)).toMatch(new RegExp(`/zxyb/${kind}/reportDetail\\?id=${id}$`));
      expect(await jsonLdTypes(page)).toContain('Report');
    }
    await page.goto(`/zxyb/yjbg/reportDetail?id=${ids.yjbgId}`);
    const charts = page.getByTestId('report-chart');
    expect(await charts.count()).toBeGreaterThanOrEqual(2);
    // Without JavaScript no canvas, but each chart's numbers are in a table.
    await expect(charts.first().locator('table tbody tr').first()).toBeVisible();
    expect(await page.locator('canvas').count()).toBe(0);
    // A report asked for under the other list moves to its own address.
    const moved = await page.goto(`/zxyb/cyzx/reportDetail?id=${ids.yjbgId}`);
    expect(moved?.url()).toContain(`/zxyb/yjbg/reportDetail?id=${ids.yjbgId}`);
    await context.close();
  });

  test('industry news and the health topic pages', async ({ browser }) => {
    const { context, page } = await noScriptPage(browser);
    const list = await page.goto('/industryInsights/industryInformation');
    expect(list?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('行业资讯');
    expect(await page.getByTestId('news-item').count()).toBeGreaterThan(0);
    await page.getByTestId('news-item').first().getByRole('link').click();
    await expect(page.getByTestId('news-title')).not.toBeEmpty();
    expect((await page.getByTestId('news-body').textContent())?.length).toBeGreaterThan(20);
    expect(await jsonLdTypes(page)).toContain('NewsArticle');
    expect(await canonical(page)).toMatch(/\/industryInsights\/industryInformation\?id=\d+$/);

    const hub = await page.goto('/industryInsights/health');
    expect(hub?.status()).toBe(200);
    const topics = page.getByTestId('health-topics').getByRole('link');
    expect(await topics.count()).toBeGreaterThan(0);
    const topic = await page.goto(`/industryInsights/health/${ids.topicSlug}`);
    expect(topic?.status()).toBe(200);
    await expect(page.getByTestId('topic-title')).not.toBeEmpty();
    for (const h of ['行业资讯', '研究报告', '相关政策'])
      await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
    await context.close();
  });

  test('unknown filter values are ignored and huge page numbers clamped', async ({ browser }) => {
    const { context, page } = await noScriptPage(browser);
    const res = await page.goto(
      '/policySearch?level=galactic&kind=%3Cscript%3E&region=999999&status=maybe&pageNo=99999999&sort=random',
    );
    expect(res?.status()).toBe(200);
    expect(await page.getByTestId('policy-item').count()).toBeGreaterThan(0);
    // The last page is served and marked current; no link carries the unknown values.
    const current = page.locator('.ct-pager [aria-current=page]');
    await expect(current).toBeVisible();
    expect(Number(await current.textContent())).toBeGreaterThan(1);
    const hrefs = await page
      .locator('main a[href^="/policySearch"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const h of hrefs) expect(h).not.toMatch(/galactic|script|maybe|random/);
    const reports = await page.goto('/zxyb/yjbg?chain=nope&pageNo=-4');
    expect(reports?.status()).toBe(200);
    expect(await page.getByTestId('report-item').count()).toBeGreaterThan(0);
    await context.close();
  });

  test('unknown ids are real 404 pages', async ({ page }) => {
    for (const url of [
      '/policyDetail?id=987654321',
      '/policyDetail?id=abc',
      '/policyDetail',
      '/views_lianke/subsidyDetail?id=987654321',
      '/zxyb/yjbg/reportDetail?id=987654321',
      '/zxyb/cyzx/reportDetail?id=0',
      '/industryInsights/industryInformation?id=987654321',
      '/industryInsights/health/no-such-topic',
    ]) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
    }
  });
});

test.describe('comparison list (showYDBList)', () => {
  test('search → policy detail → compare two policies side by side, remove, clear', async ({
    page,
  }) => {
    await page.goto(`/policySearch?q=${encodeURIComponent(ids.policyTitle.slice(0, 2))}`);
    const items = page.getByTestId('policy-item');
    expect(await items.count()).toBeGreaterThanOrEqual(2);
    const first = (await items.nth(0).getByRole('heading').textContent()) ?? '';
    const second = (await items.nth(1).getByRole('heading').textContent()) ?? '';
    await items.nth(0).getByTestId('compare-toggle').click();
    await expect(items.nth(0).getByTestId('compare-toggle')).toHaveText('已加入对比');
    await items.nth(1).getByTestId('compare-toggle').click();
    await expect(page.getByTestId('compare-open')).toContainText('2');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/content-policy-search.png`, fullPage: false });

    // The list is kept in local storage under showYDBList, entries by id with showYDB.
    const stored = await page.evaluate(() => window.localStorage.getItem('showYDBList'));
    const entries = JSON.parse(stored ?? '[]') as { id?: string; showYDB: boolean }[];
    expect(entries).toHaveLength(2);
    for (const e of entries) expect(e).toMatchObject({ showYDB: true, id: expect.any(String) });

    // Open the first policy: the detail page knows it is in the comparison.
    await items.nth(0).getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
    await expect(page.getByTestId('compare-toggle')).toHaveText('已加入对比');
    await page.screenshot({ path: `${SHOTS}/content-policy-detail.png`, fullPage: false });
    await page.getByTestId('compare-open').click();
    const table = page.getByTestId('compare-table');
    await expect(table).toBeVisible();
    await expect(table.locator('thead')).toContainText(first);
    await expect(table.locator('thead')).toContainText(second);
    for (const row of ['发文机关', '层级', '发布日期', '申报状态'])
      await expect(table.getByRole('rowheader', { name: row })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/content-policy-compare.png`, fullPage: false });

    await table.getByTestId('compare-remove').first().click();
    await expect(page.getByTestId('compare-open')).toContainText('1');
    await expect(page.getByTestId('compare-toggle')).toHaveText('加入对比');
    await page.getByTestId('compare-clear').click();
    await expect(page.getByTestId('compare-dock')).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('showYDBList'))).toBeNull();
  });

  test('report list → report detail → charts drawn → compare two indicators', async ({ page }) => {
    await page.goto('/zxyb/yjbg');
    const first = page.getByTestId('report-item').first();
    const title = (await first.getByRole('heading').textContent()) ?? '';
    await first.getByRole('heading').getByRole('link').click();
    await expect(page.getByTestId('report-title')).toHaveText(title);

    await page.goto(`/zxyb/yjbg/reportDetail?id=${ids.yjbgId}`);
    const charts = page.getByTestId('report-chart');
    // ECharts loads in the browser only and draws a canvas per chart.
    await expect(charts.first().locator('canvas')).toBeVisible({ timeout: 30_000 });
    const names = [
      (await charts.nth(0).getByRole('heading').textContent()) ?? '',
      (await charts.nth(1).getByRole('heading').textContent()) ?? '',
    ];
    await charts.nth(0).getByTestId('compare-toggle').click();
    await charts.nth(1).getByTestId('compare-toggle').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/content-report-detail.png`, fullPage: false });
    const stored = JSON.parse(
      (await page.evaluate(() => window.localStorage.getItem('showYDBList'))) ?? '[]',
    ) as { indicatorsNo?: string }[];
    expect(stored.map((e) => e.indicatorsNo)).toEqual([`${ids.yjbgId}-1`, `${ids.yjbgId}-2`]);
    await page.getByTestId('compare-open').click();
    const head = page.getByTestId('compare-table').locator('thead');
    for (const n of names) await expect(head).toContainText(n);
    await expect(
      page.getByTestId('compare-table').getByRole('rowheader', { name: '单位' }),
    ).toBeVisible();
    // Hiding a column keeps the entry (showYDB false) and offers it back.
    await page.getByTestId('compare-table').getByRole('button', { name: '隐藏' }).first().click();
    await expect(head).not.toContainText(names[0]);
    await expect(page.getByRole('button', { name: `显示「${names[0]}」` })).toBeVisible();
    const hidden = JSON.parse(
      (await page.evaluate(() => window.localStorage.getItem('showYDBList'))) ?? '[]',
    ) as { showYDB: boolean }[];
    expect(hidden.map((e) => e.showYDB)).toEqual([false, true]);
    await page.getByTestId('compare-clear').click();
    await expect(page.getByTestId('compare-dock')).toHaveCount(0);
  });
});

test.describe('signed-in policy analysis', () => {
  test('a visitor is sent to sign in first', async ({ page }) => {
    await page.goto(`/policy-analysis/policy-inquiry/policy-details/${ids.subsidyPolicyId}`);
    await expect(page).toHaveURL(/redirect=/);
  });

  test('tabs 原文, 解读, 申报条件 and 匹配企业 (paged on the server)', async ({ page }) => {
    await signIn(page.request, 'free_admin');
    const base = `/policy-analysis/policy-inquiry/policy-details/${ids.subsidyPolicyId}`;
    const res = await page.goto(base);
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('policy-title')).toHaveText(ids.policyTitle);
    await expect(page.getByTestId('policy-tab-original')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('policy-body')).not.toBeEmpty();
    await followLink(
      page,
      page.getByTestId('policy-tab-conditions'),
      new RegExp(`${base}/conditions$`),
    );
    await expect(page.getByRole('heading', { level: 2, name: '申报条件' })).toBeVisible();
    await followLink(
      page,
      page.getByTestId('policy-tab-enterprises'),
      new RegExp(`${base}/enterprises$`),
    );
    await expect(page.getByTestId('match-summary')).toBeVisible();
    const rows = page.getByTestId('match-table').locator('tbody tr');
    if ((await rows.count()) > 0) {
      const pager = page.getByRole('navigation', { name: '匹配企业分页' });
      if ((await pager.count()) > 0) {
        const firstName = await rows.first().locator('td').first().textContent();
        await pager.getByRole('link', { name: '2', exact: true }).click();
        await expect(page).toHaveURL(/pageNo=2/);
        await expect(rows.first().locator('td').first()).not.toHaveText(firstName ?? '');
      }
    }
  });

  test('an unknown tab or policy id answers a real 404, signed in', async ({ page }) => {
    await signIn(page.request, 'free_admin');
    const base = `/policy-analysis/policy-inquiry/policy-details/${ids.subsidyPolicyId}`;
    for (const url of [
      `${base}/no-such-tab`,
      '/policy-analysis/policy-inquiry/policy-details/987654321',
      '/policy-analysis/policy-inquiry/policy-details/987654321/conditions',
      '/policy-analysis/policy-inquiry/policy-details/abc',
    ]) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
      await expect(page.getByTestId('policy-title')).toHaveCount(0);
    }
    // A known policy and tab still renders.
    expect((await page.goto(`${base}/interpretation`))?.status()).toBe(200);
    await expect(page.getByTestId('policy-title')).toHaveText(ids.policyTitle);
  });
});
