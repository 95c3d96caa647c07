import ExcelJS from 'exceljs';
import { expect, test, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { signUp } from './support/session';

/**
 * Issue 29 item 2, 数据看板: a manager (the enterprise's founder) with members in two departments
 * (one lead of 销售部 converted, with a won and an open opportunity) opens /dataBoard, filters it
 * by 销售部, reads a card as a table, and exports the board to .xlsx with the same figures.
 * Screenshots at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/data-board-${name}.png`, fullPage: true });

/** Two departments with a member each; 3 leads in 销售部 (one converted and won), 2 in 市场部. */
async function plantTeam(mobile: string, run: number) {
  return withE2eDb(async (db) => {
    const { rows } = await db.query<{ id: string; tenant_id: string }>(
      `select id, tenant_id from users where mobile = $1 and deleted_at is null`,
      [mobile],
    );
    const tenantId = Number(rows[0].tenant_id);
    const dept = async (name: string) =>
      Number(
        (
          await db.query<{ id: string }>(
            `insert into departments (tenant_id, name) values ($1, $2) returning id`,
            [tenantId, name],
          )
        ).rows[0].id,
      );
    const sales = await dept('销售部');
    const market = await dept('市场部');
    const member = async (name: string, deptId: number) =>
      Number(
        (
          await db.query<{ id: string }>(
            `insert into users (tenant_id, username, nickname, dept_id) values ($1, $2, $3, $4) returning id`,
            [tenantId, `e2e_board_${name}_${run}`, name, deptId],
          )
        ).rows[0].id,
      );
    const zhang = await member('张销售', sales);
    const li = await member('李市场', market);
    const lead = async (owner: number, daysAgo: number, source: string) =>
      Number(
        (
          await db.query<{ id: string }>(
            `insert into clues (tenant_id, name, owner_user_id, creator_user_id, source, province_code, created_at, updated_at)
             values ($1, $2, $3, $3, $4, '350000', now() - $5 * interval '1 day', now()) returning id`,
            [tenantId, `看板${run}线索${owner}-${daysAgo}`, owner, source, daysAgo],
          )
        ).rows[0].id,
      );
    const first = await lead(zhang, 5, '企业搜索');
    await lead(zhang, 3, '企业搜索');
    await lead(zhang, 1, '地图拓客');
    await lead(li, 4, 'AI 助手');
    await lead(li, 2, 'AI 助手');
    await db.query(
      `insert into clue_follow_ups (tenant_id, clue_id, user_id, channel, content, created_at)
       values ($1, $2, $3, '电话', '初次联系', now() - interval '4 days')`,
      [tenantId, first, zhang],
    );
    return { tenantId, sales, market, zhang, li, first };
  });
}

/** 张销售's first lead becomes a customer with a won and an open opportunity. */
async function plantDeals(
  stages: { id: number; name: string; type: string; probability: number }[],
  team: { tenantId: number; zhang: number; first: number },
) {
  await withE2eDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into customers (tenant_id, name, source, owner_user_id, creator_user_id, from_clue_id, created_at)
       values ($1, '看板客户', '线索转化', $2, $2, $3, now() - interval '3 days') returning id`,
      [team.tenantId, team.zhang, team.first],
    );
    const deal = async (stageName: string, amount: number) => {
      const s = stages.find((x) => x.name === stageName)!;
      await db.query(
        `insert into opportunities (tenant_id, customer_id, name, amount, stage_id, status, probability,
           owner_user_id, creator_user_id, closed_at, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8, case when $6 = 'won' then now() - interval '1 day' end,
           now() - interval '2 days')`,
        [
          team.tenantId,
          rows[0].id,
          `${stageName}商机`,
          amount,
          s.id,
          s.type,
          s.probability,
          team.zhang,
        ],
      );
    };
    await deal('赢单', 8_800_000);
    await deal('方案报价', 12_000_000);
  });
}

test('data board: a manager filters by department and exports the board', async ({ page }) => {
  const run = Date.now() % 1_000_000;
  const { mobile } = await signUp(page.request, { companyName: `E2E看板${run}科技有限公司` });
  const team = await plantTeam(mobile, run);
  const stageList = await page.request.get('/api/szjk/opportunity/stage/list');
  await plantDeals(
    ((await stageList.json()) as { data: Parameters<typeof plantDeals>[0] }).data,
    team,
  );

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/dataBoard');
  await expect(page.getByRole('heading', { name: '数据看板', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const stat = (name: string) =>
    page
      .locator('.db-stats > div')
      .filter({ has: page.getByText(name, { exact: true }) })
      .locator('dd');
  await expect(stat('新增线索')).toHaveText('5', { timeout: 30_000 });
  await expect(stat('跟进')).toHaveText('1');
  // The charts are drawn (ECharts loaded on demand).
  await expect(page.getByRole('img', { name: /转化漏斗/ }).locator('canvas')).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, '1366-all');

  // Filter by 销售部: the board is asked again with the department, and shows 张销售's 3 leads.
  const answer = page.waitForResponse(
    (r) =>
      r.url().includes('/api/szjk/data-board/get') &&
      (r.request().postData() ?? '').includes('deptIds'),
  );
  await page.getByLabel('部门').click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '销售部' }).click();
  await page.keyboard.press('Escape');
  expect((await (await answer).json()).code).toBe(200);
  await expect(stat('新增线索')).toHaveText('3');
  await expect(stat('赢单')).toHaveText('1');
  await expect(stat('赢单金额')).toHaveText('88,000.00 元');

  // 按来源 as a table: the same figures, readable without the chart.
  const sources = page.locator('section.db-card', { hasText: '按来源' });
  await sources.getByText('表格', { exact: true }).click();
  const rows = sources.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('企业搜索');
  await expect(rows.first()).toContainText('2');
  await expect(sources).not.toContainText('AI 助手');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, '1366-sales');

  // Export: 数据看板.xlsx with the filter and the same numbers.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出 Excel/ }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('数据看板.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  expect(wb.getWorksheet('筛选条件')!.getRow(3).getCell(2).value).toBe('销售部');
  expect(wb.getWorksheet('转化漏斗')!.getRow(2).getCell(2).value).toBe(3);
  expect(wb.getWorksheet('转化漏斗')!.getRow(5).getCell(2).value).toBe(1);
  const pipeline = wb.getWorksheet('商机阶段')!;
  const quoted = pipeline
    .getRows(2, pipeline.rowCount - 1)!
    .find((r) => r.getCell(1).value === '方案报价')!;
  expect([quoted.getCell(3).value, quoted.getCell(4).value]).toEqual([1, 120_000]);
  const bySource = wb.getWorksheet('按来源')!;
  expect([bySource.getRow(2).getCell(1).value, bySource.getRow(2).getCell(2).value]).toEqual([
    '企业搜索',
    2,
  ]);

  // A phone: one column, filters wrap, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(stat('新增线索')).toHaveText('3');
  // The charts redraw at the new width on their resize observer, a frame or more later.
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
  await shot(page, '390-sales');
});
