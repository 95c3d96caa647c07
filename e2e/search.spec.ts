import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { untilStill } from './support/ui';
import { signIn } from './support/session';

/**
 * Enterprise search journeys: a visitor searches (2 characters, a full name), filters, pages and
 * opens a company; signed-in staff unlock, hit the quota dialog, add to leads, favourite and
 * export; advanced search with two condition groups, a saved template reloaded.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';

// The dev server compiles each page on first use; on a busy machine that takes a while.
test.describe.configure({ timeout: 180_000 });

type Company = { id: number; name: string };

/** A well-ranked company with phone contacts, not yet unlocked by any tenant. */
async function companyWithContacts(skip = 0): Promise<Company> {
  return withE2eDb(async (db) => {
    const { rows } = await db.query<Company>(
      `select e.id::int as id, e.name from enterprises e
        where e.phone_count > 0 and e.status in ('存续', '在业')
          and not exists (select 1 from enterprise_unlocks u where u.enterprise_id = e.id)
        order by e.weight desc offset $1 limit 1`,
      [skip],
    );
    return rows[0];
  });
}

/** A two-character word many company names contain (the core of a frequent name). */
async function frequentBigram(): Promise<string> {
  return withE2eDb(async (db) => {
    const { rows } = await db.query<{ w: string; n: number }>(
      `select substr(name, 3, 2) as w, count(*)::int as n from enterprises
        where substr(name, 3, 2) ~ '^[\\u4e00-\\u9fa5]{2}$' group by 1 order by 2 desc limit 1`,
    );
    return rows[0].w;
  });
}

/** Navigates and waits until the page is interactive (the dev server hydrates late). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

async function credit(page: Page): Promise<number> {
  const res = await page.request.get('/api/szjk/user/get-my-unlock-credit');
  const body = (await res.json()) as { code: number; data: { remaining: number } };
  expect(body.code).toBe(200);
  return body.data.remaining;
}

test.describe('company search (visitor)', () => {
  test('2-character search, suggestions, filter, paging and opening a company', async ({
    page,
    context,
  }) => {
    const word = await frequentBigram();
    await open(page, '/companySearch');
    await expect(page).toHaveTitle('企业查询 - 拓客雷达');
    await expect(page.getByTestId('result-row').first()).toBeVisible();

    // Top-bar box: suggestions (at most 10) after typing, Enter searches in this tab (already here).
    const box = page.getByTestId('top-search-input');
    const options = page.locator('.top-search-option');
    const suggest = () =>
      expect(async () => {
        await box.fill('');
        await box.fill(word);
        await expect(options.first()).toBeVisible({ timeout: 3000 });
      }).toPass();
    await suggest();
    expect(await options.count()).toBeLessThanOrEqual(10);
    await box.press('Enter');
    // The first client navigation compiles the route on the dev server.
    await expect(page).toHaveURL(new RegExp(`searchValue=${encodeURIComponent(word)}`), {
      timeout: 60_000,
    });
    await expect(page).toHaveTitle(`${word} - 企业查询 - 拓客雷达`);
    await expect(page.getByTestId('result-row').first().locator('em.hl').first()).toHaveText(word);
    const summary = await page.getByTestId('result-summary').textContent();
    await page.screenshot({ path: `${SHOTS}/search-2chars.png`, fullPage: true });

    // A filter from the panel narrows the results and lands on page 1.
    await page
      .getByRole('group', { name: '登记状态' })
      .getByRole('link', { name: /^存续/ })
      .click();
    await expect(page).toHaveURL(/status=%E5%AD%98%E7%BB%AD/);
    await expect(page.getByText('状态：存续')).toBeVisible();
    await expect(page.getByTestId('result-summary')).not.toHaveText(summary ?? '');
    for (const status of await page.getByTestId('result-row').locator('.ent-tags').all())
      await expect(status).toContainText('存续');

    // Paging.
    const firstOnPage1 = await page.getByTestId('result-name').first().textContent();
    await page
      .getByRole('navigation', { name: '分页' })
      .getByRole('link', { name: '2', exact: true })
      .click();
    await expect(page).toHaveURL(/pageNo=2/);
    await expect(page.getByTestId('result-name').first()).not.toHaveText(firstOnPage1 ?? '');

    // A result opens the company page in a new tab.
    const name = (await page.getByTestId('result-name').first().textContent()) ?? '';
    const [detail] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('result-name').first().click(),
    ]);
    await detail.waitForLoadState();
    await expect(detail).toHaveURL(/\/companySearchDetail\?/);
    await expect(detail.getByRole('heading', { level: 1 })).toHaveText(name);
    await detail.close();

    // Choosing a suggestion opens the company in a new tab as well.
    await suggest();
    const suggested = (await options.first().textContent()) ?? '';
    const [fromSuggestion] = await Promise.all([
      context.waitForEvent('page'),
      options.first().click(),
    ]);
    await fromSuggestion.waitForLoadState();
    await expect(fromSuggestion.getByRole('heading', { level: 1 })).toHaveText(suggested);
    await fromSuggestion.close();
  });

  test('a full company name ranks that company first; masked counts only', async ({ page }) => {
    const company = await companyWithContacts();
    await open(page, `/companySearch?searchValue=${encodeURIComponent(company.name)}`);
    const first = page.getByTestId('result-row').first();
    await expect(first.getByTestId('result-name')).toHaveText(company.name);
    await expect(first.getByTestId('contact-counts')).toContainText(/电话 \d+ 个 · 邮箱 \d+ 个/);
    // No contact value is in the page for a visitor.
    const phones = await withE2eDb(async (db) => {
      const { rows } = await db.query<{ value: string }>(
        'select value from enterprise_contacts where enterprise_id = $1',
        [company.id],
      );
      return rows.map((r) => r.value);
    });
    const html = await page.content();
    for (const v of phones) expect(html).not.toContain(v);
    // Signed-out row actions open the login modal.
    await expect(async () => {
      await first.getByTestId('row-unlock').click();
      // The modal's code loads on first use.
      await expect(page.getByRole('dialog').filter({ hasText: '密码登录' })).toBeVisible({
        timeout: 30_000,
      });
    }).toPass();
  });

  test('works without JavaScript, and odd input never fails', async ({ browser }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    const word = await frequentBigram();
    await page.goto(`/companySearch?searchValue=${encodeURIComponent(word)}`);
    await expect(page.getByTestId('result-row').first()).toBeVisible();
    await page.getByRole('group', { name: '注册资本' }).getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/capital=/);
    await expect(page.getByTestId('result-summary')).toBeVisible();
    for (const q of ['a', '科'.repeat(200), '😀🏢', "%_\\'", 'ＡＢＣ科技', '   ']) {
      const res = await page.goto(`/companySearch?searchValue=${encodeURIComponent(q)}`);
      expect(res?.status(), q).toBe(200);
      await expect(page.getByTestId('result-summary')).toBeVisible();
    }
    await page.goto('/companySearch?searchValue=%E7%A7%91%E6%8A%80&pageNo=999');
    await expect(page.getByTestId('search-notice')).toContainText('最多可查看前');
    await ctx.close();
  });
});

test.describe('company search (signed in)', () => {
  test('unlock from the results charges once; leads, favourite, export', async ({ page }) => {
    await signIn(page.request, 'standard_staff');
    const company = await companyWithContacts(1);
    const before = await credit(page);

    await open(page, `/companySearch?searchValue=${encodeURIComponent(company.name)}`);
    const row = page.getByTestId('result-row').first();
    await expect(row.getByTestId('result-name')).toHaveText(company.name);
    await row.getByTestId('row-unlock').click();
    await expect(page.getByText(/解锁成功，剩余解锁额度/)).toBeVisible();
    await expect(row.getByTestId('row-contacts')).toBeVisible();
    expect(await credit(page)).toBe(before - 1);

    // Viewing again (after a reload) costs nothing.
    await page.reload();
    await page.waitForLoadState('networkidle');
    await row.getByTestId('row-unlock').click();
    await expect(row.getByTestId('row-contacts')).toBeVisible();
    expect(await credit(page)).toBe(before - 1);

    await row.getByTestId('to-crm-button').click();
    await expect(row.getByTestId('to-crm-button')).toHaveText(/已加入线索/);
    await row.getByTestId('favorite-button').click();
    await expect(row.getByTestId('favorite-button')).toHaveText(/已收藏/);
    // In this member's enterprise (another spec may have made the same company a lead elsewhere).
    const stored = await withE2eDb(async (db) => {
      const mine = `tenant_id = (select tenant_id from users where username = 'standard_staff')`;
      const clue = await db.query(`select 1 from clues where enterprise_id = $1 and ${mine}`, [
        company.id,
      ]);
      const fav = await db.query(`select 1 from favourites where enterprise_id = $1 and ${mine}`, [
        company.id,
      ]);
      return { clue: clue.rowCount, fav: fav.rowCount };
    });
    expect(stored).toEqual({ clue: 1, fav: 1 });
    await page.screenshot({ path: `${SHOTS}/search-unlocked.png`, fullPage: true });

    // 已解锁企业 lists it with its contacts; 我的收藏 lists it until it is removed. A failed load
    // says so (not "nothing unlocked") and 重试 loads again.
    await page.route('**/api/szjk/enterprise/unlock-page', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 500, msg: '系统繁忙', data: null }),
      }),
    );
    await open(page, '/unLockListPage');
    // The signed-in shell loads the session before the list: allow a busy machine time.
    await expect(page.getByRole('alert').filter({ hasText: '加载失败' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('还没有解锁过企业')).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/unlocked-list-error.png`, fullPage: true });
    await page.unroute('**/api/szjk/enterprise/unlock-page');
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await expect(
      page.getByText('还没有解锁过企业').or(page.locator('tr.ant-table-row').first()),
    ).toBeVisible();
    await page.getByPlaceholder('按企业名称或统一社会信用代码搜索').fill(company.name);
    await page.getByPlaceholder('按企业名称或统一社会信用代码搜索').press('Enter');
    const unlockedRow = page.locator('tr.ant-table-row', { hasText: company.name });
    await expect(unlockedRow).toHaveCount(1);
    await expect(unlockedRow.locator('.ent-plain-list li').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/unlocked-list.png`, fullPage: true });
    await open(page, '/favoritesPage');
    const favRow = page.locator('tr.ant-table-row', { hasText: company.name });
    await expect(favRow).toHaveCount(1);
    await favRow.getByRole('button', { name: '取消收藏' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(page.getByText('已取消收藏')).toBeVisible();
    await expect(favRow).toHaveCount(0);

    // Export the selected rows: a real .xlsx named 导出.xlsx.
    await open(page, `/companySearch?searchValue=${encodeURIComponent(await frequentBigram())}`);
    await page.getByTestId('row-select').nth(0).click();
    await page.getByTestId('row-select').nth(1).click();
    await expect(page.getByTestId('selected-count')).toHaveText('已选 2 家');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bulk-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('导出.xlsx');
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(JSON.stringify(sheet.getRow(1).values)).toContain('企业名称');
    expect(sheet.actualRowCount).toBeGreaterThanOrEqual(3);

    // The same selection goes to the leads in one click (its code loads on first use).
    const picked = await page
      .getByTestId('result-row')
      .evaluateAll((rows) => rows.slice(0, 2).map((r) => Number(r.getAttribute('data-ent-id'))));
    await page.getByTestId('bulk-to-crm').click();
    await expect(page.getByText(/已加入线索 \d+ 家/)).toBeVisible();
    const leads = await withE2eDb(async (db) => {
      const { rows } = await db.query<{ n: number }>(
        `select count(distinct c.enterprise_id)::int as n from clues c
          join users u on u.tenant_id = c.tenant_id and u.username = 'standard_staff'
         where c.enterprise_id = any($1::bigint[])`,
        [picked],
      );
      return rows[0].n;
    });
    expect(leads).toBe(2);
  });

  test('keyword searches become recent searches under the empty search box', async ({ page }) => {
    await signIn(page.request, 'advanced_staff');
    await page.request.delete('/api/shuzhituoke/intelligent-search/clear-search-history');
    const word = await frequentBigram();
    await open(page, `/companySearch?searchValue=${encodeURIComponent(word)}`);
    await open(page, `/companySearch?searchValue=${encodeURIComponent('不存在的词语')}`);
    // Paging the same search records nothing new.
    await open(page, `/companySearch?searchValue=${encodeURIComponent(word)}&pageNo=2`);

    const box = page.getByTestId('top-search-input');
    await box.fill('');
    await box.click();
    const recent = page.getByTestId('recent-searches');
    await expect(recent).toBeVisible();
    const items = recent.locator('.top-search-option');
    await expect(items).toHaveText(['不存在的词语', word]);
    await page.screenshot({ path: `${SHOTS}/search-recent.png` });

    // Picking one runs that search here. The page records it without holding the answer: wait
    // until the record is there, so 清空 below is not undone by that write arriving later.
    const history = async () => {
      const res = await page.request.get(
        '/api/shuzhituoke/intelligent-search/get-search-condition-history?kind=keyword',
      );
      return ((await res.json()) as { data: { keyword: string; createTime: number }[] }).data;
    };
    const before = (await history()).find((h) => h.keyword === '不存在的词语')?.createTime ?? 0;
    await items.filter({ hasText: '不存在的词语' }).click();
    await expect(page).toHaveURL(/searchValue=%E4%B8%8D%E5%AD%98%E5%9C%A8/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('不存在的词语');
    await expect
      .poll(async () => (await history()).find((h) => h.keyword === '不存在的词语')?.createTime)
      .toBeGreaterThan(before);

    // 清空 empties the list for good.
    await box.fill('');
    await box.click();
    await recent.getByRole('button', { name: /清\s*空/ }).click();
    await expect(recent).toBeHidden();
    const left = await page.request.get(
      '/api/shuzhituoke/intelligent-search/get-search-condition-history?kind=keyword',
    );
    expect(((await left.json()) as { data: unknown[] }).data).toEqual([]);
  });

  test('free edition employee: unlocking opens 解锁额度不足, which notifies the administrators', async ({
    page,
  }) => {
    await signIn(page.request, 'free_staff');
    const company = await companyWithContacts(2);
    await open(page, `/companySearch?searchValue=${encodeURIComponent(company.name)}`);
    await page.getByTestId('result-row').first().getByTestId('row-unlock').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '解锁额度不足' });
    await expect(dialog).toBeVisible();
    // An employee cannot buy (spec 2.6): no 前往 to a member centre they cannot use; the dialog
    // says who can and sends them the request (an administrator's 前往 is in membership.spec).
    await expect(dialog).toContainText('仅企业管理员可以开通会员');
    await expect(dialog.getByRole('button', { name: /前\s*往/ })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/search-quota-dialog.png` });
    await expect(dialog.getByRole('button', { name: '通知管理员' })).toBeVisible();
    // Sending the request is ux-members.spec's (once a day per member): here, 取消 closes it.
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('advanced search', () => {
  async function pickOption(page: Page, select: ReturnType<Page['getByTestId']>, label: string) {
    await select.click();
    // The option list is virtual: search narrows it to the wanted option.
    await page.keyboard.type(label);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByTitle(label, { exact: true })
      .click();
  }

  async function liveCount(page: Page): Promise<number> {
    const text = (await page.getByTestId('live-count').locator('strong').textContent()) ?? '';
    return Number(text.replace(/[^\d]/g, ''));
  }

  test('two groups change the live count; a saved template loads again', async ({ page }) => {
    await signIn(page.request, 'standard_staff');
    const word = await frequentBigram();
    await open(page, '/advancedSearch');
    await expect(page).toHaveTitle('高级搜索 - 拓客雷达');
    await expect(page.getByTestId('live-count')).toContainText(/\d/);
    const all = await liveCount(page);

    await page.getByTestId('cond-value').first().fill(word);
    await expect.poll(() => liveCount(page)).toBeLessThan(all);
    const byName = await liveCount(page);

    // Second group: 有电话; AND between groups narrows, OR widens.
    await page.getByTestId('add-group').click();
    const group2 = page.getByTestId('condition-group').nth(1);
    await pickOption(page, group2.getByTestId('cond-field'), '有电话');
    // Not every company has a phone, so the intersection is smaller.
    await expect.poll(() => liveCount(page)).toBeLessThan(byName);
    const andCount = await liveCount(page);
    await page.getByTestId('groups-logic').getByText('或', { exact: true }).click();
    await expect.poll(() => liveCount(page)).toBeGreaterThan(andCount);
    await page.getByTestId('groups-logic').getByText('且', { exact: true }).click();
    await expect.poll(() => liveCount(page)).toBe(andCount);

    await page.getByTestId('advanced-search-run').click();
    const results = page.getByTestId('advanced-results');
    await expect(results.locator('tbody tr.ant-table-row').first()).toContainText(word);
    await page.screenshot({ path: `${SHOTS}/advanced-search.png`, fullPage: true });

    // The column choice is remembered in this browser.
    await page.getByTestId('column-chooser').click();
    // The popover zooms in from the button: a click while it grows presses one place and
    // releases another, which is no click.
    await untilStill(page, page.locator('.ant-popover').filter({ hasText: '显示的列' }));
    await page.getByRole('checkbox', { name: '注册地址' }).check();
    await expect(results.getByRole('columnheader', { name: '注册地址' })).toBeVisible();

    // The search is in the history, and runs again from there.
    await page.getByRole('tab', { name: /搜索历史/ }).click();
    const past = page.locator('.ant-list-item', { hasText: word }).first();
    await expect(past).toBeVisible();

    const name = `e2e 模板 ${Date.now() % 100000}`;
    await page.getByTestId('save-template').click();
    const saveDialog = page.getByRole('dialog', { name: '保存搜索条件模板' });
    await untilStill(page, saveDialog);
    await page.getByTestId('template-name').fill(name);
    await saveDialog.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(page.getByText('保存成功')).toBeVisible();

    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('cond-value').first()).toHaveValue('');
    const item = page.getByTestId('template-list').locator('.ant-list-item', { hasText: name });
    await expect(item).toBeVisible();
    await item.getByTestId('template-load').click();
    await expect(page.getByTestId('cond-value').first()).toHaveValue(word);
    await expect(page.getByTestId('condition-group')).toHaveCount(2);
    await expect.poll(() => liveCount(page)).toBe(andCount);
    await expect(results.locator('tbody tr.ant-table-row').first()).toContainText(word);
    await expect(results.getByRole('columnheader', { name: '注册地址' })).toBeVisible();
  });
});
