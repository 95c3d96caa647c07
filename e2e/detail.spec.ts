import { expect, request, test, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { e2eEnv } from './support/env';
import { signIn } from './support/session';

/**
 * The public company page (/companySearchDetail): a visitor reads every tab and opens the graphs;
 * without JavaScript the header and registration data are in the HTML; unknown companies are a
 * real 404.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';

type Company = { name: string; uncid: string };

/** A company with corporate shareholders, so every graph has something to show and expand. */
async function companyWithRelations(): Promise<Company> {
  return withE2eDb(async (db) => {
    const { rows } = await db.query<Company>(
      `select e.name, e.uncid from enterprises e
        where exists (select 1 from enterprise_shareholders s where s.enterprise_id = e.id and s.holder_enterprise_id is not null)
          and exists (select 1 from enterprise_investments i where i.enterprise_id = e.id)
        order by e.weight desc limit 1`,
    );
    return rows[0];
  });
}

const TABS = [
  '工商信息',
  '股东信息',
  '主要人员',
  '变更记录',
  '对外投资',
  '分支机构',
  '融资信息',
  '荣誉资质',
  '产业链',
  '年报',
  '企业图谱',
];

type GraphNodeInfo = { count: number; x: number; y: number } | null;

/** Node count of the first chart and the page position of an expandable, not yet expanded node. */
async function expandableNode(page: Page): Promise<GraphNodeInfo> {
  return page.evaluate(() => {
    type Datum = { node?: { expandable?: boolean; isCenter?: boolean } };
    type Chart = {
      isDisposed(): boolean;
      getDom(): HTMLElement;
      getOption(): { series: { data: Datum[] }[] };
      getModel(): {
        getSeriesByIndex(i: number): {
          getData(): { getItemLayout(i: number): number[] | null };
        };
      };
      convertToPixel(finder: { seriesIndex: number }, value: number[]): number[];
    };
    const charts = ((window as unknown as { __leadradarCharts?: Chart[] }).__leadradarCharts ??
      []) as Chart[];
    const chart = charts.find((c) => !c.isDisposed());
    if (!chart) return null;
    const data = chart.getOption().series[0].data;
    const layout = chart.getModel().getSeriesByIndex(0).getData();
    const box = chart.getDom().getBoundingClientRect();
    for (let i = 0; i < data.length; i++) {
      const n = data[i].node;
      if (!n?.expandable || n.isCenter) continue;
      const at = layout.getItemLayout(i);
      if (!at) continue;
      const [x, y] = chart.convertToPixel({ seriesIndex: 0 }, at);
      if (x < 10 || y < 10 || x > box.width - 10 || y > box.height - 10) continue;
      return { count: data.length, x: box.left + x, y: box.top + y };
    }
    return { count: data.length, x: -1, y: -1 };
  });
}

test.describe('company detail page', () => {
  let company: Company;
  test.beforeAll(async () => {
    // The dev server's first compile of the page can take minutes on a busy machine.
    test.setTimeout(900_000);
    company = await companyWithRelations();
    // The dev server compiles the page and the graph API on first use: not part of what is tested.
    const api = await request.newContext({ baseURL: e2eEnv().baseURL, timeout: 600_000 });
    await api.get(`/companySearchDetail?uncid=${company.uncid}`);
    await api.get('/api/shuzhituoke/enterprise-relationship-map/ent-map?id=1');
    await api.dispose();
  });

  test('a visitor reads every tab and expands a node of the enterprise graph', async ({ page }) => {
    const res = await page.goto(`/companySearchDetail?uncid=${company.uncid}`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${company.name}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(company.name);
    await expect(page.locator('main')).toContainText(company.uncid);
    // Contacts stay masked, with an unlock button.
    await expect(page.getByRole('button', { name: /解\s*锁/ }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/detail-top.png`, fullPage: false });

    for (const tab of TABS) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      // Hidden panels are aria-hidden: the one tabpanel by role is the open one.
      const panel = page.getByRole('tabpanel').first();
      await expect(panel).toBeVisible();
      if (tab !== '企业图谱') await expect(panel).not.toBeEmpty();
    }
    await expect(page).toHaveURL(/tab=graph/);

    // The enterprise map draws on a canvas; clicking a ringed node loads its next ring.
    const graphs = page.getByTestId('enterprise-graphs');
    await expect(graphs.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
    await graphs
      .locator('canvas')
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(2500); // let the force layout settle
    const before = await expandableNode(page);
    expect(before).not.toBeNull();
    expect(before!.x).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/detail-graph.png`, fullPage: false });
    const loaded = page.waitForResponse(
      (r) => /enterprise-relationship-map\/next-(ent|main-person)/.test(r.url()),
      { timeout: 30_000 },
    );
    await page.mouse.click(before!.x, before!.y);
    expect((await loaded).status()).toBe(200);
    await expect
      .poll(async () => (await expandableNode(page))?.count ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(before!.count);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/detail-graph-expanded.png`, fullPage: false });

    // The other graphs draw too.
    for (const view of ['关系图谱', '股权穿透（向上）', '股权穿透（向下）', '实际控制人']) {
      await graphs.getByText(view, { exact: true }).click();
      await expect(graphs.locator('canvas').or(graphs.locator('.ant-empty')).first()).toBeVisible({
        timeout: 20_000,
      });
    }
    await page.screenshot({ path: `${SHOTS}/detail-controller.png`, fullPage: false });
  });

  test('without JavaScript the header and registration data are in the page', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(
      `/companySearchDetail?company_name=${encodeURIComponent(company.name)}`,
    );
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(company.name);
    const main = page.locator('main');
    for (const text of ['法定代表人', '注册资本', '成立日期', '统一社会信用代码', company.uncid])
      await expect(main).toContainText(text);
    // Registration data and the other panels are readable one below the other.
    // (The panels are aria-hidden for the tab widget, so they are looked up by text, not role.)
    for (const title of ['工商信息', '股东信息', '主要人员', '变更记录', '年报'])
      await expect(page.locator('h2.ent-panel-title', { hasText: title }).first()).toBeVisible();
    // SEO: canonical URL and JSON-LD Organization.
    const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
    expect(canonical).toContain(`/companySearchDetail?uncid=${company.uncid}`);
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    ) as { '@type': string; name: string; taxID: string };
    expect(ld['@type']).toBe('Organization');
    expect(ld.name).toBe(company.name);
    expect(ld.taxID).toBe(company.uncid);
    await page.screenshot({ path: `${SHOTS}/detail-nojs.png`, fullPage: true });
    await context.close();
  });

  test('an unknown company is a real 404 page', async ({ page }) => {
    const res = await page.goto('/companySearchDetail?company_name=不存在的企业有限公司');
    expect(res?.status()).toBe(404);
    await expect(page.getByText(/不存在/).first()).toBeVisible();
    const metas = await page
      .locator('meta[name=robots]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('content') ?? ''));
    expect(metas.length).toBeGreaterThan(0);
    for (const m of metas) expect(m).toContain('noindex');
    await page.screenshot({ path: `${SHOTS}/detail-404.png`, fullPage: false });
  });
});

/** A company with contacts that no tenant has unlocked, and its real contact values. */
async function lockedCompany(): Promise<{ id: number; values: string[] }> {
  return withE2eDb(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `select e.id::int as id from enterprises e
        where e.phone_count > 0
          and not exists (select 1 from enterprise_unlocks u where u.enterprise_id = e.id)
          and not exists (select 1 from clues c where c.enterprise_id = e.id)
        order by e.weight desc offset 7 limit 1`,
    );
    const id = rows[0].id;
    const values = await db.query<{ value: string }>(
      'select value from enterprise_contacts where enterprise_id = $1',
      [id],
    );
    return { id, values: values.rows.map((r) => r.value) };
  });
}

test('the company page is the same for everyone; a user’s own state arrives after load', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const company = await lockedCompany();
  const url = `/companySearchDetail?pid=${company.id}`;

  // One tenant's user unlocks, favourites and adds it to the leads.
  const mine = await browser.newContext();
  await signIn(mine.request, 'advanced_staff');
  const page = await mine.newPage();
  await page.goto(url);
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('unlock-remaining')).toBeVisible();
  await page.getByTestId('unlock-button').click();
  await expect(page.getByTestId('contact-list')).toContainText(company.values[0]);
  await page.getByTestId('favorite-button').click();
  await expect(page.getByTestId('favorite-button')).toHaveText(/已收藏/);
  await page.getByTestId('to-crm-button').click();
  await expect(page.getByTestId('to-crm-button')).toHaveText(/已加入线索/);

  // After a reload the HTML is the public one; the viewer call fills in this user's state.
  const html = await (await mine.request.get(url)).text();
  for (const v of company.values) expect(html).not.toContain(v);
  expect(html).not.toContain('已收藏');
  await page.reload();
  await expect(page.getByTestId('contact-list')).toContainText(company.values[0]);
  await expect(page.getByTestId('favorite-button')).toHaveText(/已收藏/);
  await expect(page.getByTestId('to-crm-button')).toHaveText(/已加入线索/);
  await page.screenshot({ path: `${SHOTS}/detail-signed-in.png`, fullPage: false });
  await mine.close();

  // Another tenant and a visitor see masked contacts and neutral buttons.
  const other = await browser.newContext();
  await signIn(other.request, 'enterprise_staff');
  const otherPage = await other.newPage();
  await otherPage.goto(url);
  await expect(otherPage.getByRole('button', { name: '用户菜单' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(otherPage.getByTestId('unlock-remaining')).toBeVisible();
  await expect(otherPage.getByTestId('favorite-button')).toHaveText(/^☆?收藏$/);
  const shown = await otherPage.getByTestId('contact-list').textContent();
  for (const v of company.values) expect(shown).not.toContain(v);
  await other.close();
  const anonymous = await (await request.get(url)).text();
  for (const v of company.values) expect(anonymous).not.toContain(v);
});

test('a visitor’s 收藏 opens the login modal on demand', async ({ page }) => {
  const company = await lockedCompany();
  await page.goto(`/companySearchDetail?pid=${company.id}`);
  await page.getByTestId('favorite-button').click();
  await expect(page.locator('.ant-modal').filter({ hasText: '欢迎登录' })).toBeVisible({
    timeout: 30_000,
  });
});

test('robots.txt points at a sitemap index whose files list the companies', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /api/');
  const sitemapUrl = /Sitemap: (\S+)/.exec(robots)?.[1];
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('<sitemapindex');
  const first = /<loc>([^<]*company-1\.xml)<\/loc>/.exec(index)?.[1];
  expect(first).toBeTruthy();
  const file = await request.get(new URL(first!).pathname);
  expect(file.status()).toBe(200);
  const locs = [...(await file.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs.length).toBeGreaterThanOrEqual(3000);
  expect(locs[0]).toMatch(/\/companySearchDetail\?uncid=[0-9A-Z]{18}$/);
});

test('the sitemap index lists the knowledge pages: every content file answers with its pages', async ({
  request,
}) => {
  const index = await (await request.get('/sitemap.xml')).text();
  const files = [...index.matchAll(/<loc>([^<]*\/content-([a-z]+)-1\.xml)<\/loc>/g)];
  expect(files.map((m) => m[2]).sort()).toEqual(
    ['cyzx', 'list', 'news', 'policy', 'subsidy', 'topic', 'yjbg'].sort(),
  );
  const expected: Record<string, RegExp> = {
    policy: /\/policyDetail\?id=\d+$/,
    subsidy: /\/views_lianke\/subsidyDetail\?id=\d+$/,
    yjbg: /\/zxyb\/yjbg\/reportDetail\?id=\d+$/,
    cyzx: /\/zxyb\/cyzx\/reportDetail\?id=\d+$/,
    news: /\/industryInsights\/industryInformation\?id=\d+$/,
    topic: /\/industryInsights\/health\/[a-z-]+$/,
    list: /\/authoritativeList\/[a-z0-9-]+$/,
  };
  for (const [, url, kind] of files) {
    const file = await request.get(new URL(url).pathname);
    expect(file.status(), kind).toBe(200);
    const locs = [...(await file.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length, kind).toBeGreaterThan(0);
    expect(locs[0], kind).toMatch(expected[kind]);
  }
  // A page of a list that does not exist is a real 404.
  expect((await request.get('/sitemaps/content-policy-99.xml')).status()).toBe(404);
});
